// Every kind of admin change that existed before the audit log now writes its entry with the change
// (decision 030): settings, moderation, trade documents, payouts (approve, release, reject, manual outcome,
// returned transfer) and SEPA batches (create, sent, paid). Who, what, before and after, via the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { transitionPayout } from '../../server/domain/payouts/payout-transition.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
});

const entries = (entityId: string) => app.deps.db.prisma.auditLog.findMany({ where: { entityId }, orderBy: [{ createdAt: 'asc' }, { action: 'asc' }] });

async function seekerWithPayouts(count: number, type: 'bank' | 'paypal') {
  const prisma = app.deps.db.prisma;
  const user = await createSeeker(prisma);
  await inTransaction(prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: `audit-test:${user.id}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(10_000) },
        { account: account.seekerEarnings(user.id), amount: centsToMilli(10_000) },
      ],
    }),
  );
  const c = app.client();
  await signIn(c, user.email, user.password);
  const body =
    type === 'bank' ? { type, iban: 'DE89370400440532013000', accountHolder: 'Sara Seeker', bic: 'COBADEFFXXX' } : { type, email: 'sara@example.com' };
  const methodId = (await c.post<{ id: string }>('/api/payout-methods', body)).body.id;
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 1500, methodId, idempotencyKey: `audit-${user.id}-${i}` })).body.payoutId);
  return ids;
}

describe('audit entries for the existing admin changes', () => {
  it('settings update: only the changed values, before and after', async () => {
    await admin.client.request('PUT', '/api/admin/settings', { 'marketplace.maxRadiusKm': 150, 'marketplace.maxUnlocks': 5 });
    const row = await app.deps.db.prisma.auditLog.findFirstOrThrow({ where: { action: 'settings.update' }, orderBy: { createdAt: 'desc' } });
    expect(row).toMatchObject({
      actorId: admin.user.id,
      entityType: 'settings',
      via: 'dashboard',
      before: { 'marketplace.maxRadiusKm': 200 },
      after: { 'marketplace.maxRadiusKm': 150 },
    });
  });

  it('moderation approve and reject', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const a = await createReleasedRequest(app.deps, seeker.id, { beschreibung: 'Suche einen Maler für zwei Zimmer, ruft mich an unter 0171 2345678' });
    const b = await createReleasedRequest(app.deps, seeker.id, { beschreibung: 'Brauche einen Elektriker, Nummer 0160 9876543, bitte schnell' });
    expect([a.status, b.status]).toEqual(['review', 'review']);
    await admin.client.post(`/api/admin/requests/${a.id}/moderate`, { decision: 'approve' });
    await admin.client.post(`/api/admin/requests/${b.id}/moderate`, { decision: 'reject', reason: 'Kontaktdaten in der Beschreibung' });
    expect((await entries(a.id)).map((e) => [e.action, e.before, e.after, e.actorId])).toEqual([
      ['request.release', { status: 'review' }, { status: 'open' }, admin.user.id],
    ]);
    expect((await entries(b.id)).map((e) => [e.action, e.after])).toEqual([['request.reject', { status: 'rejected' }]]);
    // A refused decision (already decided) records nothing.
    expect((await admin.client.post(`/api/admin/requests/${b.id}/moderate`, { decision: 'approve' })).status).toBe(409);
    expect(await entries(b.id)).toHaveLength(1);
  });

  it('trade document decisions', async () => {
    const p = await createProvider(app.deps);
    const doc = await app.deps.db.prisma.verificationDocument.create({
      data: { providerId: p.user.id, kind: 'gewerbeschein', fileName: 'g.pdf', mimeType: 'application/pdf', size: 4, data: new Uint8Array([37, 80, 68, 70]) },
    });
    await admin.client.post(`/api/admin/verifications/${doc.id}/decide`, { decision: 'reject', note: 'unleserlich' });
    expect((await entries(doc.id)).map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
      ['verification.reject', { status: 'pending' }, { status: 'rejected', providerId: p.user.id }, 'unleserlich'],
    ]);
  });

  it('payouts: approve, release of a held one, reject, manual outcome, and SEPA create, sent, paid, returned transfer', async () => {
    const [approveId, holdId, rejectId] = await seekerWithPayouts(3, 'bank');
    await inTransaction(app.deps.db.prisma, (tx) => transitionPayout(tx, holdId!, { type: 'HELD' }));
    await admin.client.post(`/api/admin/payouts/${approveId}/approve`);
    await admin.client.post(`/api/admin/payouts/${holdId}/approve`);
    await admin.client.post(`/api/admin/payouts/${rejectId}/reject`, { reason: 'Betrugsverdacht' });
    expect((await entries(approveId!)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['payout.approve', { status: 'requested', amountCents: 1500 }, { status: 'approved', amountCents: 1500 }],
    ]);
    expect((await entries(holdId!)).map((e) => [e.action, (e.before as { status: string }).status])).toEqual([['payout.release', 'held']]);
    expect((await entries(rejectId!)).map((e) => [e.action, e.reason, (e.after as { status: string }).status])).toEqual([
      ['payout.reject', 'Betrugsverdacht', 'rejected'],
    ]);

    const batch = (await admin.client.post<{ id: string }>('/api/admin/sepa-batches')).body;
    await admin.client.post(`/api/admin/sepa-batches/${batch.id}/sent`);
    await admin.client.post(`/api/admin/payouts/${holdId}/transfer-failed`, { reason: 'IBAN erloschen' });
    await admin.client.post(`/api/admin/sepa-batches/${batch.id}/paid`);
    const batchLog = await entries(batch.id);
    expect(batchLog.map((e) => e.action)).toEqual(['sepaBatch.create', 'sepaBatch.markSent', 'sepaBatch.markPaid']);
    expect(batchLog[0]!.after).toMatchObject({ status: 'created', count: 2, totalCents: 3000 });
    expect(batchLog.every((e) => e.actorId === admin.user.id)).toBe(true);
    expect((await entries(holdId!)).map((e) => e.action)).toEqual(['payout.release', 'payout.transferFailed']);

    const [manualId] = await seekerWithPayouts(1, 'paypal');
    await admin.client.post(`/api/admin/payouts/${manualId}/approve`);
    await admin.client.post(`/api/admin/payouts/${manualId}/complete`, { outcome: 'paid' });
    expect((await entries(manualId!)).map((e) => [e.action, (e.after as { status: string }).status])).toEqual([
      ['payout.approve', 'approved'],
      ['payout.markPaid', 'paid'],
    ]);
  });
});
