-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "budgetMax" INTEGER,
ADD COLUMN     "budgetMin" INTEGER,
ADD COLUMN     "dringlichkeit" TEXT NOT NULL DEFAULT 'normal',
ADD COLUMN     "kategorie" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "maxUnlocks" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "placeMasked" TEXT,
ADD COLUMN     "postcodeMasked" TEXT,
ADD COLUMN     "postedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "requestStatus" TEXT NOT NULL DEFAULT 'open',
ADD COLUMN     "teaserDe" TEXT,
ADD COLUMN     "teaserEn" TEXT,
ADD COLUMN     "unlockCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unlockPrice" INTEGER NOT NULL DEFAULT 50,
ADD COLUMN     "wantedBy" TIMESTAMP(3);

-- The feed as one index read (decision 077). Every match carries the card its provider sees before the
-- unlock. Existing matches take the request's columns now, their texts stay null (the feed shapes a card
-- without texts from its request, and the job refresh-feed-cards writes them).
UPDATE "Match" m SET
  "kategorie" = r."kategorie",
  "budgetMin" = r."budgetMin",
  "budgetMax" = r."budgetMax",
  "dringlichkeit" = r."dringlichkeit",
  "wantedBy" = r."date",
  "requestStatus" = r."status",
  "unlockCount" = r."unlockCount",
  "maxUnlocks" = r."maxUnlocks",
  "unlockPrice" = COALESCE((SELECT e."basePriceCents" / 10 FROM "PriceListEntry" e WHERE e."industryCategory" = r."kategorie" AND e."serviceType" = ''), 50),
  "postedAt" = COALESCE(r."releasedAt", r."createdAt")
FROM "Request" r WHERE r."id" = m."requestId";

-- Room on each page for the new versions of a row (an unlock rewrites the cards of its request's other
-- providers): updates that change no indexed column then stay on the page (HOT) and add no index entries.
ALTER TABLE "Match" SET (fillfactor = 85);

-- A request's change reaches its cards in the same transaction, whoever makes it (the unlock,
-- settlement, closing, expiry, moderation, account deletion, and any command written later). A change of the
-- texts the card is made from (description, place, postcode) empties the card's texts: the feed then shapes
-- them from the request, through the one redaction. The body is an E'' string with \073 for each semicolon
-- (the pg driver adapter splits migration scripts at every semicolon).
CREATE OR REPLACE FUNCTION akut_match_cards_follow_request() RETURNS trigger
LANGUAGE plpgsql AS E'
DECLARE
  v_text_changed boolean := OLD."beschreibung" IS DISTINCT FROM NEW."beschreibung"
    OR OLD."ort" IS DISTINCT FROM NEW."ort" OR OLD."postcode" IS DISTINCT FROM NEW."postcode"\073
BEGIN
  UPDATE "Match" SET
    "kategorie" = NEW."kategorie",
    "budgetMin" = NEW."budgetMin",
    "budgetMax" = NEW."budgetMax",
    "dringlichkeit" = NEW."dringlichkeit",
    "wantedBy" = NEW."date",
    "requestStatus" = NEW."status",
    "unlockCount" = NEW."unlockCount",
    "maxUnlocks" = NEW."maxUnlocks",
    "postedAt" = COALESCE(NEW."releasedAt", NEW."createdAt"),
    "teaserDe" = CASE WHEN v_text_changed THEN NULL ELSE "teaserDe" END,
    "teaserEn" = CASE WHEN v_text_changed THEN NULL ELSE "teaserEn" END,
    "placeMasked" = CASE WHEN v_text_changed THEN NULL ELSE "placeMasked" END,
    "postcodeMasked" = CASE WHEN v_text_changed THEN NULL ELSE "postcodeMasked" END
  WHERE "requestId" = NEW."id"\073
  RETURN NULL\073
END';

CREATE TRIGGER "Match_cards_follow_request"
AFTER UPDATE OF "status", "unlockCount", "maxUnlocks", "budgetMin", "budgetMax", "dringlichkeit", "date", "kategorie", "releasedAt", "createdAt", "beschreibung", "ort", "postcode" ON "Request"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status" OR OLD."unlockCount" IS DISTINCT FROM NEW."unlockCount"
  OR OLD."maxUnlocks" IS DISTINCT FROM NEW."maxUnlocks" OR OLD."budgetMin" IS DISTINCT FROM NEW."budgetMin"
  OR OLD."budgetMax" IS DISTINCT FROM NEW."budgetMax" OR OLD."dringlichkeit" IS DISTINCT FROM NEW."dringlichkeit"
  OR OLD."date" IS DISTINCT FROM NEW."date" OR OLD."kategorie" IS DISTINCT FROM NEW."kategorie"
  OR OLD."releasedAt" IS DISTINCT FROM NEW."releasedAt" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
  OR OLD."beschreibung" IS DISTINCT FROM NEW."beschreibung" OR OLD."ort" IS DISTINCT FROM NEW."ort"
  OR OLD."postcode" IS DISTINCT FROM NEW."postcode"
)
EXECUTE FUNCTION akut_match_cards_follow_request();
