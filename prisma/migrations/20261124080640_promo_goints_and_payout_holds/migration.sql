-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "holdReasons" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "PayoutMethod" ADD COLUMN     "accountHash" TEXT;

-- AlterTable
ALTER TABLE "Unlock" ADD COLUMN     "promoPrice" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "user" ADD COLUMN     "signupNetwork" TEXT;

-- Existing Goints, classified (docs/decisions/019-promotional-goints.md). Welcome bonuses and goodwill
-- credits (booked from the promotion account) and test-checkout purchases are promotional, Stripe purchases
-- are paid. An unlock counts as paid with promotional Goints when its provider had no paid Stripe purchase
-- by then. Each wallet keeps as promotional what its promotional credits left after those unlocks (at most its
-- balance), each escrow moves the promotional part of its active unlocks. Booked as ledger transactions
-- (kind promo_reclassification), never as edits of entries.
UPDATE "Unlock" u SET "promoPrice" = u."price"
WHERE NOT EXISTS (
  SELECT 1 FROM "Purchase" p
  WHERE p."userId" = u."providerId" AND p."provider" = 'stripe' AND p."paidAt" IS NOT NULL AND p."paidAt" <= u."createdAt"
);

CREATE TEMP TABLE "_promo_move" ("fromId" TEXT, "toKind" TEXT, "ownerId" TEXT, "fromBalance" BIGINT, "amount" BIGINT, "key" TEXT, "txId" TEXT, "toId" TEXT);

INSERT INTO "_promo_move" ("fromId", "toKind", "ownerId", "fromBalance", "amount", "key")
SELECT w."id", 'wallet_promo', w."ownerId", w."balance",
  LEAST(w."balance", GREATEST(0, COALESCE(pin."amount", 0) - COALESCE(spent."amount", 0))),
  'promo_reclassification:wallet:' || w."ownerId"
FROM "LedgerAccount" w
LEFT JOIN (
  SELECT e."accountId", SUM(e."amount") AS "amount"
  FROM "LedgerEntry" e JOIN "LedgerTransaction" t ON t."id" = e."transactionId"
  WHERE t."kind" IN ('welcome_bonus', 'goodwill_credit')
     OR (t."kind" IN ('purchase', 'purchase_reversal') AND t."reference" IN (SELECT "id" FROM "Purchase" WHERE "provider" = 'test'))
  GROUP BY e."accountId"
) pin ON pin."accountId" = w."id"
LEFT JOIN (
  SELECT "providerId", SUM("promoPrice") AS "amount" FROM "Unlock" WHERE "status" IN ('active', 'settled') GROUP BY "providerId"
) spent ON spent."providerId" = w."ownerId"
WHERE w."kind" = 'wallet' AND w."balance" > 0;

INSERT INTO "_promo_move" ("fromId", "toKind", "ownerId", "fromBalance", "amount", "key")
SELECT e."id", 'escrow_promo', e."ownerId", e."balance", LEAST(e."balance", s."amount"), 'promo_reclassification:escrow:' || e."ownerId"
FROM "LedgerAccount" e
JOIN (SELECT "requestId", SUM("promoPrice") AS "amount" FROM "Unlock" WHERE "status" = 'active' GROUP BY "requestId") s ON s."requestId" = e."ownerId"
WHERE e."kind" = 'escrow';

DELETE FROM "_promo_move" WHERE "amount" <= 0;

INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance", "createdAt")
SELECT gen_random_uuid()::text, "toKind", "ownerId", false, 0, now() FROM "_promo_move"
ON CONFLICT ("kind", "ownerId") DO NOTHING;

UPDATE "_promo_move" m SET "toId" = a."id", "txId" = gen_random_uuid()::text
FROM "LedgerAccount" a WHERE a."kind" = m."toKind" AND a."ownerId" = m."ownerId";

INSERT INTO "LedgerTransaction" ("id", "idempotencyKey", "kind", "reference", "createdAt")
SELECT "txId", "key", 'promo_reclassification', "ownerId", now() FROM "_promo_move";

INSERT INTO "LedgerEntry" ("id", "transactionId", "accountId", "amount", "balanceAfter", "createdAt")
SELECT gen_random_uuid()::text, "txId", "fromId", -"amount", "fromBalance" - "amount", now() FROM "_promo_move"
UNION ALL
SELECT gen_random_uuid()::text, "txId", "toId", "amount", "amount", now() FROM "_promo_move";

UPDATE "LedgerAccount" a SET "balance" = a."balance" - m."amount" FROM "_promo_move" m WHERE a."id" = m."fromId";
UPDATE "LedgerAccount" a SET "balance" = a."balance" + m."amount" FROM "_promo_move" m WHERE a."id" = m."toId";

DROP TABLE "_promo_move";
