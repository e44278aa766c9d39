// The unlock: in one database statement (the PostgreSQL function akut_unlock_request, decision 043), the
// unlock price of the request's category (price list, decision 032; 50 Goints by default) moves from the
// provider's wallets to the request's escrows (promotional Goints first, each kind to its own escrow; never
// below zero), the request's unlock counter grows (never beyond its maximum, never while a deal is pending),
// and the unlock is recorded with its promotional part and the platform's share in force (one per provider
// and request): a later price change never alters it. Concurrent attempts never overspend or overbook; a
// repeat answers the first unlock. The rules are those of unlock-rules.ts; the function takes the request's
// row lock first, then the wallets, like settlement (decision 019).
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { isRetryable } from '../../db/tx.ts';
import type { UnlockResult } from '../../../machines/unlock.machine.ts';
import { GOINTS_PER_EUR, MILLI_PER_GOINT, toGoints } from '../../../core/money/money.ts';
import { DEFAULT_UNLOCK_PRICE } from '../prices/price-list.ts';
import { UNLOCK_REFUSALS, type UnlockRefusal } from './unlock-rules.ts';

export const unlockKey = (requestId: string, providerId: string) => `unlock:${requestId}:${providerId}`;

type Outcome = UnlockRefusal | 'UNLOCKED' | 'REPEATED';

interface FunctionRow {
  code: Outcome;
  repeated: boolean;
  paid: bigint;
  promo: bigint;
  price_milli: bigint;
  price_goints: number;
}

/** One call of the function: the outcome as it returns it (tests read refusals through it as well). */
export async function callUnlockFunction(prisma: AppDeps['db']['prisma'], providerId: string, requestId: string): Promise<FunctionRow> {
  const attempts = 5;
  for (let i = 1; ; i++) {
    try {
      const [row] = await prisma.$queryRaw<FunctionRow[]>`
        SELECT "code", "repeated", "paid", "promo", "price_milli", "price_goints" FROM akut_unlock_request(
          ${requestId}, ${providerId}, ${DEFAULT_UNLOCK_PRICE.goints}::integer, ${DEFAULT_UNLOCK_PRICE.commissionRateBp}::integer,
          ${GOINTS_PER_EUR}::integer, ${MILLI_PER_GOINT}::bigint)`;
      if (!row) throw new Error('akut_unlock_request returned no row');
      return { ...row, paid: BigInt(row.paid), promo: BigInt(row.promo), price_milli: BigInt(row.price_milli), price_goints: Number(row.price_goints) };
    } catch (e) {
      // A deadlock or serialization failure rolled the whole statement back: nothing was booked, try again.
      if (i >= attempts || !isRetryable(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1_000, 25 * 2 ** i)));
    }
  }
}

export async function unlockRequest(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, providerId: string, requestId: string): Promise<UnlockResult> {
  const row = await callUnlockFunction(deps.db.prisma, providerId, requestId);
  if (row.code === 'UNLOCKED' || row.code === 'REPEATED') {
    const result = { requestId, balance: toGoints(row.paid + row.promo), repeated: row.code === 'REPEATED' };
    if (!result.repeated) await deps.bus.publish({ type: 'request.unlocked', to: { userId: providerId }, payload: { requestId } }).catch(() => {});
    return result;
  }
  if (row.code === 'INSUFFICIENT_GOINTS') throw new AppError('INSUFFICIENT_GOINTS', { params: { price: row.price_goints } });
  if ((UNLOCK_REFUSALS as readonly string[]).includes(row.code)) throw new AppError(row.code);
  throw new Error(`akut_unlock_request answered an unknown code ${String(row.code)}`);
}
