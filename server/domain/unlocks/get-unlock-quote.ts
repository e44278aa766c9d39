// What an unlock costs (the price list's entry for the request's category, decision 032) and whether it can
// happen now: the price, the provider's balance (paid and promotional together, and the promotional part),
// and how many of the allowed providers unlocked the request ('x of N unlocked'). Only for a request matched
// to the provider. Not available once it ended or while a deal is pending (an accepted offer), again when that
// deal is cancelled. The same facts and rules as the unlock itself (unlock-rules.ts, decision 065).
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { UnlockQuote } from '../../../machines/unlock.machine.ts';
import { readUnlockFacts } from './read-unlock-facts.ts';
import { quoteOf } from './unlock-rules.ts';

export async function getUnlockQuote(prisma: Db, providerId: string, requestId: string): Promise<UnlockQuote> {
  const quote = quoteOf(await readUnlockFacts(prisma, providerId, requestId));
  if (!quote) throw new AppError('NOT_FOUND');
  return quote;
}
