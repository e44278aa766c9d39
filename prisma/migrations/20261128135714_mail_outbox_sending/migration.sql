-- AlterTable
ALTER TABLE "MailOutbox" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "key" TEXT,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3),
ADD COLUMN     "replyTo" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "MailOutbox_key_key" ON "MailOutbox"("key");

-- CreateIndex
CREATE INDEX "MailOutbox_status_nextAttemptAt_idx" ON "MailOutbox"("status", "nextAttemptAt");

-- A row left "queued" by the direct sending before decision 082 was a delivery cut off by a crash. Some kept no
-- body (decision 022), so none is sent again from here.
UPDATE "MailOutbox" SET "status" = 'failed', "error" = 'interrupted before it was sent' WHERE "status" = 'queued';
