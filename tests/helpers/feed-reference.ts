// The provider's feed as it was made before decision 077: one statement joining every card's request, the
// provider's unlock, offer and deal, the seeker and the category's price from the live tables, each card
// shaped from its request. Tests compare the feed of stored cards against it after every kind of change.
import { Prisma } from '../../server/generated/prisma/client.ts';
import type { Db } from '../../server/db.ts';
import type { Lang } from '../../server/i18n.ts';
import { toGoints } from '../../core/money/money.ts';
import { resolvePrice } from '../../server/domain/prices/price-list.ts';
import { toDetails, toTeaser, type RequestRow } from '../../server/domain/requests/request-views.ts';
import { getSettings } from '../../server/domain/settings/settings.ts';
import { contactHidden } from '../../server/domain/privacy/contact-retention.ts';
import { FEED_STATUSES, URGENT, type MatchCard, type MatchFilter, type ProviderFeed } from '../../server/domain/matching/list-provider-matches.ts';

interface FeedRow {
  // the balance (one row even when the page is empty: then the match columns are null)
  paid: bigint;
  promo: bigint;
  id: string | null;
  status: string;
  distanceKm: number;
  createdAt: Date;
  requestId: string;
  r_userId: string | null;
  r_kategorie: string;
  r_beschreibung: string;
  r_beschreibungOeffentlich: string;
  r_postcode: string | null;
  r_ort: string | null;
  r_budgetMin: number | null;
  r_budgetMax: number | null;
  r_dringlichkeit: string;
  r_date: Date | null;
  r_status: string;
  r_maxUnlocks: number;
  r_unlockCount: number;
  r_firstName: string | null;
  r_releasedAt: Date | null;
  r_closedAt: Date | null;
  r_createdAt: Date;
  unlocked: boolean;
  o_id: string | null;
  o_status: string;
  o_priceCents: number;
  o_beschreibung: string;
  o_verfuegbarkeit: string;
  o_createdAt: Date;
  d_id: string | null;
  d_status: string;
  s_id: string | null;
  s_name: string;
  s_email: string;
  s_deletedAt: Date | null;
  p_id: string | null;
  p_basePriceCents: number;
  p_commissionRateBp: number;
}

/** The feed statement before decision 077: every card joined from the live tables. */
function liveFeedStatement(providerId: string, opts: { limit: number; cursor?: string | null; matchId?: string; filter?: MatchFilter }): Prisma.Sql {
  const limit = opts.limit;
  const matchId = opts.matchId ?? null;
  const cursor = opts.cursor ?? null;
  const category = opts.filter?.category ?? null;
  const urgentOnly = opts.filter?.urgentOnly === true;
  return Prisma.sql`
    WITH balance AS (
      SELECT COALESCE(SUM(a."balance") FILTER (WHERE a."kind" = 'wallet'), 0)::bigint AS paid,
             COALESCE(SUM(a."balance") FILTER (WHERE a."kind" = 'wallet_promo'), 0)::bigint AS promo
      FROM "LedgerAccount" a WHERE a."ownerId" = ${providerId} AND a."kind" IN ('wallet', 'wallet_promo')
    ), page AS (
      SELECT m."id", m."status", m."distanceKm", m."createdAt", m."requestId" FROM "Match" m
      WHERE m."providerId" = ${providerId}
        AND (CASE WHEN ${matchId}::text IS NULL THEN m."status" = ANY(${[...FEED_STATUSES]}::text[]) ELSE m."id" = ${matchId}::text END)
        AND ((${category}::text IS NULL AND NOT ${urgentOnly}::boolean) OR EXISTS (
          SELECT 1 FROM "Request" fr WHERE fr."id" = m."requestId"
            AND (${category}::text IS NULL OR fr."kategorie" = ${category}::text)
            AND (NOT ${urgentOnly}::boolean OR fr."dringlichkeit" = ANY(${[...URGENT]}::text[]))))
        AND (${cursor}::text IS NULL OR (m."createdAt", m."id") < (SELECT c."createdAt", c."id" FROM "Match" c WHERE c."id" = ${cursor}::text))
      ORDER BY m."createdAt" DESC, m."id" DESC
      LIMIT ${limit + 1}
    )
    SELECT b.paid, b.promo, p."id", p."status", p."distanceKm", p."createdAt", p."requestId",
      r."userId" AS "r_userId", r."kategorie" AS "r_kategorie", r."beschreibung" AS "r_beschreibung",
      r."beschreibungOeffentlich" AS "r_beschreibungOeffentlich", r."postcode" AS "r_postcode", r."ort" AS "r_ort",
      r."budgetMin" AS "r_budgetMin", r."budgetMax" AS "r_budgetMax", r."dringlichkeit" AS "r_dringlichkeit", r."date" AS "r_date",
      r."status" AS "r_status", r."maxUnlocks" AS "r_maxUnlocks", r."unlockCount" AS "r_unlockCount", r."firstName" AS "r_firstName",
      r."releasedAt" AS "r_releasedAt", r."closedAt" AS "r_closedAt", r."createdAt" AS "r_createdAt",
      (u."id" IS NOT NULL) AS "unlocked",
      o."id" AS "o_id", o."status" AS "o_status", o."priceCents" AS "o_priceCents", o."beschreibung" AS "o_beschreibung",
      o."verfuegbarkeit" AS "o_verfuegbarkeit", o."createdAt" AS "o_createdAt",
      d."id" AS "d_id", d."status" AS "d_status",
      s."id" AS "s_id", s."name" AS "s_name", s."email" AS "s_email", s."deletedAt" AS "s_deletedAt",
      e."id" AS "p_id", e."basePriceCents" AS "p_basePriceCents", e."commissionRateBp" AS "p_commissionRateBp"
    FROM balance b
    LEFT JOIN page p ON true
    LEFT JOIN "Request" r ON r."id" = p."requestId"
    LEFT JOIN "Unlock" u ON u."requestId" = p."requestId" AND u."providerId" = ${providerId}
    LEFT JOIN "Offer" o ON o."requestId" = p."requestId" AND o."providerId" = ${providerId}
    LEFT JOIN "Deal" d ON d."offerId" = o."id"
    LEFT JOIN "user" s ON s."id" = r."userId" AND u."id" IS NOT NULL
    LEFT JOIN "PriceListEntry" e ON e."industryCategory" = r."kategorie" AND e."serviceType" = ''
    ORDER BY p."createdAt" DESC, p."id" DESC`;
}

/** The feed as the live tables make it, cards shaped by request-views.ts from each request. */
export async function referenceFeed(
  prisma: Db,
  providerId: string,
  lang: Lang,
  opts: { limit?: number; cursor?: string | null; matchId?: string; filter?: MatchFilter } = {},
): Promise<ProviderFeed> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 100);
  const rows = await prisma.$queryRaw<FeedRow[]>(liveFeedStatement(providerId, { ...opts, limit }));
  const paid = BigInt(rows[0]?.paid ?? 0n);
  const promo = BigInt(rows[0]?.promo ?? 0n);
  const found = rows.filter((m) => m.id !== null);
  const page = found.slice(0, limit);
  // Contact retention (decision 046): read only when the page shows an unlocked request.
  const retentionDays = page.some((m) => m.unlocked) ? (await getSettings(prisma))['marketplace.contactRetentionDays'] : 0;
  const now = new Date();
  const matches: MatchCard[] = page.map((m) => {
    const base = {
      id: m.id!,
      status: m.status,
      distanceKm: m.distanceKm,
      createdAt: m.createdAt.toISOString(),
      offer: m.o_id
        ? {
            id: m.o_id,
            status: m.o_status,
            priceCents: m.o_priceCents,
            beschreibung: m.o_beschreibung,
            verfuegbarkeit: m.o_verfuegbarkeit,
            createdAt: m.o_createdAt.toISOString(),
          }
        : null,
      deal: m.d_id ? { id: m.d_id, status: m.d_status } : null,
    };
    const request: RequestRow & { userId: string | null; closedAt: Date | null } = {
      id: m.requestId,
      userId: m.r_userId,
      kategorie: m.r_kategorie,
      beschreibung: m.r_beschreibung,
      beschreibungOeffentlich: m.r_beschreibungOeffentlich,
      postcode: m.r_postcode,
      ort: m.r_ort,
      budgetMin: m.r_budgetMin,
      budgetMax: m.r_budgetMax,
      dringlichkeit: m.r_dringlichkeit,
      date: m.r_date,
      status: m.r_status,
      maxUnlocks: m.r_maxUnlocks,
      unlockCount: m.r_unlockCount,
      firstName: m.r_firstName,
      releasedAt: m.r_releasedAt,
      closedAt: m.r_closedAt,
      createdAt: m.r_createdAt,
    };
    const price = resolvePrice(
      m.p_id
        ? [{ id: m.p_id, industryCategory: m.r_kategorie, serviceType: '', basePriceCents: m.p_basePriceCents, commissionRateBp: m.p_commissionRateBp }]
        : [],
      m.r_kategorie,
    ).goints;
    if (m.unlocked) {
      const seeker = m.s_id ? { id: m.s_id, name: m.s_name, email: m.s_email } : null;
      const hidden = contactHidden(request, retentionDays, now) || m.s_deletedAt !== null;
      return { ...base, unlocked: true as const, request: toDetails(request, seeker, lang, price, { contactHidden: hidden }) };
    }
    return { ...base, unlocked: false as const, request: toTeaser(request, lang, price) };
  });
  return { matches, balance: toGoints(paid + promo), promoBalance: toGoints(promo), nextCursor: found.length > limit ? page.at(-1)!.id! : null };
}
