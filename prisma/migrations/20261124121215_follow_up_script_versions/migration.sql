-- AlterTable
ALTER TABLE "ChatSession" ADD COLUMN     "followUpScript" JSONB,
ADD COLUMN     "followUpVersionId" TEXT;

-- CreateTable
CREATE TABLE "FollowUpScriptVersion" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "restoredFrom" INTEGER,
    "createdById" TEXT,
    "publishedById" TEXT,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FollowUpScriptVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FollowUpScriptVersion_number_key" ON "FollowUpScriptVersion"("number");

-- CreateIndex
CREATE INDEX "FollowUpScriptVersion_status_idx" ON "FollowUpScriptVersion"("status");

-- CreateIndex
CREATE INDEX "ChatSession_followUpVersionId_idx" ON "ChatSession"("followUpVersionId");
