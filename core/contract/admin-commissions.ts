// The admins' commission endpoints (server/http/affiliate.ts defines the routes): the plan and its history, a new
// plan, the commissions in one state (the review queue of held ones), a decision on a held one, and the reversal
// of a deal's commissions.
import { z } from 'zod';
import { COMMISSION_STATUSES } from '../../machines/commission.machine.ts';
import { planInputSchema } from '../affiliate/commission-plan.ts';
import { moneyViewSchema } from '../money/money-view.ts';
import { flagSchema } from './admin.ts';
import { commissionPlanSchema, commissionSchema } from './affiliate.ts';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

export const commissionPlanHistoryEntrySchema = commissionPlanSchema.extend({
  id: z.string(),
  changedBy: z.object({ name: z.string(), email: z.string() }).nullable().describe("Who made the change (null: the admin's account is gone)"),
});

export const adminCommissionSchema = commissionSchema.extend({
  dealId: z.string(),
  partnerId: z.string(),
  partnerEmail: z.string(),
  partnerName: z.string(),
  referredUserId: z.string(),
  referred: z.object({ name: z.string(), email: z.string() }).nullable().describe('The person whose deal earned it (null when that account is gone)'),
  flags: z.array(flagSchema),
  decidedById: z.string().nullable(),
  decisionReason: z.string().nullable(),
  owed: moneyViewSchema,
});

const reason = z.string().trim().min(3).max(500);

export const adminCommissionsContract = {
  plan: endpoint({
    method: 'get',
    path: '/api/admin/affiliate/plan',
    response: z.object({ plan: commissionPlanSchema, history: z.array(commissionPlanHistoryEntrySchema) }),
  }),
  savePlan: endpoint({ method: 'put', path: '/api/admin/affiliate/plan', body: planInputSchema, response: commissionPlanSchema }),
  commissions: endpoint({
    method: 'get',
    path: '/api/admin/affiliate/commissions',
    query: z.object({ status: z.enum(COMMISSION_STATUSES).default('held') }),
    response: z.object({ commissions: z.array(adminCommissionSchema) }),
  }),
  decide: endpoint({
    method: 'post',
    path: '/api/admin/affiliate/commissions/:id/decide',
    params: idParams,
    body: z.object({ decision: z.enum(['release', 'void']), reason }),
    response: z.object({ id: z.string(), status: z.enum(COMMISSION_STATUSES) }),
  }),
  reverseDeal: endpoint({
    method: 'post',
    path: '/api/admin/affiliate/deals/:id/reverse-commissions',
    params: idParams,
    body: z.object({ reason }),
    response: z.object({ reversed: z.number().int() }),
  }),
};

export type AdminCommissionView = z.output<typeof adminCommissionSchema>;
