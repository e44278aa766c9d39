// The provider's feed: matches newest first, each a teaser until the provider unlocked it, then the full
// request with the seeker's contact, plus the provider's offer and deal on it.
import { AppError } from '../../errors.ts';
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import type { CategoryId } from '../../ai/nlu/categories.ts';
import { getGointsBalance } from '../ledger/get-balance.ts';
import { toGoints } from '../ledger/money.ts';
import { getUnlockPrices } from '../prices/get-unlock-price.ts';
import { toDetails, toTeaser, type RequestDetails, type RequestTeaser } from '../requests/request-views.ts';

export const FEED_STATUSES = ['offen', 'freigeschaltet', 'angebot'] as const;

/** What 'nur dringende' means: the two urgent steps of the intake's scale. */
export const URGENT = ['sehr_dringend', 'dringend'] as const;

/** Narrows the feed: one category, only urgent requests. */
export interface MatchFilter {
  category?: CategoryId;
  urgentOnly?: boolean;
}

export type MatchCard = {
  id: string;
  status: string;
  distanceKm: number;
  createdAt: string;
  offer: { id: string; status: string; priceCents: number; beschreibung: string; verfuegbarkeit: string; createdAt: string } | null;
  deal: { id: string; status: string } | null;
} & ({ unlocked: false; request: RequestTeaser } | { unlocked: true; request: RequestDetails });

export interface ProviderFeed {
  matches: MatchCard[];
  /** Goints to spend, paid and promotional together. */
  balance: number;
  /** The promotional part (welcome bonus, test checkout, goodwill): spent first, never anyone's cash. */
  promoBalance: number;
  nextCursor: string | null;
}

const REQUEST_FIELDS = {
  id: true,
  userId: true,
  kategorie: true,
  beschreibung: true,
  beschreibungOeffentlich: true,
  postcode: true,
  ort: true,
  budgetMin: true,
  budgetMax: true,
  dringlichkeit: true,
  date: true,
  status: true,
  maxUnlocks: true,
  unlockCount: true,
  firstName: true,
  releasedAt: true,
  createdAt: true,
} as const;

export async function listProviderMatches(
  prisma: Db,
  providerId: string,
  lang: Lang,
  opts: { limit?: number; cursor?: string | null; matchId?: string; filter?: MatchFilter } = {},
): Promise<ProviderFeed> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 100);
  // The balance does not depend on the page: read it alongside. Queries whose answer is known to be empty
  // (deals without offers, seekers without unlocked cards) are not sent.
  const [rows, balance] = await Promise.all([
    prisma.match.findMany({
      where: {
        providerId,
        ...(opts.matchId ? { id: opts.matchId } : { status: { in: [...FEED_STATUSES] } }),
        ...(opts.filter?.category || opts.filter?.urgentOnly
          ? {
              request: {
                ...(opts.filter.category ? { kategorie: opts.filter.category } : {}),
                ...(opts.filter.urgentOnly ? { dringlichkeit: { in: [...URGENT] } } : {}),
              },
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      ...(opts.cursor ? { cursor: { id: opts.cursor }, skip: 1 } : {}),
      select: { id: true, status: true, distanceKm: true, createdAt: true, requestId: true, request: { select: REQUEST_FIELDS } },
    }),
    getGointsBalance(prisma, providerId),
  ]);
  const page = rows.slice(0, limit);
  const requestIds = page.map((m) => m.requestId);
  const [unlocks, offers] = requestIds.length
    ? await Promise.all([
        prisma.unlock.findMany({ where: { providerId, requestId: { in: requestIds } }, select: { requestId: true } }),
        prisma.offer.findMany({
          where: { providerId, requestId: { in: requestIds } },
          select: { id: true, requestId: true, status: true, priceCents: true, beschreibung: true, verfuegbarkeit: true, createdAt: true },
        }),
      ])
    : [[], []];
  const prices = await getUnlockPrices(
    prisma,
    page.map((m) => m.request.kategorie),
  );
  const deals = offers.length
    ? await prisma.deal.findMany({ where: { offerId: { in: offers.map((o) => o.id) } }, select: { id: true, status: true, offerId: true } })
    : [];
  const dealOf = new Map(deals.map((d) => [d.offerId, d]));
  const unlocked = new Set(unlocks.map((u) => u.requestId));
  const seekerIds = [...new Set(page.filter((m) => unlocked.has(m.requestId) && m.request.userId).map((m) => m.request.userId!))];
  const seekers = new Map(
    (seekerIds.length ? await prisma.user.findMany({ where: { id: { in: seekerIds } }, select: { id: true, name: true, email: true } }) : []).map((u) => [
      u.id,
      u,
    ]),
  );
  const offerOf = new Map(offers.map((o) => [o.requestId, o]));
  const matches: MatchCard[] = page.map((m) => {
    const o = offerOf.get(m.requestId);
    const deal = o ? dealOf.get(o.id) : undefined;
    const base = {
      id: m.id,
      status: m.status,
      distanceKm: m.distanceKm,
      createdAt: m.createdAt.toISOString(),
      offer: o
        ? {
            id: o.id,
            status: o.status,
            priceCents: o.priceCents,
            beschreibung: o.beschreibung,
            verfuegbarkeit: o.verfuegbarkeit,
            createdAt: o.createdAt.toISOString(),
          }
        : null,
      deal: deal ? { id: deal.id, status: deal.status } : null,
    };
    const price = prices.get(m.request.kategorie)?.goints;
    if (unlocked.has(m.requestId)) {
      const seeker = m.request.userId ? (seekers.get(m.request.userId) ?? null) : null;
      return { ...base, unlocked: true as const, request: toDetails(m.request, seeker, lang, price) };
    }
    return { ...base, unlocked: false as const, request: toTeaser(m.request, lang, price) };
  });
  return { matches, balance: toGoints(balance.total), promoBalance: toGoints(balance.promo), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}

/** 'Kein Interesse': hides a match for free. */
export async function dismissMatch(prisma: Db, providerId: string, matchId: string): Promise<void> {
  const m = await prisma.match.findFirst({ where: { id: matchId, providerId }, select: { status: true } });
  if (!m) throw new AppError('NOT_FOUND');
  if (m.status === 'offen') await prisma.match.updateMany({ where: { id: matchId, providerId, status: 'offen' }, data: { status: 'kein_interesse' } });
}
