// What admins send to create or change partner content, marketing texts and academy lessons: the dashboard's
// endpoints (core/contract/admin-content.ts) and the admin chat's tools check the same inputs.
import { z } from 'zod';
import { ACADEMY_CATEGORIES, MATERIAL_CATEGORIES } from '../api/affiliate.ts';
import { MATERIAL_LIMITS, VIDEO_LIMITS } from './content-limits.ts';

export const materialInputSchema = z.object({
  kind: z.enum(['email', 'social']),
  category: z.enum(MATERIAL_CATEGORIES).default('other'),
  lang: z.enum(['de', 'en']),
  title: z.string().trim().min(1).max(MATERIAL_LIMITS.titleMax),
  description: z.string().trim().max(MATERIAL_LIMITS.descriptionMax).default(''),
  subject: z.string().trim().max(MATERIAL_LIMITS.subjectMax).nullable().optional(),
  body: z.string().trim().min(1).max(MATERIAL_LIMITS.bodyMax),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});
// Without the defaults: a patch changes only what it names.
export const materialPatchSchema = z
  .object({
    kind: z.enum(['email', 'social']),
    category: z.enum(MATERIAL_CATEGORIES),
    lang: z.enum(['de', 'en']),
    title: z.string().trim().min(1).max(MATERIAL_LIMITS.titleMax),
    description: z.string().trim().max(MATERIAL_LIMITS.descriptionMax),
    subject: z.string().trim().max(MATERIAL_LIMITS.subjectMax).nullable(),
    body: z.string().trim().min(1).max(MATERIAL_LIMITS.bodyMax),
    sortOrder: z.number().int().min(0).max(1000),
    active: z.boolean(),
  })
  .partial();

const fields = {
  category: z.enum(ACADEMY_CATEGORIES),
  titleDe: z.string().trim().min(1).max(VIDEO_LIMITS.titleMax),
  titleEn: z.string().trim().min(1).max(VIDEO_LIMITS.titleMax),
  descriptionDe: z.string().trim().max(VIDEO_LIMITS.descriptionMax),
  descriptionEn: z.string().trim().max(VIDEO_LIMITS.descriptionMax),
  bodyDe: z.string().trim().min(1).max(VIDEO_LIMITS.bodyMax),
  bodyEn: z.string().trim().min(1).max(VIDEO_LIMITS.bodyMax),
  // Empty means 'no video' (the lesson is its text); anything else must be an http(s) address (the command says so, translated).
  url: z
    .string()
    .trim()
    .max(VIDEO_LIMITS.urlMax)
    .nullable()
    .transform((u) => (u ? u : null)),
  durationMin: z.number().int().min(1).max(VIDEO_LIMITS.durationMax).nullable(),
  sortOrder: z.number().int().min(0).max(1000),
  active: z.boolean(),
};
export const videoInputSchema = z.object({
  ...fields,
  descriptionDe: fields.descriptionDe.default(''),
  descriptionEn: fields.descriptionEn.default(''),
  url: fields.url.optional().transform((u) => u ?? null),
  durationMin: fields.durationMin.optional().transform((d) => d ?? null),
  sortOrder: fields.sortOrder.default(0),
  active: fields.active.default(true),
});
export const videoPatchSchema = z.object(fields).partial();
