// Payouts to a Stripe Connect account (decision 081): an approved payout becomes one Stripe transfer from
// akut's platform balance to the person's connected account, made with the payout's idempotency key, so a
// retry after a crash, a timeout or a lost answer gets the same transfer back and never a second one. The
// payout is 'processing' while the money is in the connected account's Stripe balance; Stripe's payout of it
// to the person's bank (payout.paid) makes it 'paid'. When the bank refuses it (payout.failed) or the transfer
// is reversed, the transfer is taken back and the amount returns to the person's earnings ('failed'); a part
// reversed, or a reversal after it was paid, returns that part (book-stripe-reversals.ts, decision 088).
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { transitionPayout } from './payout-transition.ts';
import { queuePayoutMail } from './payout-mail.ts';
import type { PayoutEvent } from '../../../machines/payout.machine.ts';
import { stripeReversalKey, stripeTransferKey } from './payout-idempotency-key.ts';
import { bookStripeReversals } from './book-stripe-reversals.ts';

/** Stripe refused the request itself (4xx): retrying with the same key cannot help. Network, 5xx, 429: retry. */
function refusedByStripe(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Sends an approved Stripe payout; nothing when it is not (any more) an approved Stripe payout. */
export async function sendStripeTransfer(deps: AppDeps, payoutId: string): Promise<void> {
  const stripe = deps.money.stripe;
  if (!stripe) return;
  const prisma = deps.db.prisma;
  const p = await prisma.payout.findUniqueOrThrow({ where: { id: payoutId }, include: { method: true } });
  if (p.status !== 'approved' || p.method.type !== 'stripe' || !p.method.stripeAccountId) return;
  let transfer: Stripe.Transfer;
  try {
    transfer = await stripe.transfers.create(
      {
        amount: p.amountCents,
        currency: 'eur',
        destination: p.method.stripeAccountId,
        transfer_group: `payout_${p.id}`,
        description: `akut Auszahlung ${p.id.slice(0, 8)}`,
        metadata: { akutPayoutId: p.id, akutUserId: p.userId },
      },
      { idempotencyKey: stripeTransferKey(p.id) },
    );
  } catch (err) {
    if (refusedByStripe(err)) {
      await inTransaction(prisma, async (tx) => {
        await transitionPayout(tx, payoutId, { type: 'FAILED', reason: `Stripe: ${messageOf(err)}` });
        await queuePayoutMail(tx, deps, payoutId);
      });
      return;
    }
    // Stripe not reachable: it stays approved; the sync job sends it again with the same idempotency key.
    deps.logger.warn({ payoutId, err: messageOf(err) }, 'Stripe transfer not made yet; will retry');
    return;
  }
  await inTransaction(prisma, async (tx) => {
    const now = await tx.payout.findUniqueOrThrow({ where: { id: payoutId }, select: { status: true } });
    if (now.status === 'approved') await transitionPayout(tx, payoutId, { type: 'SENT' }, { stripeTransferId: transfer.id });
  });
}

/**
 * The connected account's Stripe payout to the bank: paid makes its payouts in flight 'paid'; failed takes their
 * transfers back (reversal with an idempotency key) and returns the amounts to the earnings. The payouts are the
 * account's 'processing' ones whose transfer was made before Stripe's payout was created.
 */
export async function settleStripeAccountPayout(
  deps: AppDeps,
  accountId: string,
  stripePayout: Pick<Stripe.Payout, 'id' | 'status' | 'created' | 'failure_message' | 'failure_code'>,
): Promise<{ outcome: string; payoutIds: string[] }> {
  const prisma = deps.db.prisma;
  const method = await prisma.payoutMethod.findUnique({ where: { stripeAccountId: accountId } });
  if (!method) return { outcome: 'ignored: unknown account', payoutIds: [] };
  const inFlight = await prisma.payout.findMany({
    where: { methodId: method.id, status: 'processing', stripeTransferId: { not: null }, processingAt: { lte: new Date((stripePayout.created + 60) * 1000) } },
    select: { id: true, stripeTransferId: true },
  });
  if (stripePayout.status === 'paid') {
    const paid: string[] = [];
    for (const p of inFlight) if (await stepIfProcessing(deps, p.id, { type: 'PAID' })) paid.push(p.id);
    return { outcome: `paid ${paid.length}`, payoutIds: paid };
  }
  const reason = `Stripe: ${stripePayout.failure_message ?? stripePayout.failure_code ?? 'payout failed'}`;
  await prisma.payoutMethod.update({ where: { id: method.id }, data: { stripeStatusReason: reason, stripeStatusAt: new Date() } });
  const failed: string[] = [];
  for (const p of inFlight) {
    // The money went back to the connected account's Stripe balance; take it back to akut's before the ledger
    // returns it to the earnings, so nothing is paid twice.
    await deps.money.stripe!.transfers.createReversal(p.stripeTransferId!, { metadata: { akutPayoutId: p.id } }, { idempotencyKey: stripeReversalKey(p.id) });
    if (await stepIfProcessing(deps, p.id, { type: 'FAILED', reason })) failed.push(p.id);
  }
  return { outcome: `failed ${failed.length}`, payoutIds: failed };
}

/** One step of a payout still in flight; false when a concurrent delivery already moved it (nothing is booked twice). */
async function stepIfProcessing(deps: AppDeps, payoutId: string, event: PayoutEvent): Promise<boolean> {
  return inTransaction(deps.db.prisma, async (tx) => {
    const now = await tx.payout.findUniqueOrThrow({ where: { id: payoutId }, select: { status: true } });
    if (now.status !== 'processing') return false;
    await transitionPayout(tx, payoutId, event);
    await queuePayoutMail(tx, deps, payoutId);
    return true;
  });
}

/**
 * transfer.reversed (Stripe sends it for every reversal, whole or partial: by akut after a failed bank payout, or
 * by an admin in Stripe's dashboard). The transfer and its reversals are read again from Stripe, so a late or
 * repeated event changes nothing. Wholly reversed while in flight: the payout fails and what is left of its amount
 * returns. Otherwise (part of it, or anything after it was paid): each reversal not booked yet returns its part to
 * the earnings (decision 088). Answers what happened ('failed', 'reversed <cents>', 'unchanged', …) and the cents
 * booked back now (0 unless 'reversed').
 */
export async function applyStripeTransferReversal(deps: AppDeps, transfer: Pick<Stripe.Transfer, 'id'>): Promise<{ outcome: string; reversedCents: number }> {
  const outcome = (o: string, reversedCents = 0) => ({ outcome: o, reversedCents });
  const prisma = deps.db.prisma;
  const stripe = deps.money.stripe;
  const p = await prisma.payout.findUnique({ where: { stripeTransferId: transfer.id }, select: { id: true, status: true } });
  if (!p) return outcome('ignored: no payout');
  if (!stripe) return outcome('ignored: Stripe not configured');
  const fresh = await stripe.transfers.retrieve(transfer.id);
  const reversals: Stripe.TransferReversal[] = [];
  for await (const r of stripe.transfers.listReversals(transfer.id, { limit: 100 })) reversals.push(r);
  const whole = fresh.reversed || reversals.reduce((sum, r) => sum + r.amount, 0) >= fresh.amount;
  if (whole && p.status === 'processing' && (await stepIfProcessing(deps, p.id, { type: 'FAILED', reason: 'Stripe: transfer reversed' })))
    return outcome('failed');
  const booked = await bookStripeReversals(
    deps,
    p.id,
    reversals.sort((a, b) => a.created - b.created),
  );
  if (booked.count > 0) return outcome(`reversed ${booked.cents}`, booked.cents);
  const after = (await prisma.payout.findUniqueOrThrow({ where: { id: p.id }, select: { status: true } })).status;
  return outcome(after === 'processing' || after === 'paid' ? 'unchanged' : `already ${after}`);
}

/** Retries approved Stripe payouts whose transfer did not get through (same idempotency key). */
export async function syncStripePayouts(deps: AppDeps): Promise<{ retried: number }> {
  if (!deps.money.stripe) return { retried: 0 };
  const stuck = await deps.db.prisma.payout.findMany({ where: { status: 'approved', method: { type: 'stripe' } }, select: { id: true }, take: 50 });
  for (const s of stuck) await sendStripeTransfer(deps, s.id);
  return { retried: stuck.length };
}
