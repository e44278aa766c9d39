-- AlterTable
ALTER TABLE "DealInquiry" ADD COLUMN     "restriction" TEXT;

-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "restriction" TEXT;

-- AlterTable
ALTER TABLE "ProviderProfile" ADD COLUMN     "restriction" TEXT;

-- AlterTable
ALTER TABLE "Request" ADD COLUMN     "restriction" TEXT;

-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "restriction" TEXT;

-- CreateTable
CREATE TABLE "ContentReport" (
    "id" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "ground" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "reporterId" TEXT,
    "reporterName" TEXT,
    "reporterEmail" TEXT,
    "reporterLang" TEXT NOT NULL DEFAULT 'de',
    "affectedUserId" TEXT,
    "snapshot" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "machineSnapshot" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "decision" TEXT,
    "decisionGround" TEXT,
    "decisionReason" TEXT,
    "decisionProvision" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "effect" JSONB,
    "objection" TEXT,
    "objectedAt" TIMESTAMP(3),
    "objectionReason" TEXT,
    "objectionDecidedById" TEXT,
    "objectionDecidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TraderDetails" (
    "providerId" TEXT NOT NULL,
    "legalName" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'DE',
    "registerKind" TEXT NOT NULL,
    "registerNumber" TEXT NOT NULL,
    "vatId" TEXT,
    "selfCertifiedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TraderDetails_pkey" PRIMARY KEY ("providerId")
);

-- CreateIndex
CREATE INDEX "ContentReport_status_createdAt_idx" ON "ContentReport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ContentReport_contentType_contentId_idx" ON "ContentReport"("contentType", "contentId");

-- CreateIndex
CREATE INDEX "ContentReport_affectedUserId_decidedAt_idx" ON "ContentReport"("affectedUserId", "decidedAt");

-- CreateIndex
CREATE INDEX "ContentReport_reporterId_idx" ON "ContentReport"("reporterId");

-- AddForeignKey
ALTER TABLE "TraderDetails" ADD CONSTRAINT "TraderDetails_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "ProviderProfile"("userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Statuses and kinds as check constraints (English enums, one language)
ALTER TABLE "Request" ADD CONSTRAINT "Request_restriction_check" CHECK ("restriction" IN ('restricted', 'removed'));
ALTER TABLE "ProviderProfile" ADD CONSTRAINT "ProviderProfile_restriction_check" CHECK ("restriction" IN ('restricted', 'removed'));
ALTER TABLE "Offer" ADD CONSTRAINT "Offer_restriction_check" CHECK ("restriction" IN ('restricted', 'removed'));
ALTER TABLE "Review" ADD CONSTRAINT "Review_restriction_check" CHECK ("restriction" IN ('restricted', 'removed'));
ALTER TABLE "DealInquiry" ADD CONSTRAINT "DealInquiry_restriction_check" CHECK ("restriction" IN ('removed'));
ALTER TABLE "ContentReport" ADD CONSTRAINT "ContentReport_contentType_check" CHECK ("contentType" IN ('request', 'provider', 'review', 'offer', 'inquiry'));
ALTER TABLE "ContentReport" ADD CONSTRAINT "ContentReport_ground_check" CHECK ("ground" IN ('illegal', 'terms'));
ALTER TABLE "ContentReport" ADD CONSTRAINT "ContentReport_status_check" CHECK ("status" IN ('open', 'decided', 'objected', 'upheld', 'reversed'));
ALTER TABLE "ContentReport" ADD CONSTRAINT "ContentReport_decision_check" CHECK ("decision" IN ('remove', 'restrict', 'keep'));
ALTER TABLE "ContentReport" ADD CONSTRAINT "ContentReport_decisionGround_check" CHECK ("decisionGround" IN ('illegal', 'terms', 'none'));
ALTER TABLE "TraderDetails" ADD CONSTRAINT "TraderDetails_registerKind_check" CHECK ("registerKind" IN ('commercial_register', 'trade_licence', 'craft_register', 'none'));
