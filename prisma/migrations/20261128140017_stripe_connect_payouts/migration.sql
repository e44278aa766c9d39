-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "stripeTransferId" TEXT;

-- AlterTable
ALTER TABLE "PayoutMethod" ADD COLUMN     "stripeAccountId" TEXT,
ADD COLUMN     "stripeStatus" TEXT,
ADD COLUMN     "stripeStatusAt" TIMESTAMP(3),
ADD COLUMN     "stripeStatusReason" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Payout_stripeTransferId_key" ON "Payout"("stripeTransferId");

-- CreateIndex
CREATE UNIQUE INDEX "PayoutMethod_stripeAccountId_key" ON "PayoutMethod"("stripeAccountId");
