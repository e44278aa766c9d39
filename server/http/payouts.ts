// Money out: payout methods and payouts for the person, the admins' approval queue and SEPA batches, and
// PayPal's webhook. Thin doors; the rules are in server/domain/payouts.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { addPayoutMethod, listPayoutMethods, removePayoutMethod } from '../domain/payouts/payout-methods.ts';
import { listPayouts, requestPayout } from '../domain/payouts/request-payout.ts';
import { approvePayout, completeManualPayout, listAdminPayouts, rejectPayout, syncPayPalPayouts } from '../domain/payouts/admin-payouts.ts';
import { createSepaBatch, getSepaFile, listSepaBatches, markSepaBatchPaid, markSepaBatchSent, markSepaPayoutFailed } from '../domain/payouts/sepa-batches.ts';
import { idParams } from './marketplace.schemas.ts';
import { refreshStripeAccount, startStripeOnboarding } from '../domain/payouts/start-stripe-onboarding.ts';
import { payoutsContract, stripeReturnPath } from '../../core/contract/payouts.ts';
import { adminPayoutsContract } from '../../core/contract/admin-payouts.ts';

const admin = { roles: ['admin'] } as const;

export const payoutRoutes = [
  defineRoute({
    ...payoutsContract.methods,
    summary: "The caller's payout methods",
    tags: ['payouts'],
    access: 'user',
    handler: async ({ deps, auth }) => ({ methods: await listPayoutMethods(deps, auth.user.id) }),
  }),
  defineRoute({
    ...payoutsContract.addMethod,
    summary: 'Adds a PayPal address or a bank account (IBAN and holder required, BIC and bank name optional; IBAN encrypted at rest)',
    tags: ['payouts'],
    access: 'user',
    handler: ({ deps, auth, body }) => addPayoutMethod(deps, auth.user.id, body),
  }),
  defineRoute({
    ...payoutsContract.startStripe,
    summary:
      "Starts or resumes the caller's Stripe Connect onboarding (an Express account made once; Stripe checks the identity): answers Stripe's single-use link",
    tags: ['payouts'],
    access: 'user',
    handler: ({ deps, auth, body }) => startStripeOnboarding(deps, auth.user.id, { returnPath: body.returnPath }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/payout-methods/stripe/onboarding',
    summary: "Stripe's refresh_url: an expired onboarding link is replaced by a fresh one (redirect)",
    tags: ['payouts'],
    access: 'user',
    query: z.object({ return: stripeReturnPath }),
    raw: true,
    responseContentType: 'text/plain',
    responseDescription: 'A redirect (303) to a fresh Stripe onboarding link',
    handler: async ({ deps, auth, query, res }) => {
      const link = await startStripeOnboarding(deps, auth.user.id, { returnPath: query.return });
      res.redirect(303, link.url);
    },
  }),
  defineRoute({
    ...payoutsContract.refreshStripe,
    summary: "Reads the caller's Stripe Connect account once (after coming back from Stripe), as account.updated would",
    tags: ['payouts'],
    access: 'user',
    handler: async ({ deps, auth }) => {
      await refreshStripeAccount(deps, auth.user.id);
      return { methods: await listPayoutMethods(deps, auth.user.id) };
    },
  }),
  defineRoute({
    ...payoutsContract.removeMethod,
    summary: 'Removes a payout method',
    tags: ['payouts'],
    access: 'user',
    handler: async ({ deps, auth, params }) => {
      await removePayoutMethod(deps, auth.user.id, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    ...payoutsContract.payouts,
    summary: "The caller's payouts, newest first",
    tags: ['payouts'],
    access: 'user',
    handler: async ({ deps, auth, lang }) => ({ payouts: await listPayouts(deps.db.prisma, auth.user.id, lang) }),
  }),
  defineRoute({
    ...payoutsContract.request,
    summary: 'Requests a payout of earnings (at least 10 €); the same idempotency key always answers the same payout',
    tags: ['payouts'],
    access: 'user',
    handler: ({ deps, auth, body, lang }) => requestPayout(deps, auth.user.id, body, lang),
  }),
  defineRoute({
    ...adminPayoutsContract.payouts,
    summary: 'Payouts for the admins (the approval queue: status=requested, and status=held for those held for review)',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps, query, lang }) => ({
      payouts: await listAdminPayouts(deps, query.status, lang),
      paypal: deps.money.paypal ? ('api' as const) : ('manual' as const),
    }),
  }),
  defineRoute({
    ...adminPayoutsContract.approve,
    summary: 'Approves a payout (a PayPal payout is sent at once when PayPal is configured; bank payouts wait for the next SEPA file)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params }) => approvePayout(deps, auth.user.id, params.id),
  }),
  defineRoute({
    ...adminPayoutsContract.reject,
    summary: 'Rejects a payout before it is sent; the amount returns to the earnings',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => rejectPayout(deps, params.id, body.reason, { actorId: auth.user.id }),
  }),
  defineRoute({
    ...adminPayoutsContract.complete,
    summary: 'Records the outcome of a PayPal payout made by hand (when the PayPal API is not configured)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => completeManualPayout(deps, params.id, body.outcome, body.reason, { actorId: auth.user.id }),
  }),
  defineRoute({
    ...adminPayoutsContract.transferFailed,
    summary: 'A bank transfer of a sent SEPA file came back: the payout failed and its amount returns',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => markSepaPayoutFailed(deps, params.id, body.reason, { actorId: auth.user.id }),
  }),
  defineRoute({
    ...adminPayoutsContract.syncPayPal,
    summary: 'Reads the status of PayPal payouts in flight and retries approved ones whose call did not get through',
    tags: ['admin'],
    access: admin,
    handler: ({ deps }) => syncPayPalPayouts(deps),
  }),
  defineRoute({
    ...adminPayoutsContract.batches,
    summary: 'SEPA credit transfer batches',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps }) => ({ batches: await listSepaBatches(deps) }),
  }),
  defineRoute({
    ...adminPayoutsContract.createBatch,
    summary: 'Collects the approved bank payouts into a new SEPA file (pain.001.001.09)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth }) => createSepaBatch(deps, auth.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/sepa-batches/:id/file',
    summary: 'The SEPA file (pain.001 XML) of a batch',
    tags: ['admin'],
    access: admin,
    params: idParams,
    raw: true,
    responseContentType: 'application/xml',
    responseDescription: 'pain.001.001.09 XML, as a download',
    handler: async ({ deps, params, res }) => {
      const file = await getSepaFile(deps, params.id);
      res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      res.end(file.xml);
    },
  }),
  defineRoute({
    ...adminPayoutsContract.batchSent,
    summary: 'Marks the batch as sent to the bank: its payouts are processing',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params }) => markSepaBatchSent(deps, params.id, { actorId: auth.user.id }),
  }),
  defineRoute({
    ...adminPayoutsContract.batchPaid,
    summary: "Marks the batch as paid: its payouts are 'Ausgezahlt'",
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params }) => markSepaBatchPaid(deps, params.id, { actorId: auth.user.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/paypal/webhook',
    summary:
      "PayPal's webhook for payout items (verified with PayPal's verify-webhook-signature; then the payouts in flight are read back: paid, or failed with the amount returned)",
    tags: ['webhooks'],
    access: 'public',
    response: z.object({ received: z.literal(true) }),
    handler: async ({ deps, req }) => {
      const webhookId = deps.config.paypal?.webhookId;
      if (!deps.money.paypal || !webhookId) throw new AppError('NOT_FOUND');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
      const ok = await deps.money.paypal.verifyWebhook({ webhookId, headers, event: req.body }).catch(() => false);
      if (!ok) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      const type = String((req.body as { event_type?: string })?.event_type ?? '');
      if (type.startsWith('PAYMENT.PAYOUTS')) await syncPayPalPayouts(deps);
      return { received: true as const };
    },
  }),
];
