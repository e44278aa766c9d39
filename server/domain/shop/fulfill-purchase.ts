// The one way Goints are bought: a confirmed payment credits the purchase's Goints exactly once, whatever
// the number, order or repetition of deliveries. One database transaction: the purchase moves to 'paid'
// (only from an unpaid status), its receipt number is taken, and the ledger books payment clearing →
// wallet under the purchase's key. The receipt e-mail and the live event follow.
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import type { DbTx } from '../../db.ts';
import { account } from '../ledger/accounts.ts';
import { goints } from '../../../core/money/money.ts';
import { postTransaction, type LedgerLine } from '../ledger/post-transaction.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { receiptLines } from './receipt.ts';

const UNPAID = ['created', 'processing', 'expired', 'failed'];

/** The next receipt number of the year: 'AK-2026-000042' (sequential, never twice). */
export async function nextReceiptNumber(tx: DbTx, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const key = `receipt:${year}`;
  await tx.counter.createMany({ data: [{ key, value: 0 }], skipDuplicates: true });
  const row = await tx.counter.update({ where: { key }, data: { value: { increment: 1 } } });
  return `AK-${year}-${String(row.value).padStart(6, '0')}`;
}

/**
 * Where a purchase's Goints come from and go to: a real payment from payment clearing into the paid wallet;
 * the built-in test checkout (no money moved) from the promotion account into the promotional wallet.
 */
export function purchaseLines(p: { provider: string; userId: string }, amount: bigint): LedgerLine[] {
  return p.provider === 'test'
    ? [
        { account: account.promotion(), amount: -amount },
        { account: account.walletPromo(p.userId), amount },
      ]
    : [
        { account: account.paymentClearing(), amount: -amount },
        { account: account.wallet(p.userId), amount },
      ];
}

export interface Fulfilment {
  purchaseId: string;
  credited: boolean;
}

export async function fulfillPurchase(deps: AppDeps, purchaseId: string, payment: { paymentIntentId?: string | null } = {}): Promise<Fulfilment> {
  const prisma = deps.db.prisma;
  const result = await inTransaction(prisma, async (tx) => {
    const p = await tx.purchase.findUnique({ where: { id: purchaseId } });
    if (!p) throw new Error(`purchase ${purchaseId} not found`);
    const now = new Date();
    const moved = await tx.purchase.updateMany({
      where: { id: purchaseId, status: { in: UNPAID } },
      data: { status: 'paid', paidAt: now, ...(payment.paymentIntentId ? { paymentIntentId: payment.paymentIntentId } : {}) },
    });
    if (moved.count !== 1) return { purchaseId, credited: false, userId: p.userId, told: [] as Notice[] };
    // Numbered only once it is paid, so no number is ever skipped.
    await tx.purchase.update({ where: { id: purchaseId }, data: { receiptNumber: await nextReceiptNumber(tx, now) } });
    const posted = await postTransaction(tx, {
      idempotencyKey: `purchase:${purchaseId}`,
      kind: 'purchase',
      reference: purchaseId,
      memo: { packageId: p.packageId, grossCents: p.grossCents },
      lines: purchaseLines(p, goints(p.goints)),
    });
    if (posted.repeated) return { purchaseId, credited: false, userId: p.userId, told: [] as Notice[] };
    // The receipt commits with the credit (decision 082).
    const paid = await tx.purchase.findUniqueOrThrow({ where: { id: purchaseId } });
    const told = await queueNotices(tx, deps, [
      {
        userId: p.userId,
        event: { type: 'purchase.completed', payload: { purchaseId, goints: paid.goints } },
        mail: {
          template: 'purchaseReceipt',
          key: `purchaseReceipt:${purchaseId}`,
          params: (lang) => ({
            number: paid.receiptNumber ?? '',
            lines: receiptLines(deps.config, paid, lang).join('\n'),
            url: appLink(deps, `/quittung/${purchaseId}`),
          }),
        },
      },
    ]);
    return { purchaseId, credited: true, userId: p.userId, told };
  });
  await announce(deps, result.told);
  return { purchaseId: result.purchaseId, credited: result.credited };
}

/** A payment that needs time (SEPA debit and the like): the purchase shows it is being processed. */
export async function markPurchaseProcessing(deps: AppDeps, purchaseId: string): Promise<void> {
  await deps.db.prisma.purchase.updateMany({ where: { id: purchaseId, status: 'created' }, data: { status: 'processing' } });
}

/** The payment failed or the checkout expired: nothing was credited, the purchase says so. */
export async function markPurchaseUnpaid(deps: AppDeps, purchaseId: string, status: 'failed' | 'expired'): Promise<void> {
  await deps.db.prisma.purchase.updateMany({ where: { id: purchaseId, status: { in: ['created', 'processing'] } }, data: { status } });
}
