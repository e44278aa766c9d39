-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "waitingFor" TEXT;

-- CreateIndex
CREATE INDEX "WebhookEvent_status_waitingFor_idx" ON "WebhookEvent"("status", "waitingFor");
