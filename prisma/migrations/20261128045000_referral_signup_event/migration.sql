-- Decision 061: a person's referrer is written with the user row itself, in the sign-up's transaction, and the
-- partner's 'signup' event comes with it: the database writes it when a user row gets its referrer (at
-- insert, or the one change from none), so a crash can never leave a referred person without it. The body is
-- an E'' string with \073 for each semicolon (the pg driver adapter splits migration scripts at semicolons).
-- Readable, it is:
--   BEGIN
--     IF NEW."referredById" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."referredById" IS NULL) THEN
--       INSERT INTO "ReferralEvent" ("id", "partnerId", "kind", "userId", "createdAt")
--       VALUES (gen_random_uuid()::text, NEW."referredById", 'signup', NEW."id", now())
--       ON CONFLICT ("kind", "userId") DO NOTHING
--     END IF
--     RETURN NEW
--   END
CREATE OR REPLACE FUNCTION akut_referral_signup_event() RETURNS trigger LANGUAGE plpgsql AS E'\nBEGIN\n  IF NEW."referredById" IS NOT NULL AND (TG_OP = ''INSERT'' OR OLD."referredById" IS NULL) THEN\n    INSERT INTO "ReferralEvent" ("id", "partnerId", "kind", "userId", "createdAt")\n    VALUES (gen_random_uuid()::text, NEW."referredById", ''signup'', NEW."id", now())\n    ON CONFLICT ("kind", "userId") DO NOTHING\073\n  END IF\073\n  RETURN NEW\073\nEND\073\n';

CREATE TRIGGER "user_referral_signup_event" AFTER INSERT OR UPDATE OF "referredById" ON "user" FOR EACH ROW EXECUTE FUNCTION akut_referral_signup_event();
