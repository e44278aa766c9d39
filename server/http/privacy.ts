// Privacy rights of the signed-in person (decision 046): download what akut holds about them (JSON or
// readable HTML), see what deleting the account would do, and delete it. Thin doors to server/domain/privacy.
import { z } from 'zod';
import { translator } from '../i18n.ts';
import { AppError } from '../../core/errors.ts';
import { defineRoute } from './route.ts';
import { exportPersonalData } from '../domain/privacy/export-personal-data.ts';
import { renderExportHtml } from '../domain/privacy/render-export-html.ts';
import { checkAccountDeletion, deleteAccount, isDeletionConfirmation } from '../domain/privacy/delete-account.ts';

export const deletionCheckSchema = z.object({
  possible: z.boolean(),
  blockers: z.array(z.enum(['admin', 'payout_in_flight', 'earnings_payable', 'commissions_pending', 'deal_in_progress'])),
  openRequests: z.number().int(),
  refundedUnlocks: z.number().int(),
  openOffers: z.number().int(),
  goints: z.number().int(),
  earningsCents: z.number().int(),
  retentionYears: z.number().int(),
});

export const deletionResultSchema = z.object({
  deleted: z.literal(true),
  closedRequests: z.number().int(),
  refundedUnlocks: z.number().int(),
  withdrawnOffers: z.number().int(),
});

export const privacyRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me/export',
    summary: 'Everything akut holds about the signed-in person, as a JSON or readable HTML download (GDPR Art. 15 and 20)',
    tags: ['privacy'],
    access: 'user',
    rateLimit: 'export',
    query: z.object({ format: z.enum(['json', 'html']).default('json') }),
    raw: true,
    responseContentType: 'application/json',
    responseDescription: 'An attachment: akut-daten-<date>.json, or .html in the person’s language',
    handler: async ({ deps, auth, query, res, lang }) => {
      const data = await exportPersonalData(deps.db.prisma, auth.user.id);
      const name = translator(lang)('account:export.fileName', { date: data.exportedAt.slice(0, 10), format: query.format }) as string;
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (query.format === 'html') {
        res.type('text/html; charset=utf-8').send(renderExportHtml(data, lang));
        return;
      }
      res.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/me/deletion',
    summary: 'What deleting the account would do now, and what stops it (payout in flight, earnings to pay out, a deal in progress)',
    tags: ['privacy'],
    access: 'user',
    response: deletionCheckSchema,
    handler: ({ deps, auth }) => checkAccountDeletion(deps.db.prisma, auth.user.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/delete',
    summary: 'Deletes the signed-in account: personal data erased at once, accounting records kept pseudonymised for 10 years',
    tags: ['privacy'],
    access: 'user',
    body: z.object({ confirmation: z.string().max(40) }).strict(),
    response: deletionResultSchema,
    handler: async ({ deps, auth, body }) => {
      if (!isDeletionConfirmation(body.confirmation)) throw new AppError('DELETE_CONFIRMATION_MISMATCH');
      return deleteAccount(deps, auth.user.id);
    },
  }),
];
