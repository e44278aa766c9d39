-- One ledger writer (decision 065): the unlock books through postTransaction like every other movement, so
-- the PostgreSQL function that re-expressed the unlock's rules and wrote the ledger itself goes.
DROP FUNCTION IF EXISTS akut_unlock_request(TEXT, TEXT, INTEGER, INTEGER, INTEGER, BIGINT);

-- The never-below-zero rule of the ledger, held by the database too: a write that takes an account below
-- zero fails whoever sends it (only the two source accounts may go negative).
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_balance_check" CHECK ("allowNegative" OR "balance" >= 0);
