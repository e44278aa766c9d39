-- The unlock in one round trip (decision 043): akut_unlock_request checks the match, a repeat, the request
-- (open, not the provider's own, no deal pending, below its maximum), the price in force and the wallets, and
-- books the unlock with its ledger transaction, entries, balances, unlock row and match status, all in the
-- statement that calls it. It returns UNLOCKED, REPEATED or the refusal code the domain command maps to its
-- AppError (server/domain/unlocks/unlock-request.ts). Locks: the request row first, then the wallets in id
-- order, then the escrows (decision 019). The body is an E'' string with \073 for each semicolon because
-- the pg driver adapter splits migration scripts at every semicolon.
CREATE OR REPLACE FUNCTION akut_unlock_request(
    p_request_id TEXT,
    p_provider_id TEXT,
    p_default_goints INTEGER,
    p_default_rate_bp INTEGER,
    p_goints_per_eur INTEGER,
    p_milli_per_goint BIGINT
) RETURNS TABLE (code TEXT, repeated BOOLEAN, paid BIGINT, promo BIGINT, price_milli BIGINT, price_goints INTEGER)
LANGUAGE plpgsql VOLATILE AS E'#variable_conflict use_column
DECLARE
  v_match_id text\073
  v_req record\073
  v_entry record\073
  v_price_goints integer\073
  v_rate_bp integer\073
  v_entry_id text\073
  v_price bigint\073
  v_paid bigint := 0\073
  v_promo bigint := 0\073
  v_paid_id text\073
  v_promo_id text\073
  v_from_promo bigint\073
  v_from_paid bigint\073
  v_escrow_id text\073
  v_escrow_promo_id text\073
  v_tx_id text\073
  v_balance bigint\073
  v_now timestamp(3) := now() AT TIME ZONE ''UTC''\073
  v_found boolean\073
  r record\073
BEGIN
  -- The match (no match, no unlock), and a repeat answered before any lock, as the command did.
  SELECT m."id" INTO v_match_id FROM "Match" m WHERE m."requestId" = p_request_id AND m."providerId" = p_provider_id\073
  IF v_match_id IS NULL THEN
    RETURN QUERY SELECT ''NOT_FOUND''::text, false, 0::bigint, 0::bigint, 0::bigint, 0\073
    RETURN\073
  END IF\073
  IF EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = p_request_id AND u."providerId" = p_provider_id) THEN
    RETURN QUERY SELECT ''REPEATED''::text, true, coalesce(sum(a."balance") FILTER (WHERE a."kind" = ''wallet''), 0)::bigint,
      coalesce(sum(a."balance") FILTER (WHERE a."kind" = ''wallet_promo''), 0)::bigint, 0::bigint, 0
      FROM "LedgerAccount" a WHERE a."ownerId" = p_provider_id AND a."kind" IN (''wallet'', ''wallet_promo'')\073
    RETURN\073
  END IF\073
  -- The request''s row lock first (decision 019): the same order as settlement, refunds, accept and cancel.
  SELECT q."id", q."userId", q."status", q."acceptedOfferId", q."unlockCount", q."maxUnlocks", q."kategorie" INTO v_req
    FROM "Request" q WHERE q."id" = p_request_id FOR UPDATE\073
  v_found := FOUND\073
  -- Under the lock every earlier unlock of this request has committed: the same provider racing itself
  -- gets the first unlock''s answer.
  IF EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = p_request_id AND u."providerId" = p_provider_id) THEN
    RETURN QUERY SELECT ''REPEATED''::text, true, coalesce(sum(a."balance") FILTER (WHERE a."kind" = ''wallet''), 0)::bigint,
      coalesce(sum(a."balance") FILTER (WHERE a."kind" = ''wallet_promo''), 0)::bigint, 0::bigint, 0
      FROM "LedgerAccount" a WHERE a."ownerId" = p_provider_id AND a."kind" IN (''wallet'', ''wallet_promo'')\073
    RETURN\073
  END IF\073
  IF NOT v_found OR v_req."status" <> ''open'' THEN
    RETURN QUERY SELECT ''REQUEST_NOT_AVAILABLE''::text, false, 0::bigint, 0::bigint, 0::bigint, 0\073
    RETURN\073
  END IF\073
  -- Never the provider''s own request (matching never makes such a match: the same answer as no match).
  IF v_req."userId" IS NOT DISTINCT FROM p_provider_id THEN
    RETURN QUERY SELECT ''NOT_FOUND''::text, false, 0::bigint, 0::bigint, 0::bigint, 0\073
    RETURN\073
  END IF\073
  IF v_req."acceptedOfferId" IS NOT NULL THEN
    RETURN QUERY SELECT ''REQUEST_DEAL_PENDING''::text, false, 0::bigint, 0::bigint, 0::bigint, 0\073
    RETURN\073
  END IF\073
  IF v_req."unlockCount" >= v_req."maxUnlocks" THEN
    RETURN QUERY SELECT ''REQUEST_SOLD_OUT''::text, false, 0::bigint, 0::bigint, 0::bigint, 0\073
    RETURN\073
  END IF\073
  -- The price in force now, read after the request''s lock (resolvePrice: the category''s own entry, else the default).
  SELECT e."id", e."basePriceCents", e."commissionRateBp" INTO v_entry
    FROM "PriceListEntry" e WHERE e."industryCategory" = v_req."kategorie" AND e."serviceType" = ''''\073
  IF NOT FOUND THEN
    v_price_goints := p_default_goints\073
    v_rate_bp := p_default_rate_bp\073
    v_entry_id := NULL\073
  ELSE
    IF (v_entry."basePriceCents" * p_goints_per_eur) % 100 <> 0 THEN
      RAISE EXCEPTION ''unlock: price entry % is not whole Goints'', v_entry."id"\073
    END IF\073
    v_price_goints := (v_entry."basePriceCents" * p_goints_per_eur) / 100\073
    v_rate_bp := v_entry."commissionRateBp"\073
    v_entry_id := v_entry."id"\073
  END IF\073
  v_price := v_price_goints::bigint * p_milli_per_goint\073
  -- The provider''s two wallets, locked in id order like lockGointsBalance (a missing one holds nothing).
  FOR r IN SELECT a."id", a."kind", a."balance" FROM "LedgerAccount" a
      WHERE a."ownerId" = p_provider_id AND a."kind" IN (''wallet'', ''wallet_promo'') ORDER BY a."id" FOR UPDATE LOOP
    IF r."kind" = ''wallet'' THEN
      v_paid := r."balance"\073
      v_paid_id := r."id"\073
    ELSE
      v_promo := r."balance"\073
      v_promo_id := r."id"\073
    END IF\073
  END LOOP\073
  IF v_paid + v_promo < v_price THEN
    RETURN QUERY SELECT ''INSUFFICIENT_GOINTS''::text, false, v_paid, v_promo, v_price, v_price_goints\073
    RETURN\073
  END IF\073
  -- Promotional Goints are spent first, the rest comes from paid Goints.
  v_from_promo := least(v_promo, v_price)\073
  v_from_paid := v_price - v_from_promo\073
  UPDATE "Request" SET "unlockCount" = "unlockCount" + 1, "updatedAt" = v_now WHERE "id" = p_request_id\073
  -- The booking''s key claimed first, as postTransaction does. Under the request lock it cannot be taken:
  -- if it is, something booked an unlock without its row, and nothing is written.
  INSERT INTO "LedgerTransaction" ("id", "idempotencyKey", "kind", "reference", "memo", "createdAt")
    VALUES (gen_random_uuid()::text, ''unlock:'' || p_request_id || '':'' || p_provider_id, ''unlock'', p_request_id,
      jsonb_build_object(''priceGoints'', v_price_goints, ''commissionRateBp'', v_rate_bp, ''priceEntryId'', v_entry_id), v_now)
    ON CONFLICT ("idempotencyKey") DO NOTHING RETURNING "id" INTO v_tx_id\073
  IF v_tx_id IS NULL THEN
    RAISE EXCEPTION ''unlock: idempotency key unlock:%:% is booked but no unlock row exists'', p_request_id, p_provider_id\073
  END IF\073
  -- The escrow accounts this booking credits, created when missing (ON CONFLICT DO NOTHING like ensureAccounts).
  IF v_from_paid > 0 THEN
    INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance", "createdAt")
      VALUES (gen_random_uuid()::text, ''escrow'', p_request_id, false, 0, v_now) ON CONFLICT ("kind", "ownerId") DO NOTHING\073
    SELECT a."id" INTO v_escrow_id FROM "LedgerAccount" a WHERE a."kind" = ''escrow'' AND a."ownerId" = p_request_id\073
  END IF\073
  IF v_from_promo > 0 THEN
    INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance", "createdAt")
      VALUES (gen_random_uuid()::text, ''escrow_promo'', p_request_id, false, 0, v_now) ON CONFLICT ("kind", "ownerId") DO NOTHING\073
    SELECT a."id" INTO v_escrow_promo_id FROM "LedgerAccount" a WHERE a."kind" = ''escrow_promo'' AND a."ownerId" = p_request_id\073
  END IF\073
  -- Balances updated in account-id order like postTransaction, never below zero, one entry each.
  FOR r IN SELECT l.account_id, l.amount FROM (VALUES
        (v_promo_id, -v_from_promo), (v_escrow_promo_id, v_from_promo), (v_paid_id, -v_from_paid), (v_escrow_id, v_from_paid)
      ) AS l(account_id, amount) WHERE l.amount <> 0 ORDER BY l.account_id COLLATE "C" LOOP
    UPDATE "LedgerAccount" SET "balance" = "balance" + r.amount
      WHERE "id" = r.account_id AND ("allowNegative" OR "balance" + r.amount >= 0) RETURNING "balance" INTO v_balance\073
    IF NOT FOUND THEN
      RAISE EXCEPTION ''unlock: insufficient funds in account %'', r.account_id\073
    END IF\073
    INSERT INTO "LedgerEntry" ("id", "transactionId", "accountId", "amount", "balanceAfter", "createdAt")
      VALUES (gen_random_uuid()::text, v_tx_id, r.account_id, r.amount, v_balance, v_now)\073
  END LOOP\073
  INSERT INTO "Unlock" ("id", "requestId", "providerId", "price", "promoPrice", "commissionRateBp", "status", "ledgerTxId", "createdAt")
    VALUES (gen_random_uuid()::text, p_request_id, p_provider_id, v_price, v_from_promo, v_rate_bp, ''active'', v_tx_id, v_now)\073
  UPDATE "Match" SET "status" = ''freigeschaltet'', "updatedAt" = v_now WHERE "id" = v_match_id\073
  RETURN QUERY SELECT ''UNLOCKED''::text, false, v_paid - v_from_paid, v_promo - v_from_promo, v_price, v_price_goints\073
END';
