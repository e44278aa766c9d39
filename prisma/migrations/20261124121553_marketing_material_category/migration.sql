-- AlterTable
ALTER TABLE "MarketingMaterial" ADD COLUMN     "category" TEXT NOT NULL DEFAULT 'other',
ADD COLUMN     "description" TEXT NOT NULL DEFAULT '';

-- The seeded texts get the specification's categories: invitations are welcome mails, the others 'other'.
UPDATE "MarketingMaterial" SET "category" = 'email_welcome' WHERE "id" IN ('mm-de-email-1', 'mm-en-email-1');
