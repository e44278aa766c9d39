-- AlterTable
ALTER TABLE "Unlock" ADD COLUMN     "commissionRateBp" INTEGER NOT NULL DEFAULT 5000;

-- CreateTable
CREATE TABLE "PriceListEntry" (
    "id" TEXT NOT NULL,
    "industryCategory" TEXT NOT NULL,
    "serviceType" TEXT NOT NULL DEFAULT '',
    "basePriceCents" INTEGER NOT NULL,
    "commissionRateBp" INTEGER NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriceListEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PriceListEntry_industryCategory_serviceType_key" ON "PriceListEntry"("industryCategory", "serviceType");
