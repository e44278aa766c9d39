import { defineRoute } from './route.ts';
import { getAdminOverview } from '../domain/admin/get-admin-overview.ts';
import { listOutbox } from '../domain/admin/list-outbox.ts';
import { getSettings, updateSettings } from '../domain/settings/settings.ts';
import { listRequestsForModeration, moderateRequest } from '../domain/requests/moderate-request.ts';
import { decideVerificationDocument, getVerificationFile, listVerificationDocuments } from '../domain/providers/verification-documents.ts';
import { idParams } from './marketplace.schemas.ts';
import { adminContract } from '../../core/contract/admin.ts';
import { adminRequestsContract } from '../../core/contract/admin-requests.ts';

const admin = { roles: ['admin'] } as const;

export const adminRoutes = [
  defineRoute({
    ...adminContract.overview,
    summary: 'Admin overview counters: users, requests, deals, transactions, affiliates',
    tags: ['admin'],
    access: admin,
    handler: ({ read }) => read(getAdminOverview),
  }),
  defineRoute({
    ...adminContract.outbox,
    summary: 'E-mails kept in the outbox (and sent ones), newest first',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps, query }) => ({ mails: await listOutbox(deps.db.prisma, query) }),
  }),
  defineRoute({
    ...adminContract.settings,
    summary: 'Marketplace settings (maximum unlocks per request, expiry days, maximum radius, minimum quality score)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps }) => getSettings(deps.db.prisma),
  }),
  defineRoute({
    ...adminContract.saveSettings,
    summary: 'Changes marketplace settings (validated; applies to requests released afterwards)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, body }) => updateSettings(deps.db.prisma, body, auth.user.id),
  }),
  defineRoute({
    ...adminContract.moderation,
    summary: 'Requests the pre-filter held back, with score and flags',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps }) => ({ requests: await listRequestsForModeration(deps) }),
  }),
  defineRoute({
    ...adminRequestsContract.moderate,
    summary: 'Approves (opens and matches) or rejects a held-back request, with a reason (required to reject) the seeker is told',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => moderateRequest(deps, auth.user.id, params.id, body.decision, { reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContract.verifications,
    summary: 'Trade documents waiting for review (or decided ones)',
    tags: ['admin'],
    access: admin,
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
    ...adminContract.decideVerification,
    summary: "Approves (the provider gets the 'Verifiziert' badge) or rejects a trade document",
    tags: ['admin'],
    access: admin,
    handler: async ({ deps, auth, params, body }) => {
      return decideVerificationDocument(deps, auth.user.id, params.id, body.decision, body.note);
    },
  }),
];
