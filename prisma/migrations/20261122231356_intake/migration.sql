-- AlterTable
ALTER TABLE "Request" ADD COLUMN     "beschreibungOeffentlich" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "firstName" TEXT,
ADD COLUMN     "lang" TEXT NOT NULL DEFAULT 'de',
ADD COLUMN     "releasedAt" TIMESTAMP(3),
ADD COLUMN     "sessionId" TEXT,
ADD COLUMN     "sourceKey" TEXT;

-- CreateTable
CREATE TABLE "MachineConfig" (
    "key" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MachineConfig_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Request_sourceKey_key" ON "Request"("sourceKey");

-- CreateIndex
CREATE INDEX "Request_sessionId_idx" ON "Request"("sessionId");

-- AddForeignKey
ALTER TABLE "Request" ADD CONSTRAINT "Request_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "ChatSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;
