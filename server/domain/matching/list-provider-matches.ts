// The provider's feed: matches newest first, each a teaser until the provider unlocked it, then the full
// request with the seeker's contact, plus the provider's offer and deal on it.
import { AppError } from '../../../core/errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { toGoints } from '../../../core/money/money.ts';
import { cardTexts, teaserOf, toDetails, type RequestRow, type TeaserFields } from '../requests/request-views.ts';
import { getSettings } from '../settings/settings.ts';
import { contactHidden } from '../privacy/contact-retention.ts';
import { PREPARED } from '../../db/prepared.ts';
import type { MatchCard, ProviderFeed } from '../../../core/api/provider.ts';
import type { MatchStatus } from '../../../core/statuses.ts';
export type { MatchCard, ProviderFeed } from '../../../core/api/provider.ts';

export const FEED_STATUSES = ['offen', 'freigeschaltet', 'angebot'] as const satisfies readonly MatchStatus[];

/** What 'nur dringende' means: the two urgent steps of the intake's scale. */
export const URGENT = ['sehr_dringend', 'dringend'] as const;

/** Narrows the feed: one category, only urgent requests. */
export interface MatchFilter {
  category?: CategoryId;
  urgentOnly?: boolean;
}

/** Cards per page when the caller does not say (the dashboard's page). */
export const FEED_PAGE = 20;

interface FeedRow {
  // the balance (one row even when the page is empty: then the match columns are null)
  paid: bigint;
  promo: bigint;
  /** Whether the provider has a profile (the feed's door refuses without one, in the same round trip). */
  hasProfile: boolean;
  id: string | null;
  status: string;
  distanceKm: number;
  createdAt: Date;
  requestId: string;
  // the card, as the match carries it (decision 077)
  kategorie: string;
  teaser: string | null;
  placeMasked: string | null;
  postcodeMasked: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  wantedBy: Date | null;
  requestStatus: string;
  unlockCount: number;
  maxUnlocks: number;
  unlockPrice: number;
  postedAt: Date;
  // a card whose texts are not written yet: the request's texts, shaped here
  t_beschreibung: string | null;
  t_ort: string | null;
  t_postcode: string | null;
  // an unlocked card: the request, the seeker, the provider's offer and its deal
  u_id: string | null;
  r_userId: string | null;
  r_beschreibung: string;
  r_postcode: string | null;
  r_ort: string | null;
  r_firstName: string | null;
  r_closedAt: Date | null;
  r_releasedAt: Date | null;
  r_createdAt: Date;
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
}

/** The keyset cursor: the last card's position in the feed index's order, opaque to callers. */
export function encodeFeedCursor(createdAt: Date, id: string): string {
  return `${createdAt.getTime()}_${id}`;
}

export const FEED_CURSOR = /^(\d{1,15})_([0-9A-Za-z-]{1,64})$/;

function decodeFeedCursor(cursor: string | null | undefined): { at: Date; id: string } | null {
  const m = cursor ? FEED_CURSOR.exec(cursor) : null;
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

/**
 * The feed's one statement (see listProviderMatches), on its own so the benchmark can send exactly this
 * statement through `pg` as the database's own figure for a feed page (scripts/bench-marketplace.ts).
 *
 * One index range of Match(providerId, createdAt DESC, id DESC), decision 017, from the cursor on, returning
 * the cards as the matches carry them (decision 077): a locked card joins nothing. Only an unlocked card
 * reads its request, the seeker, the provider's offer and its deal (the subquery runs only for a card that is
 * not 'offen'), and only a card whose texts are not written yet reads the request's texts. The balance and whether
 * the provider has a profile come
 * with it (a CTE, so an empty page still carries it).
 */
export function feedStatement(
  providerId: string,
  opts: { limit: number; lang?: Lang; cursor?: string | null; matchId?: string; filter?: MatchFilter },
): Prisma.Sql {
  const after = decodeFeedCursor(opts.cursor);
  const which = opts.matchId ? Prisma.sql`m."id" = ${opts.matchId}` : Prisma.sql`m."status" = ANY(${[...FEED_STATUSES]}::text[])`;
  const category = opts.filter?.category ? Prisma.sql`AND m."kategorie" = ${opts.filter.category}` : Prisma.empty;
  const urgent = opts.filter?.urgentOnly ? Prisma.sql`AND m."dringlichkeit" = ANY(${[...URGENT]}::text[])` : Prisma.empty;
  // A cursor that is not one of ours ends the feed (an empty page) rather than starting it again.
  const from = after ? Prisma.sql`AND (m."createdAt", m."id") < (${after.at}, ${after.id})` : opts.cursor ? Prisma.sql`AND false` : Prisma.empty;
  const teaser = opts.lang === 'en' ? Prisma.raw('m."teaserEn"') : Prisma.raw('m."teaserDe"');
  return Prisma.sql`${Prisma.raw(PREPARED)}
    WITH balance AS (
      SELECT COALESCE(SUM(a."balance") FILTER (WHERE a."kind" = 'wallet'), 0)::bigint AS paid,
             COALESCE(SUM(a."balance") FILTER (WHERE a."kind" = 'wallet_promo'), 0)::bigint AS promo,
             EXISTS (SELECT 1 FROM "ProviderProfile" pp WHERE pp."userId" = ${providerId}) AS "hasProfile"
      FROM "LedgerAccount" a WHERE a."ownerId" = ${providerId} AND a."kind" IN ('wallet', 'wallet_promo')
    ), page AS (
      SELECT m."id", m."status", m."distanceKm", m."createdAt", m."requestId", m."kategorie", ${teaser} AS "teaser",
        m."placeMasked", m."postcodeMasked", m."budgetMin", m."budgetMax", m."dringlichkeit", m."wantedBy", m."requestStatus",
        m."unlockCount", m."maxUnlocks", m."unlockPrice", m."postedAt"
      FROM "Match" m
      WHERE m."providerId" = ${providerId} AND ${which} ${category} ${urgent} ${from}
      ORDER BY m."createdAt" DESC, m."id" DESC
      LIMIT ${opts.limit + 1}
    )
    SELECT b.paid, b.promo, b."hasProfile", p.*, t.*, x.*
    FROM balance b
    LEFT JOIN page p ON true
    LEFT JOIN LATERAL (
      SELECT r."beschreibung" AS "t_beschreibung", r."ort" AS "t_ort", r."postcode" AS "t_postcode"
      FROM "Request" r WHERE p."teaser" IS NULL AND r."id" = p."requestId" LIMIT 1
    ) t ON true
    LEFT JOIN LATERAL (
      SELECT u."id" AS "u_id", r."userId" AS "r_userId", r."beschreibung" AS "r_beschreibung", r."postcode" AS "r_postcode",
        r."ort" AS "r_ort", r."firstName" AS "r_firstName", r."closedAt" AS "r_closedAt", r."releasedAt" AS "r_releasedAt",
        r."createdAt" AS "r_createdAt",
        o."id" AS "o_id", o."status" AS "o_status", o."priceCents" AS "o_priceCents", o."beschreibung" AS "o_beschreibung",
        o."verfuegbarkeit" AS "o_verfuegbarkeit", o."createdAt" AS "o_createdAt",
        d."id" AS "d_id", d."status" AS "d_status",
        s."id" AS "s_id", s."name" AS "s_name", s."email" AS "s_email", s."deletedAt" AS "s_deletedAt"
      FROM "Unlock" u
      JOIN "Request" r ON r."id" = u."requestId"
      LEFT JOIN "Offer" o ON o."requestId" = u."requestId" AND o."providerId" = u."providerId"
      LEFT JOIN "Deal" d ON d."offerId" = o."id"
      LEFT JOIN "user" s ON s."id" = r."userId"
      WHERE p."status" <> 'offen' AND u."requestId" = p."requestId" AND u."providerId" = ${providerId}
      LIMIT 1
    ) x ON true
    ORDER BY p."createdAt" DESC, p."id" DESC`;
}

/**
 * The provider's page of the feed in one statement (decisions 043 and 077): the balance and up to `limit`
 * cards (FEED_PAGE by default) from the keyset cursor on. A locked card is assembled from what its match
 * carries (teaserOf); an unlocked card from its request (toDetails), as before.
 */
export async function listProviderMatches(
  prisma: Db,
  providerId: string,
  lang: Lang,
  opts: {
    limit?: number;
    cursor?: string | null;
    matchId?: string;
    filter?: MatchFilter;
    /** PROVIDER_PROFILE_REQUIRED without a profile, read in the feed's own statement (no round trip of its own). */
    requireProfile?: boolean;
  } = {},
): Promise<ProviderFeed> {
  const limit = Math.min(Math.max(opts.limit ?? FEED_PAGE, 1), 100);
  const rows = await prisma.$queryRaw<FeedRow[]>(feedStatement(providerId, { ...opts, lang, limit }));
  if (opts.requireProfile && !rows[0]?.hasProfile) throw new AppError('PROVIDER_PROFILE_REQUIRED');
  const paid = BigInt(rows[0]?.paid ?? 0n);
  const promo = BigInt(rows[0]?.promo ?? 0n);
  const found = rows.filter((m) => m.id !== null);
  const page = found.slice(0, limit);
  // Contact retention (decision 046): read only when the page shows an unlocked request.
  const retentionDays = page.some((m) => m.u_id) ? (await getSettings(prisma))['marketplace.contactRetentionDays'] : 0;
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
    if (m.u_id) {
      const request: RequestRow & { userId: string | null; closedAt: Date | null } = {
        id: m.requestId,
        userId: m.r_userId,
        kategorie: m.kategorie,
        beschreibung: m.r_beschreibung,
        beschreibungOeffentlich: '',
        postcode: m.r_postcode,
        ort: m.r_ort,
        budgetMin: m.budgetMin,
        budgetMax: m.budgetMax,
        dringlichkeit: m.dringlichkeit,
        date: m.wantedBy,
        status: m.requestStatus,
        maxUnlocks: m.maxUnlocks,
        unlockCount: m.unlockCount,
        firstName: m.r_firstName,
        releasedAt: m.r_releasedAt,
        closedAt: m.r_closedAt,
        createdAt: m.r_createdAt,
      };
      const seeker = m.s_id ? { id: m.s_id, name: m.s_name, email: m.s_email } : null;
      const hidden = contactHidden(request, retentionDays, now) || m.s_deletedAt !== null;
      // The card's texts as the match carries them (decision 077): the redaction does not run again on a view.
      const texts = m.teaser !== null ? { preview: m.teaser, placeMasked: m.placeMasked, postcodeMasked: m.postcodeMasked } : undefined;
      return {
        ...base,
        unlocked: true as const,
        request: toDetails(request, seeker, lang, m.unlockPrice, { contactHidden: hidden, ...(texts ? { texts } : {}) }),
      };
    }
    const texts =
      m.teaser !== null
        ? { preview: m.teaser, placeMasked: m.placeMasked, postcodeMasked: m.postcodeMasked }
        : cardTexts({ beschreibung: m.t_beschreibung ?? '', ort: m.t_ort, postcode: m.t_postcode }, lang);
    const fields: TeaserFields = {
      ...texts,
      kategorie: m.kategorie,
      budgetMin: m.budgetMin,
      budgetMax: m.budgetMax,
      dringlichkeit: m.dringlichkeit,
      date: m.wantedBy,
      status: m.requestStatus,
      unlockCount: m.unlockCount,
      maxUnlocks: m.maxUnlocks,
      postedAt: m.postedAt,
    };
    return { ...base, unlocked: false as const, request: teaserOf(m.requestId, fields, lang, m.unlockPrice) };
  });
  const last = page.at(-1);
  return {
    matches,
    balance: toGoints(paid + promo),
    promoBalance: toGoints(promo),
    nextCursor: found.length > limit && last ? encodeFeedCursor(last.createdAt, last.id!) : null,
  };
}

/** 'Kein Interesse': hides a match for free. */
/** 'Kein Interesse' hides a match the provider has neither unlocked nor answered: the rule of dismissMatch. */
export function isDismissable(m: { status: string; unlocked: boolean }): boolean {
  return !m.unlocked && m.status === 'offen';
}

export async function dismissMatch(prisma: Db, providerId: string, matchId: string): Promise<void> {
  const m = await prisma.match.findFirst({ where: { id: matchId, providerId }, select: { status: true } });
  if (!m) throw new AppError('NOT_FOUND');
  if (m.status === 'offen') await prisma.match.updateMany({ where: { id: matchId, providerId, status: 'offen' }, data: { status: 'kein_interesse' } });
}
