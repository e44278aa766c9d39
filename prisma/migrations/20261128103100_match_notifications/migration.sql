-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "notifyPending" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Request" ADD COLUMN     "notifyAfter" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Request_notifyAfter_idx" ON "Request"("notifyAfter");
