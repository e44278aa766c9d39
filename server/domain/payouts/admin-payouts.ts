// The admins' side of payouts: the approval queue, approve and reject, PayPal payouts through the API
// (when configured) with the sender batch id stored before the call, manual completion when PayPal is not
// configured, and the status sync (polling) that turns PayPal's answers into paid or failed.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { PayPalError } from '../../integrations/paypal/client.ts';
import { transitionPayout } from './payout-transition.ts';
import { paypalSenderBatchId } from './payout-idempotency-key.ts';
import { requirePayoutRail } from './payout-rails.ts';
import { sendStripeTransfer } from './send-stripe-transfer.ts';
import { queuePayoutMail } from './payout-mail.ts';
export { queuePayoutMail } from './payout-mail.ts';
import { payoutMethodLabel, stripeAccountLast4 } from './payout-methods.ts';
import type { Lang } from '../../i18n.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import type { DbTx } from '../../db.ts';
import type { AdminPayout, HoldReason } from '../../../core/api/payouts.ts';
export type { AdminPayout } from '../../../core/api/payouts.ts';

/** Who makes an admin change to a payout, for the audit log (decision 030). */
export interface PayoutActor {
  actorId: string | null;
  via?: AuditVia;
}

/** Moves a payout and records the change in the audit log, in the caller's transaction. */
export async function auditedPayoutStep(
  tx: DbTx,
  actor: PayoutActor,
  payoutId: string,
  action: string,
  step: (tx: DbTx) => Promise<string>,
  reason?: string | null,
): Promise<string> {
  const before = await tx.payout.findUnique({ where: { id: payoutId }, select: { status: true, amountCents: true, userId: true } });
  const status = await step(tx);
  await recordAudit(tx, {
    actorId: actor.actorId,
    action,
    entityType: 'payout',
    entityId: payoutId,
    before: before ? { status: before.status, amountCents: before.amountCents } : null,
    after: { status, ...(before ? { amountCents: before.amountCents } : {}) },
    reason: reason ?? null,
    via: actor.via ?? 'dashboard',
  });
  return status;
}

/** Payouts for the admins, newest first; the methods' labels in `lang` (without it, see payoutMethodLabel). */
export async function listAdminPayouts(deps: AppDeps, status?: string | readonly string[], lang?: Lang): Promise<AdminPayout[]> {
  const rows = await deps.db.prisma.payout.findMany({
    where: status === undefined ? {} : typeof status === 'string' ? { status } : { status: { in: [...status] } },
    orderBy: { requestedAt: 'desc' },
    take: 300,
    include: { method: true, user: { select: { email: true, name: true } } },
  });
  return rows.map((p) => ({
    id: p.id,
    userId: p.userId,
    userEmail: p.user.email,
    userName: p.user.name,
    amountCents: p.amountCents,
    source: p.source,
    status: p.status,
    method: {
      type: p.method.type,
      label: p.method.type === 'paypal' ? (p.method.paypalEmail ?? '') : payoutMethodLabel(p.method, lang),
      stripeAccountLast4: stripeAccountLast4(p.method.stripeAccountId),
      accountHolder: p.method.accountHolder,
      verified: p.method.verified,
    },
    sepaBatchId: p.sepaBatchId,
    paypalBatchId: p.paypalBatchId,
    failureReason: p.failureReason,
    stripeReversedCents: p.stripeReversedCents,
    // Written only by payoutHoldReasons, from HOLD_REASONS.
    holdReasons: p.holdReasons as HoldReason[],
    requestedAt: p.requestedAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  }));
}

/** After the commit: tells the person live where their payout stands; its mail (queuePayoutMail) goes out. */
export async function tell(deps: AppDeps, payoutId: string) {
  const p = await deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId }, include: { method: true } });
  const payload = p.status === 'paid' ? { payoutId, method: p.method.type } : { payoutId };
  await deps.bus.publish({ type: `payout.${p.status}`, to: { userId: p.userId }, payload }).catch(() => {});
  deps.mailer.flush();
}

/** Approves a requested payout, or releases a held one; a PayPal payout goes to PayPal at once when PayPal is configured. */
export async function approvePayout(deps: AppDeps, adminId: string, payoutId: string, via: AuditVia = 'dashboard'): Promise<{ status: string }> {
  const method = await deps.db.prisma.payout.findUnique({ where: { id: payoutId }, select: { method: { select: { type: true } } } });
  if (!method) throw new AppError('NOT_FOUND');
  // A bank or hand-made PayPal payout asked for while own-account payouts were on waits for a rejection now.
  requirePayoutRail(deps, method.method.type);
  await inTransaction(deps.db.prisma, async (tx) => {
    const held = (await tx.payout.findUnique({ where: { id: payoutId }, select: { status: true } }))?.status === 'held';
    return auditedPayoutStep(tx, { actorId: adminId, via }, payoutId, held ? 'payout.release' : 'payout.approve', (t) =>
      transitionPayout(t, payoutId, { type: 'APPROVED' }, { approvedById: adminId }),
    );
  });
  const p = await deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId }, include: { method: true } });
  if (p.method.type === 'paypal' && deps.money.paypal) await sendPayPalPayout(deps, payoutId);
  if (p.method.type === 'stripe') await sendStripeTransfer(deps, payoutId);
  await tell(deps, payoutId);
  return { status: (await deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId }, select: { status: true } })).status };
}

export async function rejectPayout(
  deps: AppDeps,
  payoutId: string,
  reason: string,
  actor: PayoutActor = { actorId: null, via: 'system' },
): Promise<{ status: string }> {
  const status = await inTransaction(deps.db.prisma, async (tx) => {
    const s = await auditedPayoutStep(tx, actor, payoutId, 'payout.reject', (t) => transitionPayout(t, payoutId, { type: 'REJECTED', reason }), reason);
    await queuePayoutMail(tx, deps, payoutId);
    return s;
  });
  await tell(deps, payoutId);
  return { status };
}

/** PayPal payouts done by hand (no API configured): the admin records the outcome. */
export async function completeManualPayout(
  deps: AppDeps,
  payoutId: string,
  outcome: 'paid' | 'failed',
  reason?: string,
  actor: PayoutActor = { actorId: null, via: 'system' },
): Promise<{ status: string }> {
  const p = await deps.db.prisma.payout.findUnique({ where: { id: payoutId }, include: { method: true } });
  if (!p) throw new AppError('NOT_FOUND');
  if (p.method.type !== 'paypal' || deps.money.paypal) throw new AppError('PAYOUT_NOT_POSSIBLE');
  requirePayoutRail(deps, 'paypal');
  const status = await inTransaction(deps.db.prisma, async (tx) => {
    const s = await auditedPayoutStep(
      tx,
      actor,
      payoutId,
      outcome === 'paid' ? 'payout.markPaid' : 'payout.markFailed',
      async (t) => {
        if (p.status === 'approved') await transitionPayout(t, payoutId, { type: 'SENT' });
        return transitionPayout(t, payoutId, outcome === 'paid' ? { type: 'PAID' } : { type: 'FAILED', reason: reason ?? 'manual' });
      },
      reason,
    );
    await queuePayoutMail(tx, deps, payoutId);
    return s;
  });
  await tell(deps, payoutId);
  return { status };
}

/**
 * Sends an approved PayPal payout. The sender batch id is written first, so a crash or a lost answer is
 * followed by a retry with the same id (PayPal's idempotency), never by a second payout.
 */
export async function sendPayPalPayout(deps: AppDeps, payoutId: string): Promise<void> {
  const paypal = deps.money.paypal;
  if (!paypal) return;
  const prisma = deps.db.prisma;
  const senderBatchId = paypalSenderBatchId(payoutId);
  await prisma.payout.updateMany({ where: { id: payoutId, status: 'approved', senderBatchId: null }, data: { senderBatchId } });
  const p = await prisma.payout.findUniqueOrThrow({ where: { id: payoutId }, include: { method: true } });
  if (p.status !== 'approved' || p.senderBatchId !== senderBatchId) return;
  try {
    const batch = await paypal.createPayout({
      senderBatchId,
      emailSubject: 'akut: Auszahlung / payout',
      items: [{ senderItemId: payoutId, receiver: p.method.paypalEmail!, amountCents: p.amountCents, note: 'akut' }],
    });
    await inTransaction(prisma, (tx) => transitionPayout(tx, payoutId, { type: 'SENT' }, { paypalBatchId: batch.batchId }));
  } catch (err) {
    if (err instanceof PayPalError && !err.retryable) {
      await inTransaction(prisma, async (tx) => {
        await transitionPayout(tx, payoutId, { type: 'FAILED', reason: `PayPal: ${err.message}` });
        await queuePayoutMail(tx, deps, payoutId);
      });
      return;
    }
    // PayPal not reachable: it stays approved with its sender batch id; the sync job tries again.
    deps.logger.warn({ payoutId, err: err instanceof Error ? err.message : String(err) }, 'PayPal payout not sent yet; will retry');
  }
}

const PAID = new Set(['SUCCESS']);
const FAILED = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED']);

/** Polls PayPal for payouts in flight, and retries approved ones whose call did not get through. */
export async function syncPayPalPayouts(deps: AppDeps): Promise<{ paid: number; failed: number; retried: number }> {
  const paypal = deps.money.paypal;
  const out = { paid: 0, failed: 0, retried: 0 };
  if (!paypal) return out;
  const prisma = deps.db.prisma;
  const stuck = await prisma.payout.findMany({ where: { status: 'approved', method: { type: 'paypal' } }, select: { id: true }, take: 50 });
  for (const s of stuck) {
    await sendPayPalPayout(deps, s.id);
    out.retried++;
  }
  const inFlight = await prisma.payout.findMany({ where: { status: 'processing', paypalBatchId: { not: null } }, take: 100 });
  for (const p of inFlight) {
    try {
      const batch = await paypal.getPayout(p.paypalBatchId!);
      const item = batch.items.find((i) => i.senderItemId === p.id) ?? batch.items[0];
      if (!item) continue;
      if (PAID.has(item.status)) {
        await inTransaction(prisma, async (tx) => {
          await transitionPayout(tx, p.id, { type: 'PAID' }, { paypalItemId: item.itemId });
          await queuePayoutMail(tx, deps, p.id);
        });
        out.paid++;
        await tell(deps, p.id);
      } else if (FAILED.has(item.status)) {
        await inTransaction(prisma, async (tx) => {
          await transitionPayout(
            tx,
            p.id,
            { type: 'FAILED', reason: `PayPal ${item.status}${item.error ? `: ${item.error}` : ''}` },
            { paypalItemId: item.itemId },
          );
          await queuePayoutMail(tx, deps, p.id);
        });
        out.failed++;
        await tell(deps, p.id);
      }
    } catch (err) {
      deps.logger.warn({ payoutId: p.id, err: err instanceof Error ? err.message : String(err) }, 'PayPal payout status not read');
    }
  }
  return out;
}
