// The price list (admin tab 'preise', decision 032): admins create, change and delete entries by dashboard and
// by chat (validated, translated, audited); the entry of a request's category sets its unlock price and the
// platform's share at a deal; an unlock already paid keeps its own price and rate, also at settlement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient, signIn } from '../helpers/auth.ts';
import { createSession, sendChat, type ChatTurn } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';
import { listProviderMatches } from '../../server/domain/matching/list-provider-matches.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { listAuditLog } from '../../server/domain/admin/audit.ts';
import { priceChangeOf } from '../../server/chat/tools/admin-prices.ts';
import { parseEuroCents, parsePercentBp } from '../../server/domain/prices/price-list.ts';
import { seekerShareOf } from '../../server/domain/prices/seeker-share.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin' });
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

interface Entry {
  id: string;
  industryCategory: string;
  serviceType: string;
  basePriceCents: number;
  unlockGoints: number;
  commissionRateBp: number;
  description: string;
}
type ErrorBody = { error: { code: string; message: string } };

describe('price list by dashboard', () => {
  it('creates, changes and deletes entries with validation, each change audited; other roles are refused', async () => {
    const c = admin.client;
    const empty = await c.get<{
      entries: Entry[];
      defaults: { basePriceCents: number; commissionRateBp: number };
      categories: { kategorie: string; goints: number; fromEntry: boolean }[];
    }>('/api/admin/prices');
    expect(empty.status).toBe(200);
    expect(empty.body.defaults).toEqual({ basePriceCents: 500, commissionRateBp: 5000 });
    expect(empty.body.categories.find((x) => x.kategorie === 'auto')).toMatchObject({ goints: 50, fromEntry: false });

    const good = { industryCategory: 'auto', serviceType: '', basePriceCents: 700, commissionRateBp: 4000, description: 'Werkstatt und Kfz' };
    // Bad input: a clear translated error, and nothing stored.
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ ...good, basePriceCents: 705 }, 'PRICE_AMOUNT_INVALID', /zwischen 0,10 € und 500 €/],
      [{ ...good, basePriceCents: 0 }, 'PRICE_AMOUNT_INVALID', /Grundpreis/],
      [{ ...good, basePriceCents: 50_010 }, 'PRICE_AMOUNT_INVALID', /Grundpreis/],
      [{ ...good, commissionRateBp: 10_001 }, 'PRICE_RATE_INVALID', /zwischen 0 % und 100 %/],
      [{ ...good, commissionRateBp: -1 }, 'PRICE_RATE_INVALID', /Plattformanteil/],
      [{ ...good, industryCategory: 'raumfahrt' }, 'PRICE_CATEGORY_UNKNOWN', /Kategorie/],
      [{ ...good, basePriceCents: 7.5 }, 'VALIDATION_FAILED', /./],
      [{ ...good, basePriceCents: '700' }, 'VALIDATION_FAILED', /./],
    ];
    for (const [body, code, message] of bad) {
      const res = await c.post<ErrorBody>('/api/admin/prices', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await app.deps.db.prisma.priceListEntry.count()).toBe(0);
    expect((await listAuditLog(app.deps.db.prisma, { action: 'price.', limit: 50 })).entries).toHaveLength(0);

    const created = await c.post<Entry>('/api/admin/prices', good);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      industryCategory: 'auto',
      serviceType: '',
      basePriceCents: 700,
      unlockGoints: 70,
      commissionRateBp: 4000,
      description: 'Werkstatt und Kfz',
    });
    c.lang = 'en';
    const twice = await c.post<ErrorBody>('/api/admin/prices', good);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'PRICE_ENTRY_EXISTS', message: 'There is already an entry for this category and service type. Please edit it.' });
    c.lang = 'de';
    // A service-type entry of the same category is a different entry.
    const specific = await c.post<Entry>('/api/admin/prices', { ...good, serviceType: 'Reifenwechsel', basePriceCents: 300 });
    expect(specific.status).toBe(201);

    const badEdit = await c.request<ErrorBody>('PUT', `/api/admin/prices/${created.body.id}`, { ...good, basePriceCents: 12_345 });
    expect(badEdit.body.error.code).toBe('PRICE_AMOUNT_INVALID');
    const edited = await c.request<Entry>('PUT', `/api/admin/prices/${created.body.id}`, { ...good, basePriceCents: 900, commissionRateBp: 3500 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ basePriceCents: 900, unlockGoints: 90, commissionRateBp: 3500 });
    const listed = await c.get<{ entries: Entry[]; categories: { kategorie: string; goints: number; commissionRateBp: number; fromEntry: boolean }[] }>(
      '/api/admin/prices',
    );
    expect(listed.body.entries.map((e) => [e.industryCategory, e.serviceType, e.basePriceCents])).toEqual([
      ['auto', '', 900],
      ['auto', 'Reifenwechsel', 300],
    ]);
    // Requests carry no service type: the category entry is what prices them.
    expect(listed.body.categories.find((x) => x.kategorie === 'auto')).toEqual({ kategorie: 'auto', goints: 90, commissionRateBp: 3500, fromEntry: true });

    const deleted = await c.request('DELETE', `/api/admin/prices/${specific.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await c.request<ErrorBody>('DELETE', `/api/admin/prices/${specific.body.id}`)).status).toBe(404);
    expect((await c.request('DELETE', `/api/admin/prices/${created.body.id}`)).status).toBe(200);
    const after = await c.get<{ entries: Entry[]; categories: { kategorie: string; goints: number }[] }>('/api/admin/prices');
    expect(after.body.entries).toEqual([]);
    expect(after.body.categories.find((x) => x.kategorie === 'auto')!.goints).toBe(50);

    const audit = (await listAuditLog(app.deps.db.prisma, { action: 'price.', limit: 50 })).entries.reverse();
    expect(audit.map((a) => [a.action, a.via, a.actorId])).toEqual([
      ['price.create', 'dashboard', admin.user.id],
      ['price.create', 'dashboard', admin.user.id],
      ['price.update', 'dashboard', admin.user.id],
      ['price.delete', 'dashboard', admin.user.id],
      ['price.delete', 'dashboard', admin.user.id],
    ]);
    expect(audit[2]).toMatchObject({
      entityId: created.body.id,
      before: { basePriceCents: 700, commissionRateBp: 4000 },
      after: { basePriceCents: 900, commissionRateBp: 3500 },
    });
    expect(audit[4]).toMatchObject({ entityId: created.body.id, before: { basePriceCents: 900 }, after: null });

    const seeker = await signedInClient(app, { role: 'seeker' });
    expect((await seeker.client.post('/api/admin/prices', good)).status).toBe(403);
    expect(await app.deps.db.prisma.priceListEntry.count()).toBe(0);
  });
});

describe('the price list sets unlock prices and the split at a deal', () => {
  it("an unlock costs its category's price; an earlier unlock keeps its price and rate and is settled at them", async () => {
    const prisma = app.deps.db.prisma;
    const seeker = await createSeeker(prisma);
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'elektronik',
      postcode: '04109',
      beschreibung: 'Der Fernseher zeigt kein Bild mehr, nur noch Ton. Bitte reparieren.',
    });
    const early = await createProvider(app.deps, { categories: ['elektronik'], postcode: '04109' });
    const late = await createProvider(app.deps, { categories: ['elektronik'], postcode: '04109' });
    const poor = await createProvider(app.deps, { categories: ['elektronik'], postcode: '04109' });
    for (const p of [early, late]) await givePaidGointsOnly(prisma, p.user.id, 1000);

    // Today's behaviour is the default: 50 Goints, half to the platform.
    expect((await getUnlockQuote(prisma, early.user.id, r.id)).price).toBe(50);
    await unlockAtQuotedPrice(app.deps, early.user.id, r.id);
    expect((await getGointsBalance(prisma, early.user.id)).total).toBe(goints(950));

    // The admin makes Elektronik 8 € with a 20 % platform share.
    const set = await admin.client.post<Entry>('/api/admin/prices', { industryCategory: 'elektronik', basePriceCents: 800, commissionRateBp: 2000 });
    expect(set.status).toBe(201);

    const quote = await getUnlockQuote(prisma, late.user.id, r.id);
    expect(quote.price).toBe(80);
    const feed = await listProviderMatches(prisma, late.user.id, 'de');
    const card = feed.matches.find((m) => m.request.id === r.id)!;
    expect(card.request.unlockPrice).toBe(80);
    const shop = await app.client().get<{
      unlockPriceGoints: number;
      unlockPriceMaxGoints: number;
      unlockPrices: { kategorie: string; goints: number }[];
      packages: { id: string; goints: number; requests: number; requestsMin: number }[];
    }>('/api/shop/packages');
    expect(shop.body).toMatchObject({ unlockPriceGoints: 50, unlockPriceMaxGoints: 80 });
    expect(shop.body.unlockPrices.find((p) => p.kategorie === 'elektronik')!.goints).toBe(80);
    expect(shop.body.packages.find((p) => p.id === 'small')).toMatchObject({ goints: 1000, requests: 20, requestsMin: 12 });

    await unlockAtQuotedPrice(app.deps, late.user.id, r.id);
    expect((await getGointsBalance(prisma, late.user.id)).total).toBe(goints(920));
    // The welcome bonus (50) is not enough for 80: refused with the real price, nothing moves.
    await expect(unlockAtQuotedPrice(app.deps, poor.user.id, r.id)).rejects.toMatchObject({ code: 'INSUFFICIENT_GOINTS', params: { price: 80 } });
    const pc = app.client();
    await signIn(pc, poor.user.email, poor.user.password);
    const refused = await pc.post<ErrorBody>(`/api/provider/requests/${r.id}/unlock`, { price: 80 });
    expect(refused.body.error).toEqual({ code: 'INSUFFICIENT_GOINTS', message: 'Du benötigst 80 Goints, um diese Anfrage freizuschalten.' });
    expect((await getGointsBalance(prisma, poor.user.id)).total).toBe(goints(50));

    const unlocks = await prisma.unlock.findMany({ where: { requestId: r.id }, orderBy: { createdAt: 'asc' } });
    expect(unlocks.map((u) => [u.providerId, u.price, u.commissionRateBp])).toEqual([
      [early.user.id, goints(50), 5000],
      [late.user.id, goints(80), 2000],
    ]);
    expect(await getBalance(prisma, account.escrow(r.id))).toBe(goints(130));

    // Another change after both unlocks alters neither.
    await admin.client.request('PUT', `/api/admin/prices/${set.body.id}`, { industryCategory: 'elektronik', basePriceCents: 1500, commissionRateBp: 9000 });

    const offer = await createOffer(app.deps, early.user.id, {
      requestId: r.id,
      price: 150,
      beschreibung: 'Reparatur des Netzteils inklusive Anfahrt.',
      verfuegbarkeit: 'morgen',
    });
    const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
    await confirmDeal(app.deps, early.user.id, dealId);
    expect((await confirmDeal(app.deps, seeker.id, dealId)).completed).toBe(true);
    // Early: 50 at 50 % → seeker 25, platform 25. Late: 80 at 20 % → seeker 64, platform 16.
    expect(await getBalance(prisma, account.seekerEarnings(seeker.id))).toBe(goints(89));
    const settlement = await prisma.ledgerTransaction.findFirstOrThrow({
      where: { kind: 'deal_settlement', reference: r.id },
      include: { entries: { include: { account: true } } },
    });
    expect(Object.fromEntries(settlement.entries.map((e) => [e.account.kind, e.amount]))).toEqual({
      escrow: -goints(130),
      seeker_earnings: goints(89),
      platform_revenue: goints(41),
    });
    expect(await getBalance(prisma, account.escrow(r.id))).toBe(0n);
  });

  it('splits by each unlock’s recorded rate, rounding the seeker’s part down', () => {
    expect(
      seekerShareOf(goints(100), [
        { paid: goints(50), commissionRateBp: 5000 },
        { paid: goints(50), commissionRateBp: 5000 },
      ]),
    ).toBe(goints(50));
    expect(seekerShareOf(3n, [{ paid: 3n, commissionRateBp: 5000 }])).toBe(1n);
    expect(seekerShareOf(goints(80), [{ paid: goints(80), commissionRateBp: 0 }])).toBe(goints(80));
    expect(seekerShareOf(goints(80), [{ paid: goints(80), commissionRateBp: 10_000 }])).toBe(0n);
    expect(seekerShareOf(goints(70), [{ paid: goints(70), commissionRateBp: 3333 }])).toBe(46_669n);
    expect(seekerShareOf(0n, [])).toBe(0n);
  });
});

describe('price changes by chat', () => {
  it('reads the request in German and English, with paraphrases, and leaves other sentences alone', () => {
    const de = [
      ['Setze den Preis für Handwerk auf 8 €', { category: 'handwerk', basePrice: '8' }],
      ['Preis für Handwerk auf 8 Euro setzen', { category: 'handwerk', basePrice: '8' }],
      ['Ändere den Handwerk-Preis auf 7,50 €', { category: 'handwerk', basePrice: '7,50' }],
      ['Handwerk soll ab jetzt 8 Euro kosten', { category: 'handwerk', basePrice: '8' }],
      ['Setz den Plattformanteil für Auto auf 40 %', { category: 'auto', commissionRate: '40' }],
      ['change the Handwerk price to 8 euros', { category: 'handwerk', basePrice: '8' }],
      ['set the price for Trades & Repairs to €8', { category: 'handwerk', basePrice: '8' }],
      ['make Electronics cost 12 EUR', { category: 'elektronik', basePrice: '12' }],
      ['change the commission rate for cars to 35%', { category: 'auto', commissionRate: '35' }],
    ] as const;
    for (const [text, want] of de) expect(priceChangeOf(text), text).toEqual(want);
    // Whether a message asks for a price change at all is the intent classifier's business now: the look-alikes
    // that must not propose one are in tests/unit/chat/admin-missing-values-intents.test.ts.
    expect(priceChangeOf('Wie viele Anfragen gibt es?')).toBeNull();
    // '8,055' groups thousands like every money field (decision 049): 8.055 €, above the price limit.
    expect([parseEuroCents('8'), parseEuroCents('7,50 €'), parseEuroCents('€8.5'), parseEuroCents('8,055'), parseEuroCents('abc')]).toEqual([
      800,
      750,
      850,
      805500,
      null,
    ]);
    expect([parsePercentBp('50'), parsePercentBp('12,5 %'), parsePercentBp('x')]).toEqual([5000, 1250, null]);
  });

  const tool = (turn: ChatTurn, name: string) => {
    const part = turn.tools.find((t) => t.toolName === name);
    if (!part) throw new Error(`no ${name} in ${JSON.stringify(turn.tools.map((t) => t.toolName))}: ${turn.text}`);
    return part;
  };
  const confirm = (c: TestClient, sessionId: string, id: string) =>
    c.post<{ status: string; result: { accepted: boolean; data: Record<string, unknown> } }>('/api/chat/confirm', {
      sessionId,
      confirmationId: id,
      decision: 'confirm',
    });
  // Intl writes a no-break space between amount and currency sign.
  const plain = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/\u00a0/g, ' ')) as unknown;
  const handwerk = () =>
    app.deps.db.prisma.priceListEntry.findUnique({ where: { industryCategory_serviceType: { industryCategory: 'handwerk', serviceType: '' } } });

  it('an admin changes the Handwerk price by chat (de, then en): a before/after card, applied only on the click, audited as chat', async () => {
    const c = admin.client;
    c.lang = 'de';
    const sid = await createSession(c, 'de');
    const turn = await sendChat(c, sid, 'Setze den Preis für Handwerk auf 8 €');
    const out = tool(turn, 'setCategoryPrice').output!;
    expect(out).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED', confirmation: { status: 'pending' } });
    expect(plain((out.data as { change: unknown }).change)).toEqual({
      subject: 'Preis: Handwerk',
      rows: [
        { label: 'Grundpreis', before: '5,00 € (Standard)', after: '8,00 €' },
        { label: 'Freischaltung', before: '50 Goints (Standard)', after: '80 Goints' },
        { label: 'Plattformanteil', before: '50 % (Standard)', after: '50 %' },
      ],
    });
    // Words are not a click: nothing changed yet.
    expect(await handwerk()).toBeNull();
    const done = await confirm(c, sid, out.confirmation!.id);
    expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { goints: 80 } } });
    expect(await handwerk()).toMatchObject({ basePriceCents: 800, commissionRateBp: 5000 });

    c.lang = 'en';
    const sidEn = await createSession(c, 'en');
    const en = await sendChat(c, sidEn, 'change the Handwerk price to 9 euros');
    const outEn = tool(en, 'setCategoryPrice').output!;
    expect(plain((outEn.data as { change: unknown }).change)).toEqual({
      subject: 'Price: Trades & Repairs',
      rows: [
        { label: 'Base price', before: '€8.00', after: '€9.00' },
        { label: 'Unlock', before: '80 Goints', after: '90 Goints' },
        { label: 'Platform share', before: '50 %', after: '50 %' },
      ],
    });
    expect((await confirm(c, sidEn, outEn.confirmation!.id)).body.status).toBe('confirmed');
    expect(await handwerk()).toMatchObject({ basePriceCents: 900 });

    // A price the list does not allow is refused before any card, with the translated reason.
    const bad = await sendChat(c, sidEn, 'change the Handwerk price to 8.05 euros');
    expect(tool(bad, 'setCategoryPrice').output).toMatchObject({ accepted: false, reason: 'PRICE_AMOUNT_INVALID' });
    expect(bad.text).toMatch(/between €0.10 and €500/);
    c.lang = 'de';

    const audit = (await listAuditLog(app.deps.db.prisma, { entityType: 'price', limit: 50 })).entries.filter((a) => a.via === 'chat').reverse();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['price.create', admin.user.id],
      ['price.update', admin.user.id],
    ]);
    expect(audit[1]).toMatchObject({ before: { basePriceCents: 800 }, after: { basePriceCents: 900 } });
  });

  it('refuses non-admins: the tool is not offered to a provider or a seeker, nothing changes', async () => {
    const before = await handwerk();
    for (const role of ['provider', 'seeker'] as const) {
      const { client } = await signedInClient(app, { role });
      const sid = await createSession(client, 'de');
      const turn = await sendChat(client, sid, 'Setze den Preis für Handwerk auf 1 €');
      expect(turn.tools.map((t) => t.toolName)).not.toContain('setCategoryPrice');
    }
    expect(await handwerk()).toEqual(before);
  });
});
