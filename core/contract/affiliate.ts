// Schemas the partner's and the admins' affiliate endpoints share (server/http/affiliate.ts): the commission plan,
// a commission, a marketing text and the path of a content row. The admins' endpoints are in admin-commissions.ts
// and admin-content.ts; the partner's own are not on the contract yet.
import { z } from 'zod';
import { COMMISSION_STATUSES } from '../../machines/commission.machine.ts';
import { MATERIAL_CATEGORIES } from '../api/affiliate.ts';
import { moneyViewSchema } from '../money/money-view.ts';

export const commissionPlanSchema = z.object({
  poolBp: z.number().int().describe('Share of platform revenue paid as commission, basis points (2000 = 20 %)'),
  levelsBp: z.array(z.number().int()).describe('Levels 1-10: each its share of the pool, basis points'),
  preset: z.string().describe('ten_levels | two_levels | custom'),
  levels: z
    .array(z.object({ level: z.number().int(), bp: z.number().int(), shareOfRevenueBp: z.number() }))
    .describe('Per level: its fraction of the pool and its share of the platform revenue (basis points)'),
  changedAt: z.string().nullable(),
  changedById: z.string().nullable(),
});

export const commissionSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  amount: moneyViewSchema,
  status: z.enum(COMMISSION_STATUSES),
  dubStatus: z.enum(['pending', 'processed', 'refunded', 'canceled']),
  createdAt: z.string(),
  availableAt: z.string().describe('When the refund window ends'),
});

export const marketingMaterialSchema = z.object({
  id: z.string(),
  kind: z.enum(['email', 'social']),
  category: z.enum(MATERIAL_CATEGORIES),
  lang: z.enum(['de', 'en']),
  title: z.string(),
  description: z.string(),
  subject: z.string().nullable(),
  body: z.string().describe('[AFFILIATE_LINK] and [NAME] are filled in by the page'),
  sortOrder: z.number().int(),
  active: z.boolean(),
});

/** A content row's id: seeded rows have readable ids ('mm-de-email-1', 'av-start-1'), new ones uuids. */
export const contentRowParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
