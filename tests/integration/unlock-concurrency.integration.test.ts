// Unlocks under real concurrency, on PostgreSQL (PGlite runs one transaction at a time, so races cannot
// happen there; this file runs in the PostgreSQL pass of the suite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { isAppError } from '../../core/errors.ts';

describe.runIf(onPostgres)('unlocks racing on PostgreSQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await expectLedgerConsistent(app.deps.db.prisma);
    await app?.close();
  });

  const codes = (results: PromiseSettledResult<unknown>[]) =>
    results
      .filter((r) => r.status === 'rejected')
      .map((r) =>
        (r as PromiseRejectedResult).reason && isAppError((r as PromiseRejectedResult).reason)
          ? (r as PromiseRejectedResult).reason.code
          : String((r as PromiseRejectedResult).reason),
      );

  it('200 concurrent unlocks by one provider with Goints for 3 give exactly 3', async () => {
    const provider = await createProvider(app.deps, { categories: ['elektronik'], postcode: '30159', radiusKm: 20 });
    await grantGoints(app.deps.db.prisma, provider.user.id, 100);
    const seeker = await createSeeker(app.deps.db.prisma);
    const requests: string[] = [];
    // 200 different requests (the pre-filter would hold near-identical ones from one seeker as duplicates).
    const syllables = ['ba', 'ke', 'li', 'mo', 'nu', 'ra', 'se', 'ti'];
    const word = (i: number) => [i % 8, Math.floor(i / 8) % 8, Math.floor(i / 64) % 8].map((k) => syllables[k]).join('');
    for (let i = 0; i < 200; i++) {
      const r = await createReleasedRequest(app.deps, seeker.id, {
        kategorie: 'elektronik',
        postcode: '30159',
        beschreibung: `Fernseher der Marke ${word(i)} zeigt kein Bild mehr`,
      });
      expect(r.status).toBe('open');
      requests.push(r.id);
    }
    const results = await Promise.allSettled(requests.map((id) => unlockAtQuotedPrice(app.deps, provider.user.id, id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(new Set(codes(results))).toEqual(new Set(['INSUFFICIENT_GOINTS']));
    expect(await app.deps.db.prisma.unlock.count({ where: { providerId: provider.user.id } })).toBe(3);
    expect((await getGointsBalance(app.deps.db.prisma, provider.user.id)).total).toBe(0n);
    // Failed attempts left no place taken.
    expect(await app.deps.db.prisma.request.aggregate({ where: { id: { in: requests } }, _sum: { unlockCount: true } })).toMatchObject({
      _sum: { unlockCount: 3 },
    });
  });

  it('50 providers racing for a request capped at 5 give exactly 5', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const providers = [];
    for (let i = 0; i < 50; i++) providers.push(await createProvider(app.deps, { categories: ['gastronomie'], postcode: '90402', radiusKm: 30 }));
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'gastronomie',
      postcode: '90402',
      beschreibung: 'Catering für eine Firmenfeier mit 80 Gästen in Nürnberg gesucht.',
    });
    expect(await app.deps.db.prisma.match.count({ where: { requestId: r.id } })).toBe(50);
    const results = await Promise.allSettled(providers.map((p) => unlockAtQuotedPrice(app.deps, p.user.id, r.id)));
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(5);
    expect(new Set(codes(results))).toEqual(new Set(['REQUEST_SOLD_OUT']));
    const row = await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.unlockCount).toBe(5);
    expect(await getBalance(app.deps.db.prisma, account.escrowPromo(r.id))).toBe(goints(250));
    // The 45 who lost kept their Goints.
    let untouched = 0;
    for (const p of providers) if ((await getGointsBalance(app.deps.db.prisma, p.user.id)).total === goints(50)) untouched++;
    expect(untouched).toBe(45);
  });

  it('the same provider unlocking the same request 20 times at once pays once', async () => {
    const provider = await createProvider(app.deps, { categories: ['immobilien'], postcode: '28195' });
    await grantGoints(app.deps.db.prisma, provider.user.id, 500);
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'immobilien',
      postcode: '28195',
      beschreibung: 'Suche eine Dreizimmerwohnung in Bremen zur Miete ab Januar.',
    });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => unlockAtQuotedPrice(app.deps, provider.user.id, r.id)));
    expect(results.every((x) => x.status === 'fulfilled')).toBe(true);
    expect(results.filter((x) => x.status === 'fulfilled' && !(x.value as { repeated: boolean }).repeated)).toHaveLength(1);
    expect((await getGointsBalance(app.deps.db.prisma, provider.user.id)).total).toBe(goints(500));
  });
});
