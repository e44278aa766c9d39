// The unlock: the unlock price of the request's category (price list, decision 032; 50 Goints by default)
// moves from the provider's wallets to the request's escrows (promotional Goints first, each kind to its own
// escrow; never below zero), the request's unlock counter grows (never beyond its maximum, never while a deal
// is pending), and the unlock is recorded with its promotional part and the platform's share in force (one per
// provider and request): a later price change never alters it.
//
// The unlock carries the price the person confirmed: when the price in force differs (an admin changed it
// since the quote), nothing is booked and the refusal carries a fresh quote to confirm (decision 065).
// The rules are checkUnlock's (unlock-rules.ts), the same the quote asks; the money moves through
// postTransaction, the one ledger writer.
//
// Two statements and no transaction held open (decision 065): the facts are read without locks, checked, and
// booked in one statement of the ledger writer whose guard compares what was read under the request's and the
// wallets' locks and writes the unlock's own rows with the booking. When something changed in between (another
// unlock of the request, a wallet, the price), nothing is written and the unlock reads and checks again.
// Concurrent attempts never overspend or overbook; a repeat answers the first unlock.
import { Prisma } from '../../generated/prisma/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { SqlTx } from '../../db.ts';
import { backoffMs, isRetryable, statementsOf } from '../../db/tx.ts';
import type { UnlockResult } from '../../../machines/unlock.machine.ts';
import { account, createAccounts } from '../ledger/accounts.ts';
import { toGoints } from '../../../core/money/money.ts';
import { LedgerGuardFailed, isInsufficientFunds, postTransaction, type LedgerLine } from '../ledger/post-transaction.ts';
import { readUnlock, unlockGuard } from './read-unlock-facts.ts';
import { checkUnlock, quoteOf } from './unlock-rules.ts';

export const unlockKey = (requestId: string, providerId: string) => `unlock:${requestId}:${providerId}`;

/**
 * How often the unlock reads and books again when its facts changed in between. Each retry means another
 * booking on the same request or wallets committed first, so contenders always make progress; the bound only
 * stops a bug from looping.
 */
const MAX_ATTEMPTS = 50;

export interface UnlockInput {
  providerId: string;
  requestId: string;
  /** The price in Goints the person saw and confirmed (the quote's price). */
  price: number;
}

/**
 * The unlock on `sql`, statements outside a transaction (each is atomic on its own): refusals throw their
 * AppError and leave everything as it was.
 */
export async function unlockRequestIn(sql: SqlTx, input: UnlockInput): Promise<UnlockResult> {
  const { providerId, requestId } = input;
  for (let attempt = 1; ; attempt++) {
    const reading = await readUnlock(sql, providerId, requestId);
    const { facts } = reading;
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
    // A request's first unlock of a kind creates its escrow first, so the booking is one statement.
    const missing = lines.map((l) => l.account).filter((a) => a.ownerId === requestId && !reading.escrows.includes(a.kind));
    if (missing.length) await createAccounts(sql, missing);
    try {
      const posted = await postTransaction(sql, {
        idempotencyKey: unlockKey(requestId, providerId),
        kind: 'unlock',
        reference: requestId,
        memo: { priceGoints: facts.price.goints, commissionRateBp: facts.price.commissionRateBp, priceEntryId: facts.price.entryId },
        lines,
        guard: {
          ctes: unlockGuard(reading),
          // The unlock's own rows with the booking: the counter, the unlock with its price and rate, the match.
          alongside: Prisma.sql`counted AS (
              UPDATE "Request" SET "unlockCount" = "unlockCount" + 1, "updatedAt" = now() AT TIME ZONE 'UTC'
              WHERE "id" = ${requestId} AND EXISTS (SELECT 1 FROM claim) RETURNING 1
            ), matched AS (
              UPDATE "Match" SET "status" = 'freigeschaltet', "updatedAt" = now() AT TIME ZONE 'UTC'
              WHERE "requestId" = ${requestId} AND "providerId" = ${providerId} AND EXISTS (SELECT 1 FROM claim) RETURNING 1
            ), unlocked AS (
              INSERT INTO "Unlock" ("id", "requestId", "providerId", "price", "promoPrice", "commissionRateBp", "status", "ledgerTxId", "createdAt")
              SELECT gen_random_uuid()::text, ${requestId}, ${providerId}, ${check.price}, ${check.fromPromo}, ${facts.price.commissionRateBp}::int, 'active',
                c."id", now() AT TIME ZONE 'UTC' FROM claim c
              RETURNING 1
            )`,
        },
      });
      // Another attempt of this unlock booked first: read again, and answer it as the repeat it is.
      if (posted.repeated) {
        if (attempt < MAX_ATTEMPTS) continue;
        throw new Error(`unlock ${requestId}:${providerId} is booked but has no unlock row`);
      }
      return { requestId, balance: toGoints(facts.wallets.paid + facts.wallets.promo - check.price), repeated: false };
    } catch (e) {
      // The facts changed between the reading and the booking (the guard), or a wallet was spent meanwhile.
      if ((e instanceof LedgerGuardFailed || isInsufficientFunds(e)) && attempt < MAX_ATTEMPTS) continue;
      // A deadlock with another statement's locks: PostgreSQL undid this one; wait a moment and try again.
      if (isRetryable(e) && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
        continue;
      }
      throw e;
    }
  }
}

export async function unlockRequest(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, input: UnlockInput): Promise<UnlockResult> {
  const result = await unlockRequestIn(statementsOf(deps.db), input);
  if (!result.repeated)
    await deps.bus.publish({ type: 'request.unlocked', to: { userId: input.providerId }, payload: { requestId: input.requestId } }).catch(() => {});
  return result;
}
