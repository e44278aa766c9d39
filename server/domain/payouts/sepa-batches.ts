// Bank payouts: approved ones are collected into one SEPA credit transfer file (pain.001) that an admin
// downloads and hands to the bank; marking the batch as sent moves its payouts to 'processing', marking it
// paid completes them (and a rejected transfer can be marked failed, which returns the amount).
import crypto from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import type { DbTx } from '../../db.ts';
import { buildPain001 } from '../../integrations/sepa/pain001.ts';
import { openIban } from './payout-methods.ts';
import { requirePayoutRail } from './payout-rails.ts';
import { transitionPayout } from './payout-transition.ts';
import { auditedPayoutStep, queuePayoutMail, tell, type PayoutActor } from './admin-payouts.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import type { SepaBatchView } from '../../../core/api/payouts.ts';
export type { SepaBatchView } from '../../../core/api/payouts.ts';

const view = (b: {
  id: string;
  messageId: string;
  status: string;
  count: number;
  totalCents: number;
  createdAt: Date;
  sentAt: Date | null;
  paidAt: Date | null;
}): SepaBatchView => ({
  id: b.id,
  messageId: b.messageId,
  status: b.status,
  count: b.count,
  totalCents: b.totalCents,
  createdAt: b.createdAt.toISOString(),
  sentAt: b.sentAt?.toISOString() ?? null,
  paidAt: b.paidAt?.toISOString() ?? null,
});

export async function createSepaBatch(deps: AppDeps, adminId: string, via: AuditVia = 'dashboard'): Promise<SepaBatchView> {
  const prisma = deps.db.prisma;
  // A SEPA file pays from the operator's own bank account: only where the operator declared it may (decision 081).
  requirePayoutRail(deps, 'bank');
  return inTransaction(prisma, async (tx) => {
    const payouts = await tx.payout.findMany({
      where: { status: 'approved', sepaBatchId: null, method: { type: 'bank' } },
      include: { method: true },
      orderBy: { requestedAt: 'asc' },
      take: 500,
    });
    if (!payouts.length) throw new AppError('PAYOUT_NOT_POSSIBLE');
    const now = new Date();
    const messageId = `AKUT-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    const xml = buildPain001({
      messageId,
      createdAt: now,
      executionDate: now,
      debtor: { name: deps.config.sepa.debtorName, iban: deps.config.sepa.debtorIban, bic: deps.config.sepa.debtorBic ?? null },
      transfers: payouts.map((p) => ({
        endToEndId: `AKUT-${p.id.replace(/-/g, '').slice(0, 24)}`,
        name: p.method.accountHolder ?? '',
        iban: openIban(deps, p.method.ibanEncrypted) ?? '',
        bic: p.method.bic,
        amountCents: p.amountCents,
        remittance: `akut Auszahlung ${p.id.slice(0, 8)}`,
      })),
    });
    const batch = await tx.sepaBatch.create({
      data: { messageId, createdById: adminId, count: payouts.length, totalCents: payouts.reduce((s, p) => s + p.amountCents, 0), xml },
    });
    const linked = await tx.payout.updateMany({
      where: { id: { in: payouts.map((p) => p.id) }, status: 'approved', sepaBatchId: null },
      data: { sepaBatchId: batch.id },
    });
    if (linked.count !== payouts.length) throw new AppError('CONFLICT');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'sepaBatch.create',
      entityType: 'sepaBatch',
      entityId: batch.id,
      before: null,
      after: { status: batch.status, messageId, count: batch.count, totalCents: batch.totalCents, payoutIds: payouts.map((p) => p.id) },
      via,
    });
    return view(batch);
  });
}

export async function listSepaBatches(deps: AppDeps): Promise<SepaBatchView[]> {
  return (await deps.db.prisma.sepaBatch.findMany({ orderBy: { createdAt: 'desc' }, take: 100, omit: { xml: true } })).map(view);
}

export async function getSepaFile(deps: AppDeps, id: string): Promise<{ fileName: string; xml: string }> {
  const b = await deps.db.prisma.sepaBatch.findUnique({ where: { id } });
  if (!b) throw new AppError('NOT_FOUND');
  return { fileName: `${b.messageId}.xml`, xml: b.xml };
}

async function notifyBatch(deps: AppDeps, batchId: string) {
  const ps = await deps.db.prisma.payout.findMany({ where: { sepaBatchId: batchId }, select: { id: true } });
  for (const p of ps) await tell(deps, p.id);
}

async function auditBatch(tx: DbTx, actor: PayoutActor, id: string, action: string, from: string, to: string) {
  await recordAudit(tx, {
    actorId: actor.actorId,
    action,
    entityType: 'sepaBatch',
    entityId: id,
    before: { status: from },
    after: { status: to },
    via: actor.via ?? 'dashboard',
  });
}

export async function markSepaBatchSent(deps: AppDeps, id: string, actor: PayoutActor = { actorId: null, via: 'system' }): Promise<SepaBatchView> {
  const b = await inTransaction(deps.db.prisma, async (tx) => {
    const moved = await tx.sepaBatch.updateMany({ where: { id, status: 'created' }, data: { status: 'sent', sentAt: new Date() } });
    if (moved.count !== 1) throw new AppError((await tx.sepaBatch.findUnique({ where: { id } })) ? 'CONFLICT' : 'NOT_FOUND');
    for (const p of await tx.payout.findMany({ where: { sepaBatchId: id, status: 'approved' }, select: { id: true } }))
      await transitionPayout(tx, p.id, { type: 'SENT' });
    await auditBatch(tx, actor, id, 'sepaBatch.markSent', 'created', 'sent');
    return tx.sepaBatch.findUniqueOrThrow({ where: { id }, omit: { xml: true } });
  });
  await notifyBatch(deps, id);
  return view(b);
}

export async function markSepaBatchPaid(deps: AppDeps, id: string, actor: PayoutActor = { actorId: null, via: 'system' }): Promise<SepaBatchView> {
  const b = await inTransaction(deps.db.prisma, async (tx) => {
    const moved = await tx.sepaBatch.updateMany({ where: { id, status: 'sent' }, data: { status: 'paid', paidAt: new Date() } });
    if (moved.count !== 1) throw new AppError((await tx.sepaBatch.findUnique({ where: { id } })) ? 'CONFLICT' : 'NOT_FOUND');
    for (const p of await tx.payout.findMany({ where: { sepaBatchId: id, status: 'processing' }, select: { id: true } })) {
      await transitionPayout(tx, p.id, { type: 'PAID' });
      await queuePayoutMail(tx, deps, p.id);
    }
    await auditBatch(tx, actor, id, 'sepaBatch.markPaid', 'sent', 'paid');
    return tx.sepaBatch.findUniqueOrThrow({ where: { id }, omit: { xml: true } });
  });
  await notifyBatch(deps, id);
  return view(b);
}

/** One transfer of a sent batch came back from the bank: that payout failed and its amount returns. */
export async function markSepaPayoutFailed(
  deps: AppDeps,
  payoutId: string,
  reason: string,
  actor: PayoutActor = { actorId: null, via: 'system' },
): Promise<{ status: string }> {
  const p = await deps.db.prisma.payout.findUnique({ where: { id: payoutId }, select: { sepaBatchId: true, userId: true } });
  if (!p?.sepaBatchId) throw new AppError('NOT_FOUND');
  const status = await inTransaction(deps.db.prisma, async (tx) => {
    const s = await auditedPayoutStep(tx, actor, payoutId, 'payout.transferFailed', (t) => transitionPayout(t, payoutId, { type: 'FAILED', reason }), reason);
    await queuePayoutMail(tx, deps, payoutId);
    return s;
  });
  await tell(deps, payoutId);
  return { status };
}
