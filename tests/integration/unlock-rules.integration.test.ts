// The unlock's rules, written once (decision 065): the pure check of server/domain/unlocks/unlock-rules.ts
// and the command that asks it under its locks and books through the one ledger writer. Each rule is pinned
// with the same case on both: every refusal code (and that a refusal books nothing), the confirmed price, the
// promotional Goints spent first, the price in force, and idempotency. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, grantGoints } from '../factories/marketplace.ts';
import { unlockKey, unlockRequest, unlockRequestIn } from '../../server/domain/unlocks/unlock-request.ts';
import { readUnlock, unlockGuard } from '../../server/domain/unlocks/read-unlock-facts.ts';
import { LedgerGuardFailed, postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { statementsOf } from '../../server/db/tx.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';
import { checkUnlock, splitUnlockPrice, unlockRefusal, type UnlockFacts, type UnlockableRequest } from '../../server/domain/unlocks/unlock-rules.ts';
import { DEFAULT_UNLOCK_PRICE } from '../../server/domain/prices/price-list.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { closeRequest } from '../../server/domain/requests/end-request.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { isAppError } from '../../core/errors.ts';
import type { CategoryId } from '../../core/categories/category-ids.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const db = () => app.deps.db.prisma;
/** The unlock as the doors call it, with the price the person confirmed (the default unless given). */
const unlock = (providerId: string, requestId: string, price = 50) => unlockRequest(app.deps, { providerId, requestId, price });

async function refusalOf(p: Promise<unknown>): Promise<{ code: string; params: unknown }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, params: e.params };
    throw e;
  }
  throw new Error('the unlock went through');
}

/** What a refused unlock must leave exactly as it was. */
async function snapshot(providerId: string, requestId: string) {
  const [transactions, entries, unlocks, request, match, wallets, accounts] = await Promise.all([
    db().ledgerTransaction.count(),
    db().ledgerEntry.count(),
    db().unlock.count(),
    db().request.findUnique({ where: { id: requestId }, select: { unlockCount: true, updatedAt: true } }),
    db().match.findFirst({ where: { requestId, providerId }, select: { status: true } }),
    getGointsBalance(db(), providerId),
    db().ledgerAccount.count(),
  ]);
  return { transactions, entries, unlocks, request, match, wallets, accounts };
}

let n = 0;
async function scene(kategorie: CategoryId = 'handwerk', providers = 1) {
  n++;
  const postcode = ['50667', '80331', '20095', '10115', '60311', '70173', '01067', '04109', '90402', '28195'][n % 10]!;
  const seeker = await createSeeker(db());
  const all = [];
  for (let i = 0; i < providers; i++) all.push((await createProvider(app.deps, { categories: [kategorie], postcode, radiusKm: 10 })).user);
  const provider = all[0]!;
  const r = await createReleasedRequest(app.deps, seeker.id, {
    kategorie,
    postcode,
    beschreibung: `Auftrag Nummer ${n}: bitte schnell erledigen, alles weitere nach Absprache vor Ort ${'abcdefghij'[n % 10]}.`,
  });
  expect(r.status).toBe('open');
  expect(await db().match.count({ where: { requestId: r.id, providerId: { in: all.map((p) => p.id) } } })).toBe(providers);
  return { seeker, provider, second: all[1]!, request: r };
}

const open: UnlockableRequest = { status: 'open', userId: 'seeker', acceptedOfferId: null, unlockCount: 0, maxUnlocks: 5 };

describe('refusals: the same code on both paths, and nothing booked', () => {
  it('NOT_FOUND: no match for this provider', async () => {
    const { request } = await scene();
    const stranger = await createProvider(app.deps, { categories: ['beauty'], postcode: '24103', radiusKm: 10 });
    const before = await snapshot(stranger.user.id, request.id);
    expect(await refusalOf(unlock(stranger.user.id, request.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusalOf(unlock(stranger.user.id, 'no-such-request'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot(stranger.user.id, request.id)).toEqual(before);
  });

  it("NOT_FOUND: the provider's own request, even with a match row", async () => {
    expect(unlockRefusal({ ...open, userId: 'p1' }, 'p1')).toBe('NOT_FOUND');
    const { provider } = await scene();
    const own = await createReleasedRequest(app.deps, provider.id, {
      kategorie: 'handwerk',
      postcode: '50667',
      beschreibung: 'Ich suche selbst einen Maler für zwei Zimmer in meiner Wohnung in Köln.',
    });
    // Matching never matches a provider to their own request: a row written by hand stands for a bug there.
    await db().match.deleteMany({ where: { requestId: own.id, providerId: provider.id } });
    await db().match.create({ data: { requestId: own.id, providerId: provider.id, distanceKm: 0 } });
    const before = await snapshot(provider.id, own.id);
    expect(await refusalOf(unlock(provider.id, own.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot(provider.id, own.id)).toEqual(before);
  });

  it('REQUEST_NOT_AVAILABLE: the request is not open', async () => {
    for (const status of ['closed', 'expired', 'completed', 'pending_review']) expect(unlockRefusal({ ...open, status }, 'p1')).toBe('REQUEST_NOT_AVAILABLE');
    expect(unlockRefusal(null, 'p1')).toBe('REQUEST_NOT_AVAILABLE');
    const { seeker, provider, request } = await scene();
    await closeRequest(app.deps, seeker.id, request.id);
    const before = await snapshot(provider.id, request.id);
    expect(await refusalOf(unlock(provider.id, request.id))).toMatchObject({ code: 'REQUEST_NOT_AVAILABLE' });
    expect(await snapshot(provider.id, request.id)).toEqual(before);
  });

  it('REQUEST_DEAL_PENDING: an offer is accepted', async () => {
    expect(unlockRefusal({ ...open, acceptedOfferId: 'o1' }, 'p1')).toBe('REQUEST_DEAL_PENDING');
    // Checked before the cap: a full request with a deal pending says 'deal pending'.
    expect(unlockRefusal({ ...open, acceptedOfferId: 'o1', unlockCount: 5 }, 'p1')).toBe('REQUEST_DEAL_PENDING');
    const { seeker, provider, second, request } = await scene('elektronik', 2);
    await unlock(provider.id, request.id);
    const offer = await createOffer(app.deps, provider.id, {
      requestId: request.id,
      price: 120,
      beschreibung: 'Reparatur mit Ersatzteil und Anfahrt.',
      verfuegbarkeit: 'morgen',
    });
    await acceptOffer(app.deps, seeker.id, offer.id);
    const before = await snapshot(second.id, request.id);
    expect(await refusalOf(unlock(second.id, request.id))).toMatchObject({ code: 'REQUEST_DEAL_PENDING' });
    expect(await snapshot(second.id, request.id)).toEqual(before);
  });

  it('REQUEST_SOLD_OUT: the request reached its maximum', async () => {
    expect(unlockRefusal({ ...open, unlockCount: 4 }, 'p1')).toBeNull();
    expect(unlockRefusal({ ...open, unlockCount: 5 }, 'p1')).toBe('REQUEST_SOLD_OUT');
    const { provider, second, request } = await scene('auto', 2);
    await db().request.update({ where: { id: request.id }, data: { maxUnlocks: 1 } });
    await unlock(provider.id, request.id);
    const before = await snapshot(second.id, request.id);
    expect(await refusalOf(unlock(second.id, request.id))).toMatchObject({ code: 'REQUEST_SOLD_OUT' });
    expect(await snapshot(second.id, request.id)).toEqual(before);
  });

  it('INSUFFICIENT_GOINTS with the price in force, paid and promotional together one Goint short', async () => {
    expect(splitUnlockPrice(goints(30), goints(39), goints(70))).toBeNull();
    expect(splitUnlockPrice(goints(30), goints(40), goints(70))).toEqual({ fromPromo: goints(40), fromPaid: goints(30) });
    await db().priceListEntry.create({ data: { industryCategory: 'immobilien', basePriceCents: 700, commissionRateBp: 4000 } });
    const { provider, request } = await scene('immobilien');
    // 50 promotional (welcome bonus) + 19 paid = 69 < 70.
    await grantGoints(db(), provider.id, 19, undefined, { paid: true });
    const before = await snapshot(provider.id, request.id);
    expect(await refusalOf(unlock(provider.id, request.id, 70))).toEqual({ code: 'INSUFFICIENT_GOINTS', params: { price: 70 } });
    expect(await snapshot(provider.id, request.id)).toEqual(before);
    // One more Goint and it goes through, to the last milli-Goint.
    await grantGoints(db(), provider.id, 1, undefined, { paid: true });
    expect(await unlock(provider.id, request.id, 70)).toEqual({ requestId: request.id, balance: 0, repeated: false });
    expect(await getGointsBalance(db(), provider.id)).toEqual({ total: 0n, paid: 0n, promo: 0n });
  });

  it('INSUFFICIENT_GOINTS for a provider who never had a wallet creates no account', async () => {
    const { request } = await scene('gastronomie');
    // No wallet rows at all (a provider profile would book the welcome bonus): a user matched by hand.
    const bare = await createSeeker(db());
    await db().user.update({ where: { id: bare.id }, data: { role: 'provider' } });
    await db().match.create({ data: { requestId: request.id, providerId: bare.id, distanceKm: 1 } });
    const before = await snapshot(bare.id, request.id);
    expect(await refusalOf(unlock(bare.id, request.id))).toEqual({ code: 'INSUFFICIENT_GOINTS', params: { price: 50 } });
    expect(await snapshot(bare.id, request.id)).toEqual(before);
  });
});

describe('the one check: checkUnlock, asked by the quote and the unlock', () => {
  const facts = (f: Partial<UnlockFacts> = {}): UnlockFacts => ({
    requestId: 'r1',
    providerId: 'p1',
    matched: true,
    alreadyUnlocked: false,
    request: open,
    price: DEFAULT_UNLOCK_PRICE,
    wallets: { paid: goints(30), promo: goints(40) },
    ...f,
  });

  it('in its order: match, repeat, the request, the confirmed price, the wallets', () => {
    expect(checkUnlock(facts({ matched: false, alreadyUnlocked: true }), 50)).toEqual({ outcome: 'refused', refusal: 'NOT_FOUND' });
    expect(checkUnlock(facts({ request: null }), 50)).toEqual({ outcome: 'refused', refusal: 'NOT_FOUND' });
    // A repeat answers the first unlock whatever changed since, the price included.
    expect(checkUnlock(facts({ alreadyUnlocked: true, request: { ...open, status: 'closed' } }), 10)).toEqual({ outcome: 'repeat' });
    expect(checkUnlock(facts({ request: { ...open, unlockCount: 5 } }), 10)).toEqual({ outcome: 'refused', refusal: 'REQUEST_SOLD_OUT' });
    // A changed price is told before the balance: the person first sees the new price.
    expect(checkUnlock(facts({ wallets: { paid: 0n, promo: 0n } }), 40)).toEqual({ outcome: 'refused', refusal: 'UNLOCK_PRICE_CHANGED' });
    expect(checkUnlock(facts({ wallets: { paid: 0n, promo: goints(49) } }), 50)).toEqual({ outcome: 'refused', refusal: 'INSUFFICIENT_GOINTS' });
    expect(checkUnlock(facts(), 50)).toEqual({ outcome: 'allowed', price: goints(50), fromPromo: goints(40), fromPaid: goints(10) });
  });

  it('the quote and the unlock read the same facts: what the quote offers, the unlock charges', async () => {
    await db().priceListEntry.create({ data: { industryCategory: 'beauty', basePriceCents: 600, commissionRateBp: 5000 } });
    const { provider, request } = await scene('beauty');
    await givePaidGointsOnly(db(), provider.id, 100);
    const quote = await getUnlockQuote(db(), provider.id, request.id);
    expect(quote).toMatchObject({ price: 60, balance: 100, unlocked: 0, max: 5, alreadyUnlocked: false, available: true, reason: null });
    expect(await unlock(provider.id, request.id, quote.price)).toEqual({ requestId: request.id, balance: 40, repeated: false });
  });
});

describe('the confirmed price', () => {
  it('UNLOCK_PRICE_CHANGED with a fresh quote when the price in force is not the one confirmed, and nothing booked', async () => {
    const { provider, request } = await scene('news');
    await givePaidGointsOnly(db(), provider.id, 200);
    expect((await getUnlockQuote(db(), provider.id, request.id)).price).toBe(50);
    const entry = await db().priceListEntry.create({ data: { industryCategory: 'news', basePriceCents: 1000, commissionRateBp: 5000 } });
    const before = await snapshot(provider.id, request.id);
    let refused: unknown;
    await unlock(provider.id, request.id, 50).catch((e: unknown) => (refused = e));
    expect(isAppError(refused) && refused.code).toBe('UNLOCK_PRICE_CHANGED');
    expect(refused).toMatchObject({
      params: { price: 100, confirmed: 50 },
      details: { quote: { requestId: request.id, price: 100, balance: 200, available: true } },
    });
    expect(await snapshot(provider.id, request.id)).toEqual(before);
    // Confirmed again at the new price: charged exactly that.
    expect(await unlock(provider.id, request.id, 100)).toEqual({ requestId: request.id, balance: 100, repeated: false });
    const row = await db().unlock.findUniqueOrThrow({ where: { requestId_providerId: { requestId: request.id, providerId: provider.id } } });
    expect(row.price).toBe(goints(100));
    await db().priceListEntry.delete({ where: { id: entry.id } });
  });
});

describe('what an unlock books', () => {
  it('promotional Goints first, the rest paid, each into its own escrow, at the price and rate in force', async () => {
    expect(splitUnlockPrice(goints(100), goints(50), goints(80))).toEqual({ fromPromo: goints(50), fromPaid: goints(30) });
    const entry = await db().priceListEntry.create({ data: { industryCategory: 'urlaub_reisen', basePriceCents: 800, commissionRateBp: 3000 } });
    const { provider, request } = await scene('urlaub_reisen');
    await grantGoints(db(), provider.id, 100, undefined, { paid: true });
    expect(await unlock(provider.id, request.id, 80)).toEqual({ requestId: request.id, balance: 70, repeated: false });
    expect(await getGointsBalance(db(), provider.id)).toEqual({ total: goints(70), paid: goints(70), promo: 0n });
    expect(await getBalance(db(), account.escrowPromo(request.id))).toBe(goints(50));
    expect(await getBalance(db(), account.escrow(request.id))).toBe(goints(30));
    const row = await db().unlock.findUniqueOrThrow({ where: { requestId_providerId: { requestId: request.id, providerId: provider.id } } });
    expect(row).toMatchObject({ price: goints(80), promoPrice: goints(50), commissionRateBp: 3000, status: 'active' });
    const tx = await db().ledgerTransaction.findUniqueOrThrow({ where: { idempotencyKey: unlockKey(request.id, provider.id) }, include: { entries: true } });
    expect(tx.id).toBe(row.ledgerTxId);
    expect(tx).toMatchObject({ kind: 'unlock', reference: request.id, memo: { priceGoints: 80, commissionRateBp: 3000, priceEntryId: entry.id } });
    expect(tx.entries.map((e) => e.amount).sort()).toEqual([-goints(50), -goints(30), goints(30), goints(50)].sort());
    expect(await db().match.findFirst({ where: { requestId: request.id, providerId: provider.id }, select: { status: true } })).toEqual({
      status: 'freigeschaltet',
    });
    const stamped = await db().request.findUniqueOrThrow({ where: { id: request.id } });
    expect(stamped.unlockCount).toBe(1);
    // The request's updatedAt is a real time of today, in UTC like Prisma writes it.
    expect(Math.abs(stamped.updatedAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('all promotional when they cover the price, all paid when there are none, with the default price and rate', async () => {
    expect(splitUnlockPrice(goints(100), goints(60), goints(50))).toEqual({ fromPromo: goints(50), fromPaid: 0n });
    expect(splitUnlockPrice(goints(100), 0n, goints(50))).toEqual({ fromPromo: 0n, fromPaid: goints(50) });
    const promoOnly = await scene('dienstleistungen');
    await grantGoints(db(), promoOnly.provider.id, 10);
    await grantGoints(db(), promoOnly.provider.id, 100, undefined, { paid: true });
    expect((await unlock(promoOnly.provider.id, promoOnly.request.id)).balance).toBe(110);
    expect(await getGointsBalance(db(), promoOnly.provider.id)).toEqual({ total: goints(110), paid: goints(100), promo: goints(10) });
    expect(await getBalance(db(), account.escrow(promoOnly.request.id))).toBe(0n);
    expect(await db().ledgerAccount.count({ where: { kind: 'escrow', ownerId: promoOnly.request.id } })).toBe(0);

    const paidOnly = await scene('versicherung');
    await givePaidGointsOnly(db(), paidOnly.provider.id, 60);
    expect((await unlock(paidOnly.provider.id, paidOnly.request.id)).balance).toBe(10);
    const row = await db().unlock.findUniqueOrThrow({
      where: { requestId_providerId: { requestId: paidOnly.request.id, providerId: paidOnly.provider.id } },
    });
    expect(row).toMatchObject({ price: goints(50), promoPrice: 0n, commissionRateBp: 5000 });
    expect(await getBalance(db(), account.escrow(paidOnly.request.id))).toBe(goints(50));
    expect(await db().ledgerAccount.count({ where: { kind: 'escrow_promo', ownerId: paidOnly.request.id } })).toBe(0);
  });

  it('idempotent: a repeat answers the first unlock with the balance now and books nothing, also after the request ended', async () => {
    const { seeker, provider, request } = await scene('essen');
    await grantGoints(db(), provider.id, 25, undefined, { paid: true });
    expect(await unlock(provider.id, request.id)).toEqual({ requestId: request.id, balance: 25, repeated: false });
    const before = await snapshot(provider.id, request.id);
    expect(await unlock(provider.id, request.id)).toEqual({ requestId: request.id, balance: 25, repeated: true });
    expect(await snapshot(provider.id, request.id)).toEqual(before);
    expect(await db().ledgerTransaction.count({ where: { idempotencyKey: unlockKey(request.id, provider.id) } })).toBe(1);
    // After the request is closed (the unlock refunded), it is still the same unlock, never a second one.
    await closeRequest(app.deps, seeker.id, request.id);
    expect(await unlock(provider.id, request.id)).toEqual({ requestId: request.id, balance: 75, repeated: true });
    expect(await db().unlock.count({ where: { requestId: request.id, providerId: provider.id } })).toBe(1);
  });
});

describe('the guard: the reading must still hold when the unlock books (decision 065)', () => {
  it('a booking guarded by a reading that changed since (a wallet, the counter, the price) writes nothing', async () => {
    const { provider, second, request } = await scene('handwerk', 2);
    await givePaidGointsOnly(db(), provider.id, 200);
    await grantGoints(db(), second.id, 100, undefined, { paid: true });
    const sql = statementsOf(app.deps.db);
    const booking = (reading: Awaited<ReturnType<typeof readUnlock>>) =>
      postTransaction(sql, {
        idempotencyKey: unlockKey(request.id, provider.id),
        kind: 'unlock',
        reference: request.id,
        lines: [
          { account: account.wallet(provider.id), amount: -goints(50) },
          { account: account.escrow(request.id), amount: goints(50) },
        ],
        guard: { ctes: unlockGuard(reading) },
      });
    const stale = async (change: () => Promise<unknown>) => {
      const reading = await readUnlock(sql, provider.id, request.id);
      await change();
      const before = await snapshot(provider.id, request.id);
      await expect(booking(reading)).rejects.toBeInstanceOf(LedgerGuardFailed);
      expect(await snapshot(provider.id, request.id)).toEqual(before);
    };
    // The provider's paid wallet moved (another booking of the same provider).
    await stale(() => grantGoints(db(), provider.id, 1, undefined, { paid: true }));
    // Another provider's unlock took a place.
    await stale(() => unlock(second.id, request.id));
    // The category's price changed.
    let entryId = '';
    await stale(async () => {
      entryId = (await db().priceListEntry.create({ data: { industryCategory: 'handwerk', basePriceCents: 600, commissionRateBp: 4000 } })).id;
    });
    await stale(() => db().priceListEntry.update({ where: { id: entryId }, data: { basePriceCents: 500 } }));
    // The unlock itself reads the facts as they are now and books.
    expect(await unlock(provider.id, request.id)).toEqual({ requestId: request.id, balance: 151, repeated: false });
    await db().priceListEntry.delete({ where: { id: entryId } });
  });

  it('the unlock reads and checks again when its reading changed before its booking, and charges the facts as they are then', async () => {
    const { provider, request } = await scene('handwerk');
    await givePaidGointsOnly(db(), provider.id, 100);
    await grantGoints(db(), provider.id, 10);
    let reads = 0;
    const sql = statementsOf(app.deps.db);
    // The first reading is followed by a promotional grant before the booking: the split it chose is stale.
    const query = sql.$queryRaw.bind(sql) as unknown as (...args: unknown[]) => Promise<unknown>;
    const racing = {
      $queryRaw: async (...args: unknown[]) => {
        const rows = await query(...args);
        if (++reads === 1) await grantGoints(db(), provider.id, 40);
        return rows;
      },
      $executeRaw: sql.$executeRaw.bind(sql),
    } as unknown as typeof sql;
    expect(await unlockRequestIn(racing, { providerId: provider.id, requestId: request.id, price: 50 })).toEqual({
      requestId: request.id,
      balance: 100,
      repeated: false,
    });
    // Promotional Goints first, as they were at the booking: all 50 from the 10 + 40 promotional ones.
    expect(await getGointsBalance(db(), provider.id)).toEqual({ total: goints(100), paid: goints(100), promo: 0n });
    expect(await getBalance(db(), account.escrowPromo(request.id))).toBe(goints(50));
    expect(reads).toBeGreaterThanOrEqual(3);
  });
});
