-- Stripe Connect: the part of a payout's transfer that came back to akut through reversals (decision 088)
ALTER TABLE "Payout" ADD COLUMN "stripeReversedCents" INTEGER NOT NULL DEFAULT 0;
