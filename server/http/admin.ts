import { z } from 'zod';
import { defineRoute } from './route.ts';
import { getAdminOverview } from '../domain/admin/get-admin-overview.ts';
import { listOutbox } from '../domain/admin/list-outbox.ts';
import { getSettings, settingsPatchSchema, SETTINGS, updateSettings } from '../domain/settings/settings.ts';
import { adminReasonInput, listRequestsForModeration, moderateRequest } from '../domain/requests/moderate-request.ts';
import { decideVerificationDocument, getVerificationFile, listVerificationDocuments, verificationNote } from '../domain/providers/verification-documents.ts';
import { idParams } from './marketplace.schemas.ts';

const settingsSchema = z.object(Object.fromEntries(Object.entries(SETTINGS).map(([k, v]) => [k, v])) as { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] });

const admin = { roles: ['admin'] } as const;

export const adminRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/overview',
    summary: 'Admin overview counters: users, requests, deals, transactions, affiliates',
    tags: ['admin'],
    access: admin,
    response: z.object({
      users: z.number().int(),
      requests: z.number().int(),
      deals: z.number().int(),
      transactions: z.number().int(),
      affiliates: z.number().int(),
    }),
    handler: ({ read }) => read(getAdminOverview),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/outbox',
    summary: 'E-mails kept in the outbox (and sent ones), newest first',
    tags: ['admin'],
    access: admin,
    query: z.object({ to: z.string().email().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({
      mails: z.array(
        z.object({
          id: z.string(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          html: z.string(),
          template: z.string(),
          locale: z.string(),
          status: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
    handler: async ({ deps, query }) => ({ mails: await listOutbox(deps.db.prisma, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/settings',
    summary: 'Marketplace settings (maximum unlocks per request, expiry days, maximum radius, minimum quality score)',
    tags: ['admin'],
    access: admin,
    response: settingsSchema,
    handler: ({ deps }) => getSettings(deps.db.prisma),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/settings',
    summary: 'Changes marketplace settings (validated; applies to requests released afterwards)',
    tags: ['admin'],
    access: admin,
    body: settingsPatchSchema,
    response: settingsSchema,
    handler: ({ deps, auth, body }) => updateSettings(deps.db.prisma, body, auth.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/moderation',
    summary: 'Requests the pre-filter held back, with score and flags',
    tags: ['admin'],
    access: admin,
    response: z.object({
      requests: z.array(
        z.object({
          id: z.string(),
          kategorie: z.string(),
          beschreibung: z.string(),
          ort: z.string().nullable(),
          postcode: z.string().nullable(),
          budgetMin: z.number().int().nullable(),
          budgetMax: z.number().int().nullable(),
          dringlichkeit: z.string(),
          qualityScore: z.number().int().nullable(),
          flags: z.array(z.object({ code: z.string(), detail: z.string().optional() })),
          createdAt: z.string(),
        }),
      ),
    }),
    handler: async ({ deps }) => ({ requests: await listRequestsForModeration(deps) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/requests/:id/moderate',
    summary: 'Approves (opens and matches) or rejects a held-back request, with a reason (required to reject) the seeker is told',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ decision: z.enum(['approve', 'reject']), reason: adminReasonInput }),
    response: z.object({ status: z.string(), matched: z.number().int() }),
    handler: ({ deps, auth, params, body }) => moderateRequest(deps, auth.user.id, params.id, body.decision, { reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/verifications',
    summary: 'Trade documents waiting for review (or decided ones)',
    tags: ['admin'],
    access: admin,
    query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
    response: z.object({
      documents: z.array(
        z.object({
          id: z.string(),
          providerId: z.string(),
          firmenname: z.string(),
          kind: z.string(),
          fileName: z.string(),
          mimeType: z.string(),
          size: z.number().int(),
          status: z.string(),
          note: z.string().nullable(),
          createdAt: z.string(),
          reviewedAt: z.string().nullable(),
          providerName: z.string(),
          providerEmail: z.string(),
          verification: z.string(),
        }),
      ),
    }),
    handler: async ({ deps, query }) => ({ documents: await listVerificationDocuments(deps.db.prisma, query.status) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/verifications/:id/file',
    summary: 'The uploaded document itself',
    tags: ['admin'],
    access: admin,
    params: idParams,
    raw: true,
    responseContentType: 'application/octet-stream',
    responseDescription: 'The file with its own Content-Type (PDF, JPEG or PNG)',
    handler: async ({ deps, params, res }) => {
      const file = await getVerificationFile(deps.db.prisma, params.id);
      res.setHeader('Content-Type', file.mimeType);
      res.setHeader('Content-Disposition', `inline; filename="${encodeURIComponent(file.fileName)}"`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(Buffer.from(file.data));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/verifications/:id/decide',
    summary: "Approves (the provider gets the 'Verifiziert' badge) or rejects a trade document",
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ decision: z.enum(['approve', 'reject']), note: verificationNote.optional() }),
    response: z.object({ providerId: z.string(), status: z.enum(['approved', 'rejected']) }),
    handler: async ({ deps, auth, params, body }) => {
      return decideVerificationDocument(deps, auth.user.id, params.id, body.decision, body.note);
    },
  }),
];
