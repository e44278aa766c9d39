// The ranking by country: only partners who opted in, counted per country of their profile, with the
// commissions they earned (not reversed or voided). No names, no e-mail: countries and counts only, and the
// caller's own position (a pseudonym 'Partner #n') when they take part.
import type { Db } from '../../db.ts';
import { moneyView } from '../../../core/money/money-view.ts';
import type { CountryRanking } from '../../../core/api/affiliate.ts';
export type { CountryRanking } from '../../../core/api/affiliate.ts';

const COUNTED = ['pending', 'held', 'available'];
const TOP = 10;

export async function getCountryRanking(prisma: Db, userId: string): Promise<CountryRanking> {
  const [me, opted] = await Promise.all([
    prisma.partnerProfile.findUnique({ where: { userId }, select: { rankingOptIn: true, country: true } }),
    prisma.partnerProfile.findMany({ where: { rankingOptIn: true }, select: { userId: true, country: true } }),
  ]);
  const sums = opted.length
    ? await prisma.commission.groupBy({
        by: ['partnerId'],
        where: { partnerId: { in: opted.map((o) => o.userId) }, status: { in: COUNTED } },
        _sum: { amount: true },
      })
    : [];
  const earned = new Map(sums.map((s) => [s.partnerId, s._sum.amount ?? 0n]));
  const byCountry = new Map<string, { partners: number; amount: bigint }>();
  for (const o of opted) {
    const c = byCountry.get(o.country) ?? { partners: 0, amount: 0n };
    c.partners += 1;
    c.amount += earned.get(o.userId) ?? 0n;
    byCountry.set(o.country, c);
  }
  const countries = [...byCountry.entries()]
    .sort((a, b) => (b[1].amount === a[1].amount ? b[1].partners - a[1].partners || a[0].localeCompare(b[0]) : b[1].amount > a[1].amount ? 1 : -1))
    .map(([country, c]) => ({ country, partners: c.partners, earnings: moneyView(c.amount) }));
  const ranked = opted
    .map((o) => ({ ...o, amount: earned.get(o.userId) ?? 0n }))
    .sort((a, b) => (b.amount === a.amount ? a.userId.localeCompare(b.userId) : b.amount > a.amount ? 1 : -1));
  const partners = ranked
    .map((o, i) => ({ rank: i + 1, pseudonym: `Partner #${i + 1}`, country: o.country, earnings: moneyView(o.amount), you: o.userId === userId }))
    .filter((p) => p.rank <= TOP || p.you);
  return { optedIn: me?.rankingOptIn ?? false, country: me?.country ?? null, countries, partners };
}
