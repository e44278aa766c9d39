-- DropIndex
DROP INDEX "Match_providerId_status_createdAt_idx";

-- CreateIndex
CREATE INDEX "Match_providerId_createdAt_id_idx" ON "Match"("providerId", "createdAt" DESC, "id" DESC);
