-- AlterTable
ALTER TABLE "Request" ADD COLUMN     "adminReason" TEXT;
