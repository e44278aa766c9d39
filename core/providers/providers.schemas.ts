// Request and response shapes of the provider doors (HTTP and chat share them).
import { z } from 'zod';
import { CATEGORY_IDS } from '../categories/category-ids.ts';

export const providerProfileInput = z.object({
  firmenname: z.string().trim().min(2).max(120),
  categories: z.array(z.enum(CATEGORY_IDS)).min(1).max(CATEGORY_IDS.length),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/),
  radiusKm: z.number().int().min(5).max(1000),
  description: z.string().trim().min(20).max(2000),
  phone: z
    .string()
    .trim()
    .min(6)
    .max(40)
    .regex(/^\+?[0-9 ()/.-]{6,40}$/),
  email: z.email().max(200),
  acceptsMatches: z.boolean().optional(),
  minBudget: z.number().int().min(0).max(10_000_000).nullable().optional(),
});
export type ProviderProfileInput = z.infer<typeof providerProfileInput>;

export const badgeSchema = z.enum(['verifiziert', 'top_bewertet']).nullable();

export const providerProfileOutput = z.object({
  userId: z.string(),
  firmenname: z.string(),
  categories: z.array(z.enum(CATEGORY_IDS)),
  postcode: z.string(),
  place: z.string(),
  radiusKm: z.number().int(),
  description: z.string(),
  phone: z.string(),
  email: z.string(),
  acceptsMatches: z.boolean(),
  minBudget: z.number().int().nullable(),
  verification: z.enum(['none', 'pending', 'verified', 'rejected']),
});
export type ProviderProfileOutput = z.infer<typeof providerProfileOutput>;

export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  testimonial: z.string().describe('Empty when the text was restricted after a report'),
  customer: z.string().describe("The seeker's first name, or 'Anonym' / null when not shown"),
  category: z.enum(CATEGORY_IDS),
  createdAt: z.string(),
});

export const publicProviderOutput = z.object({
  id: z.string(),
  firmenname: z.string(),
  description: z.string(),
  categories: z.array(z.enum(CATEGORY_IDS)),
  place: z.string(),
  postcodeArea: z.string().describe('The first two digits of the postcode'),
  radiusKm: z.number().int(),
  verified: z.boolean(),
  badge: badgeSchema,
  ratingAvg: z.number().nullable(),
  ratingCount: z.number().int(),
  dealsCompleted: z.number().int(),
  medianResponseMinutes: z.number().nullable().describe('Median time from a match to the offer, over real offers'),
  reviews: z.array(publicReviewSchema),
  memberSince: z.string(),
  listed: z.boolean().describe('False when the page was restricted after a report: not listed, not indexed'),
});
export type PublicProvider = z.infer<typeof publicProviderOutput>;
