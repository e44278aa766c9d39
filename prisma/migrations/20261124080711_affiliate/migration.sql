-- AlterTable
ALTER TABLE "PayoutMethod" ADD COLUMN     "ibanFingerprint" TEXT;

-- CreateTable
CREATE TABLE "CommissionPlan" (
    "id" TEXT NOT NULL,
    "poolBp" INTEGER NOT NULL,
    "levelsBp" JSONB NOT NULL,
    "preset" TEXT NOT NULL DEFAULT 'custom',
    "changedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommissionPlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferralEvent" (
    "id" TEXT NOT NULL,
    "partnerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReferralEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Commission" (
    "id" TEXT NOT NULL,
    "dealId" TEXT NOT NULL,
    "referredUserId" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "partnerId" TEXT NOT NULL,
    "basis" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "poolBp" INTEGER NOT NULL,
    "levelBp" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "machineSnapshot" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "availableAt" TIMESTAMP(3) NOT NULL,
    "flags" JSONB,
    "decidedById" TEXT,
    "decisionReason" TEXT,
    "owed" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMP(3),
    "reversedAt" TIMESTAMP(3),
    "canceledAt" TIMESTAMP(3),

    CONSTRAINT "Commission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CommissionPlan_createdAt_idx" ON "CommissionPlan"("createdAt");

-- CreateIndex
CREATE INDEX "ReferralEvent_partnerId_kind_createdAt_idx" ON "ReferralEvent"("partnerId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReferralEvent_kind_userId_key" ON "ReferralEvent"("kind", "userId");

-- CreateIndex
CREATE INDEX "Commission_partnerId_createdAt_idx" ON "Commission"("partnerId", "createdAt");

-- CreateIndex
CREATE INDEX "Commission_status_availableAt_idx" ON "Commission"("status", "availableAt");

-- CreateIndex
CREATE INDEX "Commission_dealId_idx" ON "Commission"("dealId");

-- CreateIndex
CREATE UNIQUE INDEX "Commission_dealId_referredUserId_level_key" ON "Commission"("dealId", "referredUserId", "level");

-- CreateIndex
CREATE INDEX "PayoutMethod_ibanFingerprint_idx" ON "PayoutMethod"("ibanFingerprint");

-- CreateIndex
CREATE INDEX "PayoutMethod_paypalEmail_idx" ON "PayoutMethod"("paypalEmail");

-- AddForeignKey
ALTER TABLE "Commission" ADD CONSTRAINT "Commission_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
