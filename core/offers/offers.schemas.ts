import { z } from 'zod';

/**
 * The highest offer price in euros. akut is for urgent local jobs; a higher figure is a typo or an attempt to
 * inflate the public deal volume (issue 9). The offer dialog checks the same number.
 */
export const MAX_OFFER_EUROS = 100_000;

/** Euros as a number with at most two decimals ('450', '450.5'), stored as cents. */
export const euroAmount = z
  .number()
  .positive()
  .max(MAX_OFFER_EUROS)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'at most two decimals');

export const createOfferInput = z.object({
  requestId: z.uuid(),
  price: euroAmount.describe('Total price in euros'),
  beschreibung: z.string().trim().min(10).max(2000),
  verfuegbarkeit: z.string().trim().min(2).max(200),
});
export type CreateOfferInput = z.infer<typeof createOfferInput>;

export const toCents = (euros: number) => Math.round(euros * 100);
