// A partner's network per level 1-10: how many people, how many of them brought revenue (active), and the
// partner's commissions per level. Only counts for deeper levels; level 1 (people the partner invited
// personally) also lists first names, never e-mail addresses or other personal data.
import type { Db } from '../../db.ts';
import { MAX_LEVELS } from './get-upline.ts';
import { moneyView } from '../../../core/money/money-view.ts';
import type { PartnerNetwork } from '../../../core/api/affiliate.ts';
export type { PartnerNetwork } from '../../../core/api/affiliate.ts';

export async function getPartnerNetwork(prisma: Db, partnerId: string): Promise<PartnerNetwork> {
  const rows = await prisma.$queryRaw<{ level: number; people: bigint; active: bigint }[]>`
    WITH RECURSIVE down(id, level) AS (
      SELECT id, 1 FROM "user" WHERE "referredById" = ${partnerId}
      UNION ALL
      SELECT u.id, down.level + 1 FROM down JOIN "user" u ON u."referredById" = down.id WHERE down.level < ${MAX_LEVELS}
    )
    SELECT down.level::int AS level, COUNT(*) AS people,
      COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "ReferralEvent" e WHERE e.kind = 'first_revenue' AND e."userId" = down.id)) AS active
    FROM down GROUP BY down.level`;
  const earned = await prisma.commission.groupBy({
    by: ['level'],
    where: { partnerId, status: { in: ['pending', 'held', 'available'] } },
    _sum: { amount: true },
  });
  const direct = await prisma.user.findMany({
    where: { referredById: partnerId },
    orderBy: { createdAt: 'desc' },
    take: 200,
    select: { id: true, name: true, createdAt: true },
  });
  const activeDirect = new Set(
    (await prisma.referralEvent.findMany({ where: { kind: 'first_revenue', userId: { in: direct.map((d) => d.id) } }, select: { userId: true } })).map(
      (e) => e.userId,
    ),
  );
  const levels = Array.from({ length: MAX_LEVELS }, (_, i) => {
    const r = rows.find((x) => Number(x.level) === i + 1);
    return {
      level: i + 1,
      people: Number(r?.people ?? 0),
      active: Number(r?.active ?? 0),
      earnings: moneyView(earned.find((e) => e.level === i + 1)?._sum.amount ?? 0n),
    };
  });
  return {
    size: levels.reduce((a, l) => a + l.people, 0),
    active: levels.reduce((a, l) => a + l.active, 0),
    levels,
    direct: direct.map((d) => ({ firstName: d.name.trim().split(/\s+/)[0] ?? '', joinedAt: d.createdAt.toISOString(), active: activeDirect.has(d.id) })),
  };
}
