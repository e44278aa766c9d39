// The affiliate programme's doors: a partner's own code, earnings, network and commissions (any signed-in
// person; always the caller's own figures), the live plan (public, for the pitch pages), and the admins'
// plan, review queue (release or void with a reason) and reversal of a deal's commissions. Thin doors; the
// rules are in server/domain/affiliate.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { COMMISSION_STATUSES } from '../../machines/commission.machine.ts';
import { getPartnerOverview } from '../domain/affiliate/get-partner-overview.ts';
import { getPartnerNetwork } from '../domain/affiliate/get-partner-network.ts';
import { listCommissionsForAdmin, listPartnerCommissions } from '../domain/affiliate/list-commissions.ts';
import { getCommissionPlan, listCommissionPlanHistory } from '../domain/affiliate/get-commission-plan.ts';
import { updateCommissionPlan } from '../domain/affiliate/update-commission-plan.ts';
import { planInputSchema } from '../domain/affiliate/commission-plan.ts';
import { decideCommission } from '../domain/affiliate/decide-commission.ts';
import { reverseDealCommissions } from '../domain/affiliate/reverse-commissions.ts';

const admin = { roles: ['admin'] } as const;

const money = z.object({ goints: z.number().describe('Goints, up to three decimals'), cents: z.number().int().describe('Euro cents, rounded down') });

const planSchema = z.object({
  poolBp: z.number().int().describe('Share of platform revenue paid as commission, basis points (2000 = 20 %)'),
  levelsBp: z.array(z.number().int()).describe('Levels 1-10: each its share of the pool, basis points'),
  preset: z.string().describe('ten_levels | two_levels | custom'),
  levels: z.array(z.object({ level: z.number().int(), bp: z.number().int(), shareOfRevenueBp: z.number() })),
  changedAt: z.string().nullable(),
  changedById: z.string().nullable(),
});

const commissionSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  amount: money,
  status: z.enum(COMMISSION_STATUSES),
  dubStatus: z.enum(['pending', 'processed', 'refunded', 'canceled']),
  createdAt: z.string(),
  availableAt: z.string().describe('When the refund window ends'),
});

const reason = z.string().trim().min(3).max(500);

export const affiliateRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/affiliate/me',
    summary: "The caller's referral code (created at first need) and link, earnings and conversion",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({
      code: z.string().describe("'AKUT-' and six uppercase letters"),
      link: z.string(),
      earnings: z.object({ total: money, thisMonth: money, pending: money, available: money }),
      conversion: z.object({ clicks: z.number().int(), signups: z.number().int(), firstRevenue: z.number().int(), signupRate: z.number().nullable(), revenueRate: z.number().nullable() }),
    }),
    handler: ({ deps, auth }) => getPartnerOverview(deps.db.prisma, auth.user!.id, { origin: deps.config.appUrl }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/network',
    summary: "The caller's network per level 1-10 (counts; first names on level 1 only) and earnings per level",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({
      size: z.number().int(),
      active: z.number().int(),
      levels: z.array(z.object({ level: z.number().int(), people: z.number().int(), active: z.number().int(), earnings: money })),
      direct: z.array(z.object({ firstName: z.string(), joinedAt: z.string(), active: z.boolean() })),
    }),
    handler: ({ deps, auth }) => getPartnerNetwork(deps.db.prisma, auth.user!.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/commissions',
    summary: "The caller's commissions, newest first (level, amount, state; no referred person's identity)",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({ commissions: z.array(commissionSchema) }),
    handler: async ({ deps, auth }) => ({ commissions: await listPartnerCommissions(deps.db.prisma, auth.user!.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/plan',
    summary: 'The commission plan in force (pool and levels), for the affiliate pages',
    tags: ['affiliate'],
    access: 'public',
    response: planSchema,
    handler: ({ deps }) => getCommissionPlan(deps.db.prisma),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/affiliate/plan',
    summary: 'The commission plan in force and its history (newest first, with who changed it)',
    tags: ['admin', 'affiliate'],
    access: admin,
    response: z.object({ plan: planSchema, history: z.array(planSchema) }),
    handler: async ({ deps }) => ({ plan: await getCommissionPlan(deps.db.prisma), history: await listCommissionPlanHistory(deps.db.prisma) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/affiliate/plan',
    summary: 'Changes the commission plan: a preset (ten_levels, two_levels) or pool and ten level fractions (pool at most 50 %, levels at most 100 % of the pool)',
    tags: ['admin', 'affiliate'],
    access: admin,
    body: planInputSchema,
    response: planSchema,
    handler: ({ deps, auth, body }) => updateCommissionPlan(deps.db.prisma, auth.user!.id, body, deps.logger),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/affiliate/commissions',
    summary: 'Commissions in one state (default: held by a fraud rule), with the rules that matched',
    tags: ['admin', 'affiliate'],
    access: admin,
    query: z.object({ status: z.enum(COMMISSION_STATUSES).default('held') }),
    response: z.object({
      commissions: z.array(
        commissionSchema.extend({
          dealId: z.string(),
          partnerId: z.string(),
          partnerEmail: z.string(),
          referredUserId: z.string(),
          flags: z.array(z.object({ code: z.string(), detail: z.string().optional() })),
          decidedById: z.string().nullable(),
          decisionReason: z.string().nullable(),
          owed: money,
        }),
      ),
    }),
    handler: async ({ deps, query }) => ({ commissions: await listCommissionsForAdmin(deps.db.prisma, query.status) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/affiliate/commissions/:id/decide',
    summary: 'Releases a held commission (pending again, available once its window has passed) or voids it, with a reason',
    tags: ['admin', 'affiliate'],
    access: admin,
    params: idParams,
    body: z.object({ decision: z.enum(['release', 'void']), reason }),
    response: z.object({ id: z.string(), status: z.enum(COMMISSION_STATUSES) }),
    handler: ({ deps, auth, params, body }) => decideCommission(deps.db.prisma, auth.user!.id, params.id, body.decision, body.reason, { logger: deps.logger }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/affiliate/deals/:id/reverse-commissions',
    summary: "Reverses every commission of a deal in full (the deal's platform revenue was reversed), with a reason",
    tags: ['admin', 'affiliate'],
    access: admin,
    params: idParams,
    body: z.object({ reason }),
    response: z.object({ reversed: z.number().int() }),
    handler: ({ deps, auth, params, body }) => reverseDealCommissions(deps.db.prisma, auth.user!.id, params.id, body.reason, deps.logger),
  }),
];
