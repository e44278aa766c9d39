-- Statuses as a closed vocabulary (issue 22, decision 086): each status column takes only the values of
-- core/statuses.ts (ContentReport.status has its check since notice_and_action). Hand-written: Prisma does not
-- model CHECK constraints, so the schema diff ignores them: tests/integration/status-checks.integration.test.ts
-- compares these lists with core's on PGlite and PostgreSQL.

ALTER TABLE "Request" ADD CONSTRAINT "Request_status_check" CHECK ("status" IN ('draft', 'review', 'open', 'completed', 'closed', 'expired', 'rejected'));
ALTER TABLE "Match" ADD CONSTRAINT "Match_status_check" CHECK ("status" IN ('offen', 'freigeschaltet', 'angebot', 'kein_interesse', 'geschlossen'));
ALTER TABLE "Match" ADD CONSTRAINT "Match_requestStatus_check" CHECK ("requestStatus" IN ('draft', 'review', 'open', 'completed', 'closed', 'expired', 'rejected'));
ALTER TABLE "Unlock" ADD CONSTRAINT "Unlock_status_check" CHECK ("status" IN ('active', 'settled', 'refunded'));
ALTER TABLE "Offer" ADD CONSTRAINT "Offer_status_check" CHECK ("status" IN ('versendet', 'angenommen', 'abgelehnt', 'zurueckgezogen', 'storniert', 'geschlossen'));
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_status_check" CHECK ("status" IN ('awaiting_both', 'awaiting_provider', 'awaiting_seeker', 'completed', 'cancelled'));
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_status_check" CHECK ("status" IN ('created', 'processing', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'disputed'));
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_status_check" CHECK ("status" IN ('requested', 'held', 'approved', 'processing', 'paid', 'failed', 'rejected'));
ALTER TABLE "SepaBatch" ADD CONSTRAINT "SepaBatch_status_check" CHECK ("status" IN ('created', 'sent', 'paid'));
ALTER TABLE "Commission" ADD CONSTRAINT "Commission_status_check" CHECK ("status" IN ('pending', 'held', 'available', 'reversed', 'canceled'));
ALTER TABLE "VerificationDocument" ADD CONSTRAINT "VerificationDocument_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'));
ALTER TABLE "FollowUpScriptVersion" ADD CONSTRAINT "FollowUpScriptVersion_status_check" CHECK ("status" IN ('draft', 'published', 'archived'));
ALTER TABLE "ChatConfirmation" ADD CONSTRAINT "ChatConfirmation_status_check" CHECK ("status" IN ('pending', 'running', 'confirmed', 'cancelled', 'failed', 'expired'));
