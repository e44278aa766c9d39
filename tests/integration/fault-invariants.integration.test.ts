// The fault suite's invariant checks (scripts/faults/invariants.ts) on a database the app built through
// its own commands: none reports anything after a completed deal, a paid purchase and a paid payout; each
// reports the damage the faults of issue 9 left behind (escrow stranded by an unlock settled without its
// fee, an offer left 'versendet' on a completed request, a purchase credited twice, a payout booked paid
// but marked failed, a payout left waiting, an entry that unbalances the ledger).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { runInvariants } from '../../scripts/faults/invariants.ts';
import { notifyOverdueMatches } from '../../server/domain/matching/notify-new-matches.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { createCheckout } from '../../server/domain/shop/create-checkout.ts';
import { fulfillPurchase } from '../../server/domain/shop/fulfill-purchase.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';
import { requestPayout } from '../../server/domain/payouts/request-payout.ts';
import { approvePayout, completeManualPayout } from '../../server/domain/payouts/admin-payouts.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli, goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const failing = async (paidPurchases: string[] = []) => {
  // The suite checks after the recovery jobs ran: the matches' mails are written by the job that tells them.
  await notifyOverdueMatches(app.deps, 0);
  const results = await runInvariants((sql) => app.deps.db.prisma.$queryRawUnsafe(sql), { paidPurchases });
  return Object.fromEntries(results.filter((r) => r.violations.length).map((r) => [r.name, r.violations.map((v) => v.detail)]));
};

describe('fault suite invariants', () => {
  const s: {
    requestId?: string;
    purchaseId?: string;
    payoutId?: string;
    seekerId?: string;
    methodId?: string;
    second?: string;
    provider?: string;
    dear?: string;
  } = {};

  it('report nothing after a completed deal, a paid purchase and a paid payout', async () => {
    const deps = app.deps;
    const seeker = await createSeeker(deps.db.prisma);
    const { user: provider } = await createProvider(deps);
    const { user: second } = await createProvider(deps);
    const request = await createReleasedRequest(deps, seeker.id);
    expect(request.status).toBe('open');
    await unlockAtQuotedPrice(deps, provider.id, request.id);
    // An unlock at a price of the price list, not the default: what it booked is its price (80 Goints).
    await deps.db.prisma.priceListEntry.create({ data: { industryCategory: 'elektronik', basePriceCents: 800, commissionRateBp: 5000 } });
    const dear = await createReleasedRequest(deps, seeker.id, {
      kategorie: 'elektronik',
      postcode: '50667',
      beschreibung: 'Der Fernseher zeigt kein Bild mehr, nur noch Ton. Bitte reparieren.',
    });
    const { user: repairer } = await createProvider(deps, { categories: ['elektronik'] });
    await inTransaction(deps.db.prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `test-goints:${repairer.id}`,
        kind: 'test_setup',
        lines: [
          { account: account.paymentClearing(), amount: -goints(100) },
          { account: account.wallet(repairer.id), amount: goints(100) },
        ],
      }),
    );
    await unlockAtQuotedPrice(deps, repairer.id, dear.id);
    expect((await deps.db.prisma.unlock.findFirstOrThrow({ where: { requestId: dear.id } })).price).toBe(goints(80));
    const offer = await createOffer(deps, provider.id, {
      requestId: request.id,
      price: 400,
      beschreibung: 'Komme morgen und repariere alles.',
      verfuegbarkeit: 'morgen',
    });
    const { dealId } = await acceptOffer(deps, seeker.id, offer.id);
    await confirmDeal(deps, provider.id, dealId);
    expect((await confirmDeal(deps, seeker.id, dealId)).status).toBe('completed');

    const checkout = await createCheckout(deps, { id: provider.id, email: provider.email, name: provider.name }, 'small', 'de');
    await fulfillPurchase(deps, checkout.purchaseId);

    await inTransaction(deps.db.prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `test-earnings:${seeker.id}`,
        kind: 'test_setup',
        lines: [
          { account: account.paymentClearing(), amount: -centsToMilli(3000) },
          { account: account.seekerEarnings(seeker.id), amount: centsToMilli(3000) },
        ],
      }),
    );
    const method = await addPayoutMethod(deps, seeker.id, { type: 'paypal', email: 'sara@example.com' });
    const admin = await createUser(deps.db.prisma, { role: 'admin' });
    const { payoutId } = await requestPayout(deps, seeker.id, {
      amountCents: 1000,
      methodId: method.id,
      source: 'seeker_earnings',
      idempotencyKey: 'invariants-1',
    });
    await approvePayout(deps, admin.id, payoutId);
    expect((await completeManualPayout(deps, payoutId, 'paid')).status).toBe('paid');

    Object.assign(s, {
      requestId: request.id,
      purchaseId: checkout.purchaseId,
      payoutId,
      seekerId: seeker.id,
      methodId: method.id,
      second: second.id,
      provider: provider.id,
      dear: dear.id,
    });
    expect(await failing([checkout.purchaseId])).toEqual({});
  });

  it('report each kind of damage under its own check', async () => {
    const prisma = app.deps.db.prisma;
    const requestId = s.requestId!;
    // Finding 3: an unlock that committed while the deal settled, marked settled, its fee left in escrow.
    await inTransaction(prisma, async (tx) => {
      const posted = await postTransaction(tx, {
        idempotencyKey: `late-unlock:${requestId}`,
        kind: 'unlock',
        reference: requestId,
        lines: [
          { account: account.walletPromo(s.second!), amount: -goints(50) },
          { account: account.escrowPromo(requestId), amount: goints(50) },
        ],
      });
      await tx.unlock.create({
        data: {
          requestId,
          providerId: s.second!,
          price: goints(50),
          promoPrice: goints(50),
          ledgerTxId: posted.transactionId,
          status: 'settled',
          settledAt: new Date(),
        },
      });
      await tx.request.update({ where: { id: requestId }, data: { unlockCount: { increment: 1 } } });
    });
    // An unlock row whose price is not what its booking moved (80 Goints booked, 50 recorded).
    await prisma.unlock.updateMany({ where: { requestId: s.dear! }, data: { price: goints(50) } });
    // An offer that arrived while the deal settled.
    await prisma.offer.create({
      data: { requestId, providerId: s.second!, priceCents: 30000, beschreibung: 'Zu spät gekommen.', verfuegbarkeit: 'sofort', status: 'versendet' },
    });
    // A purchase credited twice.
    await inTransaction(prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `again:${s.purchaseId}`,
        kind: 'purchase',
        reference: s.purchaseId!,
        lines: [
          { account: account.paymentClearing(), amount: -goints(1000) },
          { account: account.wallet(s.provider!), amount: goints(1000) },
        ],
      }),
    );
    // A payout booked as paid but marked failed, and one left waiting.
    await prisma.payout.update({ where: { id: s.payoutId! }, data: { status: 'failed' } });
    await requestPayout(app.deps, s.seekerId!, { amountCents: 1000, methodId: s.methodId!, source: 'seeker_earnings', idempotencyKey: 'invariants-2' });
    // A purchase the suite paid that the app left unpaid.
    const unpaid = await createCheckout(app.deps, { id: s.provider!, email: 'p@example.com', name: 'P' }, 'small', 'de');
    // An entry that unbalances its transaction and its account.
    const tx = await prisma.ledgerTransaction.findFirstOrThrow({ where: { kind: 'purchase', reference: s.purchaseId! } });
    const wallet = await prisma.ledgerAccount.findUniqueOrThrow({ where: { kind_ownerId: { kind: 'wallet', ownerId: s.provider! } } });
    await prisma.ledgerEntry.create({ data: { id: crypto.randomUUID(), transactionId: tx.id, accountId: wallet.id, amount: 1n, balanceAfter: 0n } });

    const found = await failing([s.purchaseId!, unpaid.purchaseId]);
    expect(Object.keys(found).sort()).toEqual(
      [
        'every transaction sums to zero',
        'every balance equals its entries',
        'each escrow equals its active unlocks, each unlock the price it booked',
        'offers agree with their request and deal',
        'each paid purchase credited once (and nothing else)',
        'each payout booked once, never both paid and returned',
        'nothing stuck in an intermediate state after recovery',
        'no checkout left pending that was paid',
        // The payout marked failed behind the app's back has no mail telling its owner.
        'every mail of a committed change is in the outbox',
      ].sort(),
    );
    expect(found['each escrow equals its active unlocks, each unlock the price it booked']!.sort()).toEqual(
      [
        'request completed: escrow 50 Goints, 0 active unlocks holding 0',
        'request open: escrow 80 Goints, 1 active unlocks holding 50',
        'unlock price 50 Goints (50 promotional), booked 80 (50 promotional)',
      ].sort(),
    );
    expect(found['offers agree with their request and deal']).toEqual(['offer versendet on a completed request']);
    expect(found['each payout booked once, never both paid and returned']).toContain('failed: requested 1, paid 1, returned 0');
    expect(found['nothing stuck in an intermediate state after recovery']).toEqual(['payout still requested']);
    expect(found['no checkout left pending that was paid']).toEqual(['created (paid by the suite)']);
  });
});
