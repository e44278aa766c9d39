// What the unlock's check reads (unlock-rules.ts), for the quote and for the unlock itself. The unlock reads
// it inside its transaction under locks, in the order settlement, refunds, accept and cancel take them
// (decision 019): the request's row first, then the provider's two wallets in id order. The quote reads the
// same without locks, in one statement.
import type { Db, DbTx, SqlTx } from '../../db.ts';
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

/** The facts as they are now, without locks (the quote). */
export async function readUnlockFacts(db: Db | DbTx, providerId: string, requestId: string): Promise<UnlockFacts> {
  const [row] = await db.$queryRaw<(RequestRow & ProviderRow & { found: boolean })[]>`
    SELECT r."id" IS NOT NULL AS "found", r."userId", r."status", r."acceptedOfferId", r."unlockCount", r."maxUnlocks", r."kategorie",
      e."id" AS "entryId", e."basePriceCents", e."commissionRateBp",
      EXISTS (SELECT 1 FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId}) AS "matched",
      EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = ${requestId} AND u."providerId" = ${providerId}) AS "unlocked",
      COALESCE((SELECT a."balance" FROM "LedgerAccount" a WHERE a."kind" = 'wallet' AND a."ownerId" = ${providerId}), 0)::bigint AS "paid",
      COALESCE((SELECT a."balance" FROM "LedgerAccount" a WHERE a."kind" = 'wallet_promo' AND a."ownerId" = ${providerId}), 0)::bigint AS "promo"
    FROM (SELECT 1) AS one
    LEFT JOIN "Request" r ON r."id" = ${requestId}
    LEFT JOIN "PriceListEntry" e ON e."industryCategory" = r."kategorie" AND e."serviceType" = ''`;
  return factsOf(requestId, providerId, row?.found ? row : undefined, row);
}

/**
 * The facts under the unlock's locks, inside its transaction: the request's row lock first (a settlement,
 * refund or accept of this request waits for the unlock, and the unlock sees what they committed), then in a
 * statement of its own (so it sees every unlock committed before the lock was granted) the match, an earlier
 * unlock, and the provider's two wallets locked in id order (a wallet that does not exist holds nothing and
 * is not created).
 */
export async function lockUnlockFacts(tx: SqlTx, providerId: string, requestId: string): Promise<UnlockFacts> {
  const [request] = await tx.$queryRaw<RequestRow[]>`
    SELECT r."userId", r."status", r."acceptedOfferId", r."unlockCount", r."maxUnlocks", r."kategorie",
      e."id" AS "entryId", e."basePriceCents", e."commissionRateBp"
    FROM "Request" r
    LEFT JOIN "PriceListEntry" e ON e."industryCategory" = r."kategorie" AND e."serviceType" = ''
    WHERE r."id" = ${requestId}
    FOR UPDATE OF r`;
  if (!request) return factsOf(requestId, providerId, undefined, undefined);
  const [provider] = await tx.$queryRaw<ProviderRow[]>`
    WITH wallets AS MATERIALIZED (
      SELECT a."kind", a."balance" FROM "LedgerAccount" a
      WHERE a."ownerId" = ${providerId} AND a."kind" IN ('wallet', 'wallet_promo')
      ORDER BY a."id" FOR UPDATE
    )
    SELECT EXISTS (SELECT 1 FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId}) AS "matched",
      EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = ${requestId} AND u."providerId" = ${providerId}) AS "unlocked",
      COALESCE((SELECT sum(w."balance") FROM wallets w WHERE w."kind" = 'wallet'), 0)::bigint AS "paid",
      COALESCE((SELECT sum(w."balance") FROM wallets w WHERE w."kind" = 'wallet_promo'), 0)::bigint AS "promo"`;
  return factsOf(requestId, providerId, request, provider);
}
