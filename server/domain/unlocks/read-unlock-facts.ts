// What the unlock's check reads (unlock-rules.ts), for the quote and for the unlock itself, in one statement
// without locks; and the unlock's guard (decision 065): the same facts compared again inside the booking's
// statement, under the locks settlement, refunds, accept and cancel take in the same order (decision 019): the
// request's row first, then the provider's two wallets in id order.
import { Prisma } from '../../generated/prisma/client.ts';
import type { SqlTx } from '../../db.ts';
import { resolvePrice } from '../prices/price-list.ts';
import type { UnlockFacts, UnlockableRequest } from './unlock-rules.ts';

interface RequestRow extends UnlockableRequest {
  kategorie: string;
  entryId: string | null;
  basePriceCents: number | null;
  commissionRateBp: number | null;
}

interface ProviderRow {
  matched: boolean;
  unlocked: boolean;
  paid: bigint;
  promo: bigint;
}

function factsOf(requestId: string, providerId: string, request: RequestRow | undefined, provider: ProviderRow | undefined): UnlockFacts {
  const entries =
    request?.entryId != null
      ? [
          {
            id: request.entryId,
            industryCategory: request.kategorie,
            serviceType: '',
            basePriceCents: request.basePriceCents!,
            commissionRateBp: request.commissionRateBp!,
          },
        ]
      : [];
  return {
    requestId,
    providerId,
    matched: provider?.matched ?? false,
    alreadyUnlocked: provider?.unlocked ?? false,
    request: request
      ? {
          status: request.status,
          userId: request.userId,
          acceptedOfferId: request.acceptedOfferId,
          unlockCount: request.unlockCount,
          maxUnlocks: request.maxUnlocks,
        }
      : null,
    price: resolvePrice(entries, request?.kategorie ?? ''),
    wallets: { paid: BigInt(provider?.paid ?? 0n), promo: BigInt(provider?.promo ?? 0n) },
  };
}

/** What was read, as the guard compares it: the facts and the raw request and price entry row. */
export interface UnlockReading {
  facts: UnlockFacts;
  request: RequestRow | undefined;
  /** The request's escrow accounts that exist (kinds), so the unlock creates a missing one before it books. */
  escrows: string[];
}

/** The facts as they are now, without locks (the quote, and the unlock's first step). */
export async function readUnlockFacts(db: SqlTx, providerId: string, requestId: string): Promise<UnlockFacts> {
  return (await readUnlock(db, providerId, requestId)).facts;
}

export async function readUnlock(db: SqlTx, providerId: string, requestId: string): Promise<UnlockReading> {
  const [row] = await db.$queryRaw<(RequestRow & ProviderRow & { found: boolean; escrows: string[] | null })[]>`
    SELECT r."id" IS NOT NULL AS "found", r."userId", r."status", r."acceptedOfferId", r."unlockCount", r."maxUnlocks", r."kategorie",
      e."id" AS "entryId", e."basePriceCents", e."commissionRateBp",
      EXISTS (SELECT 1 FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId}) AS "matched",
      EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = ${requestId} AND u."providerId" = ${providerId}) AS "unlocked",
      COALESCE((SELECT a."balance" FROM "LedgerAccount" a WHERE a."kind" = 'wallet' AND a."ownerId" = ${providerId}), 0)::bigint AS "paid",
      COALESCE((SELECT a."balance" FROM "LedgerAccount" a WHERE a."kind" = 'wallet_promo' AND a."ownerId" = ${providerId}), 0)::bigint AS "promo",
      (SELECT array_agg(a."kind") FROM "LedgerAccount" a WHERE a."kind" IN ('escrow', 'escrow_promo') AND a."ownerId" = ${requestId}) AS "escrows"
    FROM (SELECT 1) AS one
    LEFT JOIN "Request" r ON r."id" = ${requestId}
    LEFT JOIN "PriceListEntry" e ON e."industryCategory" = r."kategorie" AND e."serviceType" = ''`;
  const request = row?.found ? row : undefined;
  return { facts: factsOf(requestId, providerId, request, row), request, escrows: row?.escrows ?? [] };
}

/**
 * The unlock's guard: the booking goes ahead only if, under the request's row lock and then the provider's
 * wallets' locks (id order), what the unlock read still holds: the request's row as read (status, owner,
 * accepted offer, unlock count and maximum), its category's price entry as read (or still none), the match,
 * and both wallets' balances. A compare-and-set of the reading, not the rules: they were asked of the reading
 * (checkUnlock), and anything that changed since makes the unlock read and ask again.
 */
export function unlockGuard(reading: UnlockReading): Prisma.Sql {
  const { facts, request: r } = reading;
  if (!r) throw new Error('no guard for a request that was not found');
  const { requestId, providerId } = facts;
  return Prisma.sql`req AS MATERIALIZED (
      SELECT r."id" FROM "Request" r
      LEFT JOIN "PriceListEntry" e ON e."industryCategory" = r."kategorie" AND e."serviceType" = ''
      WHERE r."id" = ${requestId} AND r."status" = ${r.status} AND r."userId" IS NOT DISTINCT FROM ${r.userId}::text
        AND r."acceptedOfferId" IS NOT DISTINCT FROM ${r.acceptedOfferId}::text
        AND r."unlockCount" = ${r.unlockCount}::int AND r."maxUnlocks" = ${r.maxUnlocks}::int AND r."kategorie" = ${r.kategorie}
        AND e."id" IS NOT DISTINCT FROM ${r.entryId}::text AND e."basePriceCents" IS NOT DISTINCT FROM ${r.basePriceCents}::int
        AND e."commissionRateBp" IS NOT DISTINCT FROM ${r.commissionRateBp}::int
      FOR UPDATE OF r
    ), wallets AS MATERIALIZED (
      SELECT a."kind", a."balance" FROM "LedgerAccount" a
      WHERE a."ownerId" = ${providerId} AND a."kind" IN ('wallet', 'wallet_promo') AND EXISTS (SELECT 1 FROM req)
      ORDER BY a."id" FOR UPDATE
    ), guard AS MATERIALIZED (
      SELECT 1 FROM req
      WHERE COALESCE((SELECT sum(w."balance") FROM wallets w WHERE w."kind" = 'wallet'), 0) = ${facts.wallets.paid}::bigint
        AND COALESCE((SELECT sum(w."balance") FROM wallets w WHERE w."kind" = 'wallet_promo'), 0) = ${facts.wallets.promo}::bigint
        AND EXISTS (SELECT 1 FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId})
    )`;
}
