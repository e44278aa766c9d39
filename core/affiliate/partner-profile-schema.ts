// The partner profile as both doors and the page accept it (one schema, imported by the client too).
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const partnerProfileSchema = z.object({
  firstName: text(80),
  lastName: text(80),
  email: z.string().trim().toLowerCase().email().max(200),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+0-9 ()/-]*$/)
    .optional()
    .transform((v) => (v ? v : undefined)),
  street: text(160),
  zip: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/),
  city: text(120),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
});

export type PartnerProfileInput = z.input<typeof partnerProfileSchema>;

export interface PartnerProfileView {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  street: string;
  zip: string;
  city: string;
  country: string;
  rankingOptIn: boolean;
  updatedAt: string;
}

/** Countries the profile form offers (ISO 3166-1 alpha-2); the server accepts any two-letter code. */
export const PARTNER_COUNTRIES = ['DE', 'AT', 'CH', 'LI', 'LU', 'NL', 'BE', 'FR', 'IT', 'ES', 'PL', 'CZ', 'DK', 'GB', 'US'] as const;
