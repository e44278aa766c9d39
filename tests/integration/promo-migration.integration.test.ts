// The migration that split paid from promotional Goints classifies money booked before it (decision 019):
// ledger rows written the old way (welcome bonus, test-checkout and Stripe purchases into one wallet,
// unlocks into one escrow) are run through the migration's data step, and afterwards the welcome bonus and
// test-checkout Goints are promotional, Stripe Goints paid, and every ledger invariant holds.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createUser } from '../factories/users.ts';
import { MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { account, type AccountRef } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The data step of the migration (everything after its schema changes). */
function dataStep(): string[] {
  const dir = fs.readdirSync(MIGRATIONS_DIR).find((d) => d.endsWith('_promo_goints_and_payout_holds'))!;
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, dir, 'migration.sql'), 'utf8');
  const data = sql.slice(sql.indexOf('-- Existing Goints'));
  return data
    .split(/;\s*\n/)
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
}

describe('the promotional-Goints migration', () => {
  it('classifies welcome bonus and test-checkout Goints as promotional, Stripe Goints as paid, wallets and escrows alike', async () => {
    const prisma = app.deps.db.prisma;
    const seeker = await createUser(prisma, { role: 'seeker' });
    const request = await prisma.request.create({
      data: { userId: seeker.id, kategorie: 'handwerk', beschreibung: 'Altdaten', status: 'open', unlockCount: 3 },
    });
    const [a, b, c] = [
      await createUser(prisma, { role: 'provider' }),
      await createUser(prisma, { role: 'provider' }),
      await createUser(prisma, { role: 'provider' }),
    ];
    const book = (key: string, kind: string, reference: string, from: AccountRef, to: AccountRef, n: number) =>
      inTransaction(prisma, (tx) =>
        postTransaction(tx, {
          idempotencyKey: key,
          kind,
          reference,
          lines: [
            { account: from, amount: -goints(n) },
            { account: to, amount: goints(n) },
          ],
        }),
      );
    const purchase = async (userId: string, provider: 'stripe' | 'test', paidAt: Date) => {
      const p = await prisma.purchase.create({
        data: {
          userId,
          packageId: 'small',
          goints: 1000,
          grossCents: 10000,
          netCents: 8403,
          vatCents: 1597,
          vatRateBp: 1900,
          provider,
          status: 'paid',
          paidAt,
        },
      });
      // Before the migration every purchase went from payment clearing into the one wallet.
      await book(`purchase:${p.id}`, 'purchase', p.id, account.paymentClearing(), account.wallet(userId), 1000);
    };
    const unlock = async (userId: string, at: Date) => {
      const posted = await book(`unlock:${request.id}:${userId}`, 'unlock', request.id, account.wallet(userId), account.escrow(request.id), 50);
      await prisma.unlock.create({ data: { requestId: request.id, providerId: userId, price: goints(50), ledgerTxId: posted.transactionId, createdAt: at } });
    };
    const t0 = new Date(Date.now() - 3_600_000);
    const t1 = new Date(Date.now() - 1_800_000);
    for (const u of [a, b, c]) await book(`welcome_bonus:${u.id}`, 'welcome_bonus', u.id, account.promotion(), account.wallet(u.id), 50);
    // a: unlocked with the bonus, bought with Stripe later. b: test checkout only. c: bought with Stripe, then unlocked.
    await unlock(a.id, t0);
    await purchase(a.id, 'stripe', t1);
    await purchase(b.id, 'test', t0);
    await unlock(b.id, t1);
    await purchase(c.id, 'stripe', t0);
    await unlock(c.id, t1);

    // These rows stand for bookings made before the migration ran.
    await prisma.ledgerTransaction.updateMany({ data: { createdAt: new Date('2026-11-01T00:00:00Z') } });
    for (const statement of dataStep()) await prisma.$executeRawUnsafe(statement);

    const bal = (ref: AccountRef) => getBalance(prisma, ref);
    expect([await bal(account.wallet(a.id)), await bal(account.walletPromo(a.id))]).toEqual([goints(1000), 0n]);
    expect([await bal(account.wallet(b.id)), await bal(account.walletPromo(b.id))]).toEqual([0n, goints(1000)]);
    expect([await bal(account.wallet(c.id)), await bal(account.walletPromo(c.id))]).toEqual([goints(950), goints(50)]);
    expect([await bal(account.escrow(request.id)), await bal(account.escrowPromo(request.id))]).toEqual([goints(50), goints(100)]);
    expect(await prisma.ledgerTransaction.count({ where: { kind: 'promo_reclassification' } })).toBe(3);
    await expectLedgerConsistent(prisma);
  });
});
