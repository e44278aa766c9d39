// The unlock: in one database transaction, the unlock price of the request's category (price list, decision
// 032; 50 Goints by default) moves from the provider's wallets to the request's escrows (promotional Goints
// first, each kind to its own escrow; never below zero), the request's unlock counter grows (never beyond its
// maximum, never while a deal is pending), and the unlock is recorded with its promotional part and the
// platform's share in force (one per provider and request): a later price change never alters it.
//
// The unlock carries the price the person confirmed: when the price in force differs (an admin changed it
// since the quote), nothing is booked and the refusal carries a fresh quote to confirm (decision 058).
// The rules are checkUnlock's (unlock-rules.ts), the same the quote asks; the money moves through
// postTransaction, the one ledger writer. Concurrent attempts never overspend or overbook; a repeat answers
// the first unlock.
import { Prisma } from '../../generated/prisma/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { SqlTx } from '../../db.ts';
import { inSqlTransaction } from '../../db/tx.ts';
import type { UnlockResult } from '../../../machines/unlock.machine.ts';
import { account } from '../ledger/accounts.ts';
import { toGoints } from '../../../core/money/money.ts';
import { postTransaction, type LedgerLine } from '../ledger/post-transaction.ts';
import { lockUnlockFacts } from './read-unlock-facts.ts';
import { checkUnlock, quoteOf } from './unlock-rules.ts';

export const unlockKey = (requestId: string, providerId: string) => `unlock:${requestId}:${providerId}`;

export interface UnlockInput {
  providerId: string;
  requestId: string;
  /** The price in Goints the person saw and confirmed (the quote's price). */
  price: number;
}

/** The unlock inside the caller's transaction: refusals throw their AppError and leave everything as it was. */
export async function unlockRequestIn(tx: SqlTx, input: UnlockInput): Promise<UnlockResult> {
  const { providerId, requestId } = input;
  const facts = await lockUnlockFacts(tx, providerId, requestId);
  const check = checkUnlock(facts, input.price);
  if (check.outcome === 'repeat') return { requestId, balance: toGoints(facts.wallets.paid + facts.wallets.promo), repeated: true };
  if (check.outcome === 'refused') {
    const { refusal } = check;
    if (refusal === 'INSUFFICIENT_GOINTS') throw new AppError(refusal, { params: { price: facts.price.goints } });
    if (refusal === 'UNLOCK_PRICE_CHANGED')
      throw new AppError(refusal, { params: { price: facts.price.goints, confirmed: input.price }, details: { quote: quoteOf(facts) } });
    throw new AppError(refusal);
  }
  const lines: LedgerLine[] = [];
  if (check.fromPromo > 0n)
    lines.push({ account: account.walletPromo(providerId), amount: -check.fromPromo }, { account: account.escrowPromo(requestId), amount: check.fromPromo });
  if (check.fromPaid > 0n)
    lines.push({ account: account.wallet(providerId), amount: -check.fromPaid }, { account: account.escrow(requestId), amount: check.fromPaid });
  const posted = await postTransaction(tx, {
    idempotencyKey: unlockKey(requestId, providerId),
    kind: 'unlock',
    reference: requestId,
    memo: { priceGoints: facts.price.goints, commissionRateBp: facts.price.commissionRateBp, priceEntryId: facts.price.entryId },
    lines,
  });
  // Under the request's lock the key is new unless a booking lost its unlock row: write nothing then.
  if (posted.repeated) throw new Error(`unlock ${requestId}:${providerId} is booked but has no unlock row`);
  // The unlock's own rows in one statement: the counter, the unlock with its price and rate, the match.
  await tx.$executeRaw(Prisma.sql`
    WITH counted AS (
      UPDATE "Request" SET "unlockCount" = "unlockCount" + 1, "updatedAt" = now() AT TIME ZONE 'UTC' WHERE "id" = ${requestId} RETURNING 1
    ), matched AS (
      UPDATE "Match" SET "status" = 'freigeschaltet', "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE "requestId" = ${requestId} AND "providerId" = ${providerId} RETURNING 1
    )
    INSERT INTO "Unlock" ("id", "requestId", "providerId", "price", "promoPrice", "commissionRateBp", "status", "ledgerTxId", "createdAt")
    VALUES (gen_random_uuid()::text, ${requestId}, ${providerId}, ${check.price}, ${check.fromPromo}, ${facts.price.commissionRateBp}, 'active',
      ${posted.transactionId}, now() AT TIME ZONE 'UTC')`);
  return { requestId, balance: toGoints(facts.wallets.paid + facts.wallets.promo - check.price), repeated: false };
}

export async function unlockRequest(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, input: UnlockInput): Promise<UnlockResult> {
  const result = await inSqlTransaction(deps.db, (tx) => unlockRequestIn(tx, input));
  if (!result.repeated)
    await deps.bus.publish({ type: 'request.unlocked', to: { userId: input.providerId }, payload: { requestId: input.requestId } }).catch(() => {});
  return result;
}
