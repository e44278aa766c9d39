// The affiliate programme's doors: a partner's own code, earnings, network and commissions (any signed-in
// person; always the caller's own figures), the live plan (public, for the pitch pages), and the admins'
// plan, review queue (release or void with a reason) and reversal of a deal's commissions. Thin doors; the
// rules are in server/domain/affiliate.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { getPartnerOverview } from '../domain/affiliate/get-partner-overview.ts';
import { getPartnerNetwork } from '../domain/affiliate/get-partner-network.ts';
import { listCommissionsForAdmin, listPartnerCommissions } from '../domain/affiliate/list-commissions.ts';
import { getCommissionPlan, listCommissionPlanHistory } from '../domain/affiliate/get-commission-plan.ts';
import { updateCommissionPlan } from '../domain/affiliate/update-commission-plan.ts';
import { decideAndTellCommission } from '../domain/affiliate/decide-and-tell-commission.ts';
import { reverseDealCommissions } from '../domain/affiliate/reverse-commissions.ts';
import { UNLOCK_PRICE_GOINTS } from '../../core/money/money.ts';
import { getSettings } from '../domain/settings/settings.ts';
import { partnerProfileSchema } from '../../core/affiliate/partner-profile-schema.ts';
import { getPartnerProfile } from '../domain/affiliate/get-partner-profile.ts';
import { savePartnerProfile } from '../domain/affiliate/save-partner-profile.ts';
import { setRankingOptIn } from '../domain/affiliate/set-ranking-opt-in.ts';
import { getCountryRanking } from '../domain/affiliate/get-country-ranking.ts';
import { inviteFriend } from '../domain/affiliate/invite-friend.ts';
import { listMarketingMaterials } from '../domain/affiliate/list-marketing-materials.ts';
import { createMarketingMaterial, deleteMarketingMaterial, updateMarketingMaterial } from '../domain/affiliate/manage-marketing-material.ts';
import { ACADEMY_CATEGORIES, listAcademy } from '../domain/affiliate/list-academy.ts';
import { setVideoWatched } from '../domain/affiliate/set-video-watched.ts';
import { moneyViewSchema } from '../../core/money/money-view.ts';
import { commissionPlanSchema, commissionSchema, contentRowParams, marketingMaterialSchema } from '../../core/contract/affiliate.ts';
import { adminCommissionsContract } from '../../core/contract/admin-commissions.ts';
import { adminContentContract } from '../../core/contract/admin-content.ts';

const admin = { roles: ['admin'] } as const;

const profileView = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  rankingOptIn: z.boolean(),
  updatedAt: z.string(),
});

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
      earnings: z.object({
        total: moneyViewSchema,
        thisMonth: moneyViewSchema,
        pending: moneyViewSchema,
        held: moneyViewSchema.extend({ count: z.number().int() }).describe('The part of pending held for review by a fraud rule'),
        available: moneyViewSchema,
      }),
      conversion: z.object({
        clicks: z.number().int(),
        signups: z.number().int(),
        firstRevenue: z.number().int(),
        signupRate: z.number().nullable(),
        revenueRate: z.number().nullable(),
      }),
    }),
    handler: ({ deps, auth }) => getPartnerOverview(deps.db.prisma, auth.user.id, { origin: deps.config.appUrl }),
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
      levels: z.array(z.object({ level: z.number().int(), people: z.number().int(), active: z.number().int(), earnings: moneyViewSchema })),
      direct: z.array(z.object({ firstName: z.string(), joinedAt: z.string(), active: z.boolean() })),
    }),
    handler: ({ deps, auth }) => getPartnerNetwork(deps.db.prisma, auth.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/commissions',
    summary: "The caller's commissions, newest first (level, amount, state; no referred person's identity)",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({ commissions: z.array(commissionSchema) }),
    handler: async ({ deps, auth }) => ({ commissions: await listPartnerCommissions(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/plan',
    summary: 'The commission plan in force (pool and levels), for the affiliate pages',
    tags: ['affiliate'],
    access: 'public',
    response: commissionPlanSchema.extend({
      unlockPriceGoints: z.number().int().describe('What a provider pays to unlock one request'),
      maxUnlocks: z.number().int().describe('How many providers may unlock one request'),
    }),
    handler: async ({ read }) => ({
      ...(await read(getCommissionPlan)),
      unlockPriceGoints: UNLOCK_PRICE_GOINTS,
      maxUnlocks: (await read(getSettings))['marketplace.maxUnlocks'],
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/profile',
    summary: "The caller's partner profile (null before the first save)",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({ profile: profileView.nullable() }),
    handler: async ({ deps, auth }) => ({ profile: await getPartnerProfile(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/affiliate/profile',
    summary: "Saves the caller's partner profile (first and last name, e-mail, street, zip, city, country required; phone optional)",
    tags: ['affiliate'],
    access: 'user',
    body: partnerProfileSchema,
    response: z.object({ profile: profileView }),
    handler: async ({ deps, auth, body }) => ({ profile: await savePartnerProfile(deps.db.prisma, auth.user.id, body) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/affiliate/ranking/opt-in',
    summary: 'Whether the caller takes part (pseudonymously, by the country of their profile) in the ranking',
    tags: ['affiliate'],
    access: 'user',
    body: z.object({ optIn: z.boolean() }),
    response: z.object({ rankingOptIn: z.boolean() }),
    handler: ({ deps, auth, body }) => setRankingOptIn(deps.db.prisma, auth.user.id, body.optIn),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/ranking',
    summary: "The ranking by country of the partners who opted in (pseudonyms and countries only), with the caller's own place",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({
      optedIn: z.boolean(),
      country: z.string().nullable(),
      countries: z.array(z.object({ country: z.string(), partners: z.number().int(), earnings: moneyViewSchema })),
      partners: z.array(z.object({ rank: z.number().int(), pseudonym: z.string(), country: z.string(), earnings: moneyViewSchema, you: z.boolean() })),
    }),
    handler: ({ deps, auth }) => getCountryRanking(deps.db.prisma, auth.user.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/affiliate/invite',
    summary: "Sends an invitation mail with the caller's referral link (at most 10 a day; the address is not stored)",
    tags: ['affiliate'],
    access: 'user',
    rateLimit: 'public',
    body: z.object({ email: z.string().trim().toLowerCase().email().max(200), lang: z.enum(['de', 'en']) }),
    response: z.object({ sent: z.literal(true), remainingToday: z.number().int() }),
    handler: ({ deps, auth, body }) => inviteFriend(deps, auth.user.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/materials',
    summary: 'Marketing texts (e-mail templates and social posts) in one language',
    tags: ['affiliate'],
    access: 'user',
    query: z.object({ lang: z.enum(['de', 'en']).default('de') }),
    response: z.object({ materials: z.array(marketingMaterialSchema) }),
    handler: async ({ deps, query }) => ({ materials: await listMarketingMaterials(deps.db.prisma, { lang: query.lang, activeOnly: true }) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/affiliate/academy',
    summary: "The academy's lessons by category in the caller's language, their own progress and the live figures of the lessons' placeholders",
    tags: ['affiliate'],
    access: 'user',
    response: z.object({
      videos: z.array(
        z.object({
          id: z.string(),
          category: z.enum(ACADEMY_CATEGORIES),
          title: z.string(),
          description: z.string(),
          body: z.string().describe('The lesson text, placeholders such as [UNLOCK_PRICE] and [LEVELS] unfilled'),
          url: z.string().nullable().describe('The optional video (http(s)); null: just the text'),
          durationMin: z.number().int().nullable(),
          watched: z.boolean().describe('Marked done by the caller (read or watched)'),
        }),
      ),
      progress: z.object({ watched: z.number().int(), total: z.number().int() }).describe('Lessons marked done of all lessons'),
      figures: z.object({
        plan: z.object({ poolBp: z.number().int(), levelsBp: z.array(z.number().int()) }),
        unlockPriceGoints: z.number().int(),
        maxUnlocks: z.number().int(),
        platformShareBp: z.number().int(),
        refundWindowDays: z.number().int(),
        minPayoutCents: z.number().int(),
        welcomeBonusGoints: z.number().int(),
        signupBurstCount: z.number().int(),
        invitesPerDay: z.number().int(),
      }),
    }),
    handler: ({ deps, auth, lang }) => listAcademy(deps.db.prisma, auth.user.id, lang),
  }),
  defineRoute({
    method: 'put',
    path: '/api/affiliate/academy/:id/progress',
    summary: 'Marks an academy lesson done (read, or its video watched) or not done',
    tags: ['affiliate'],
    access: 'user',
    params: contentRowParams,
    body: z.object({ watched: z.boolean() }),
    response: z.object({ videoId: z.string(), watched: z.boolean() }),
    handler: ({ deps, auth, params, body }) => setVideoWatched(deps.db.prisma, auth.user.id, params.id, body.watched),
  }),
  defineRoute({
    ...adminContentContract.materials,
    summary: 'Every marketing text (both languages, inactive ones too)',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: async ({ deps }) => ({ materials: await listMarketingMaterials(deps.db.prisma, { activeOnly: false }) }),
  }),
  defineRoute({
    ...adminContentContract.createMaterial,
    summary: 'Creates a marketing text (no income promises; [AFFILIATE_LINK] and [NAME] are placeholders); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, body }) => createMarketingMaterial(deps.db.prisma, auth.user.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContentContract.updateMaterial,
    summary: 'Changes a marketing text (also activates or hides it); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, params, body }) =>
      updateMarketingMaterial(deps.db.prisma, auth.user.id, params.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContentContract.deleteMaterial,
    summary: 'Deletes a marketing text; audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, params }) => deleteMarketingMaterial(deps.db.prisma, auth.user.id, params.id, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminCommissionsContract.plan,
    summary: 'The commission plan in force and its history (newest first, with who changed it)',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: async ({ deps }) => ({ plan: await getCommissionPlan(deps.db.prisma), history: await listCommissionPlanHistory(deps.db.prisma) }),
  }),
  defineRoute({
    ...adminCommissionsContract.savePlan,
    summary:
      'Changes the commission plan: a preset (ten_levels, two_levels) or pool and ten level fractions (pool at most 50 %, levels at most 100 % of the pool); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, body }) => updateCommissionPlan(deps.db.prisma, auth.user.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminCommissionsContract.commissions,
    summary: 'Commissions in one state (default: held by a fraud rule), with the rules that matched',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: async ({ deps, query }) => ({ commissions: await listCommissionsForAdmin(deps.db.prisma, query.status) }),
  }),
  defineRoute({
    ...adminCommissionsContract.decide,
    summary: 'Releases a held commission (pending again, available once its window has passed) or voids it, with a reason',
    tags: ['admin', 'affiliate'],
    access: admin,
    // The partner learns why their commission was voided: the mail commits with the decision, the live note after it.
    handler: ({ deps, auth, params, body }) => decideAndTellCommission(deps, auth.user.id, params.id, body.decision, body.reason, 'dashboard'),
  }),
  defineRoute({
    ...adminCommissionsContract.reverseDeal,
    summary: "Reverses every commission of a deal in full (the deal's platform revenue was reversed), with a reason",
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, params, body }) => reverseDealCommissions(deps.db.prisma, auth.user.id, params.id, body.reason, deps.logger),
  }),
];
