// The ledger's invariants over the whole database: every transaction sums to zero, every account's balance
// equals the sum of its entries, and only accounts allowed to (platform sources) are below zero. Paid and
// promotional Goints (decision 019): no transaction takes promotional Goints out of their circle (promotion,
// wallet_promo, escrow_promo, promotion_used), so none reaches earnings, revenue or a payout. Escrows: each
// request's escrow holds exactly the paid part of its active unlocks and its escrow_promo the promotional
// part (so together the unlock price × active unlocks), and a request that ended (completed, closed,
// expired, rejected) has no active unlock and empty escrows.
// The first three checks' SQL is shared with the fault-injection suite (tests/helpers/ledger-invariant-queries.ts).
import { expect } from 'vitest';
import type { Db } from '../../server/db.ts';
import { PROMO_KINDS } from '../../server/domain/ledger/accounts.ts';
import { LEDGER_INVARIANTS } from './ledger-invariant-queries.ts';

export async function expectLedgerConsistent(prisma: Db): Promise<void> {
  for (const check of LEDGER_INVARIANTS) {
    expect(await prisma.$queryRawUnsafe<{ id: string; detail: string }[]>(check.sql), check.name).toEqual([]);
  }

  // Promotional Goints never leave their circle: per transaction, what the promotional accounts lose is
  // never more than what they gain (only a reclassification of paid Goints as promotional may add to it).
  // Bookings from before the split (welcome bonuses into the one wallet) are what the migration reclassified.
  const leaks = await prisma.$queryRaw<{ transactionId: string; kind: string; sum: bigint }[]>`
    SELECT e."transactionId", t."kind", SUM(e.amount) AS sum FROM "LedgerEntry" e
    JOIN "LedgerAccount" a ON a.id = e."accountId" JOIN "LedgerTransaction" t ON t.id = e."transactionId"
    WHERE a.kind = ANY(${[...PROMO_KINDS]}::text[])
      AND (t."createdAt" AT TIME ZONE 'UTC') >= COALESCE((SELECT MAX(m.finished_at) FROM "_prisma_migrations" m WHERE m.migration_name LIKE '%_promo_goints_and_payout_holds'), '-infinity'::timestamptz)
    GROUP BY e."transactionId", t."kind" HAVING SUM(e.amount) < 0`;
  expect(leaks, 'transactions that turn promotional Goints into something else').toEqual([]);

  // Each escrow against the unlocks it holds (paid and promotional parts separately).
  const escrows = await prisma.$queryRaw<{ kind: string; ownerId: string; balance: bigint; expected: bigint }[]>`
    WITH held AS (
      SELECT "requestId", SUM("price" - "promoPrice") AS paid, SUM("promoPrice") AS promo FROM "Unlock" WHERE "status" = 'active' GROUP BY "requestId"
    ), accounts AS (
      SELECT a.kind, a."ownerId", a.balance FROM "LedgerAccount" a WHERE a.kind IN ('escrow', 'escrow_promo')
      UNION ALL SELECT 'escrow', h."requestId", 0 FROM held h WHERE NOT EXISTS (SELECT 1 FROM "LedgerAccount" a WHERE a.kind = 'escrow' AND a."ownerId" = h."requestId")
      UNION ALL SELECT 'escrow_promo', h."requestId", 0 FROM held h WHERE NOT EXISTS (SELECT 1 FROM "LedgerAccount" a WHERE a.kind = 'escrow_promo' AND a."ownerId" = h."requestId")
    )
    SELECT x.kind, x."ownerId", x.balance, COALESCE(CASE WHEN x.kind = 'escrow' THEN h.paid ELSE h.promo END, 0)::bigint AS expected
    FROM accounts x LEFT JOIN held h ON h."requestId" = x."ownerId"
    WHERE x.balance <> COALESCE(CASE WHEN x.kind = 'escrow' THEN h.paid ELSE h.promo END, 0)`;
  expect(escrows, 'escrows that differ from their active unlocks').toEqual([]);
  const ended = await prisma.$queryRaw<{ requestId: string; status: string; active: bigint }[]>`
    SELECT u."requestId", r."status", COUNT(*) AS active FROM "Unlock" u JOIN "Request" r ON r.id = u."requestId"
    WHERE u."status" = 'active' AND r."status" IN ('completed', 'closed', 'expired', 'rejected')
    GROUP BY u."requestId", r."status"`;
  expect(ended, 'ended requests that still hold unlocks in escrow').toEqual([]);
}
