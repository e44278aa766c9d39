-- AlterTable
ALTER TABLE "ChatConfirmation" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "ChatConfirmation_status_leaseUntil_idx" ON "ChatConfirmation"("status", "leaseUntil");
