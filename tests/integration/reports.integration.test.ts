// Notice and action (DSA Art. 16, 17, 20; decision 059) and the trader details (Art. 30), through the HTTP
// doors: anyone reports (signed in or not) with a receipt mail; the report keeps the
// content as it was; an admin decides remove, restrict or keep with a statement of reasons, which reaches the
// affected person and the reporter in their languages; the effect on each kind of content; the affected person
// objects once and another admin decides; every step in the audit log; offers need the trader details, which
// the seeker sees with the contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { clientAs, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart, type ChatTurn } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { rateDeal } from '../../server/domain/deals/rate-deal.ts';
import { createDealInquiry } from '../../server/domain/deals/successful-deals.ts';
import { listAuditLog } from '../../server/domain/admin/audit.ts';

let app: TestApp;
let adminA: TestClient;
let adminAId: string;
let adminB: TestClient;
const prisma = () => app.deps.db.prisma;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_CONTACT: '1000' });
  const a = await signedInClient(app, { role: 'admin' });
  adminA = a.client;
  adminAId = a.user.id;
  adminB = (await signedInClient(app, { role: 'admin' })).client;
});
afterAll(async () => {
  await expectLedgerConsistent(prisma());
  await app?.close();
});

const mailsTo = (to: string, template?: string) =>
  prisma().mailOutbox.findMany({ where: { to, ...(template ? { template } : {}) }, orderBy: { createdAt: 'asc' } });

const report = (c: TestClient, body: Record<string, unknown>) =>
  c.post<{ reportId: string; repeated: boolean; error?: { code: string } }>('/api/reports', {
    ground: 'terms',
    category: 'fake',
    explanation: 'Die Angaben auf dieser Seite sind erfunden und täuschen Kunden.',
    goodFaith: true,
    ...body,
  });

const decide = (c: TestClient, id: string, body: Record<string, unknown>) =>
  c.post<{ status: string; error?: { code: string } }>(`/api/admin/reports/${id}/decide`, body);

/** A completed deal of a provider (with trader details) and a seeker, rated with a testimonial. */
async function completedDeal(opts: { seekerLang?: 'de' | 'en'; providerLang?: 'de' | 'en' } = {}) {
  const provider = await createProvider(app.deps, { user: { locale: opts.providerLang ?? 'de' } });
  const seeker = await createSeeker(prisma(), { locale: opts.seekerLang ?? 'de' });
  const request = await createReleasedRequest(app.deps, seeker.id);
  await grantGoints(prisma(), provider.user.id, 100);
  await unlockAtQuotedPrice(app.deps, provider.user.id, request.id);
  const offer = await createOffer(app.deps, provider.user.id, {
    requestId: request.id,
    price: 350,
    beschreibung: 'Ich komme morgen früh und tausche das Ventil.',
    verfuegbarkeit: 'morgen',
  });
  const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
  await confirmDeal(app.deps, provider.user.id, dealId);
  await confirmDeal(app.deps, seeker.id, dealId);
  const { reviewId } = await rateDeal(prisma(), seeker.id, dealId, {
    rating: 5,
    testimonial: 'Sehr schnell und freundlich, gern wieder.',
    showFirstName: false,
    contactVisible: true,
  });
  return { provider, seeker, request, offer, dealId, reviewId };
}

describe('reporting', () => {
  it('anyone reports a provider page with a reason; the receipt is mailed, a repeat is the same report, one’s own content cannot be reported', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Blitz Sanitär Fake' });
    const anon = app.client();
    const refused = await anon.post<{ error: { code: string } }>('/api/reports', {
      contentType: 'provider',
      contentId: user.id,
      ground: 'terms',
      category: 'fake',
      explanation: 'kurz',
    });
    expect(refused.status).toBe(400);
    const sent = await report(anon, { contentType: 'provider', contentId: user.id, email: 'Melder@Example.com', name: 'Mia Melder' });
    expect(sent.status).toBe(201);
    expect(sent.body.repeated).toBe(false);
    const [receipt] = await mailsTo('melder@example.com', 'reportReceived');
    expect(receipt?.subject).toBe(`Deine Meldung #${sent.body.reportId.slice(0, 6)} ist eingegangen`);
    expect(receipt?.text).toContain('die Anbieterseite „Blitz Sanitär Fake“ (Verstoß gegen die AGB)');
    const again = await report(anon, { contentType: 'provider', contentId: user.id, email: 'melder@example.com' });
    expect(again.body).toMatchObject({ reportId: sent.body.reportId, repeated: true });

    const own = await clientAs(app, user);
    expect((await report(own, { contentType: 'provider', contentId: user.id })).body.error?.code).toBe('REPORT_OWN_CONTENT');
    const unknown = await report(anon, { contentType: 'review', contentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);

    const [entry] = (await listAuditLog(prisma(), { entityId: sent.body.reportId, limit: 5 })).entries;
    expect(entry).toMatchObject({ action: 'report.create', actorId: null, after: { contentType: 'provider', ground: 'terms' } });
  });

  it('the queue keeps the content as it was reported, and only admins read it', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Schnell Dach', description: 'Dachdecker mit Notdienst, billig und schnell erreichbar.' });
    const seeker = await signedInClient(app, { role: 'seeker' });
    const sent = await report(seeker.client, { contentType: 'provider', contentId: user.id, ground: 'illegal', category: 'fraud' });
    expect(sent.status).toBe(201);
    await prisma().providerProfile.update({ where: { userId: user.id }, data: { description: 'Ganz neuer Text.' } });
    expect((await seeker.client.get('/api/admin/reports')).status).toBe(403);
    const list = await adminA.get<{
      reports: { id: string; snapshot: { text: string; title: string }; reporter: { signedIn: boolean; email: string } }[];
      todo: number;
    }>('/api/admin/reports');
    const row = list.body.reports.find((r) => r.id === sent.body.reportId)!;
    expect(row.snapshot).toMatchObject({ title: 'Schnell Dach', text: 'Dachdecker mit Notdienst, billig und schnell erreichbar.' });
    expect(row.reporter).toMatchObject({ signedIn: true, email: seeker.user.email });
    expect(list.body.todo).toBeGreaterThanOrEqual(1);
  });
});

describe('decisions and objections', () => {
  it('removing a provider page: 404 and out of the sitemap, statement of reasons to the provider (in English), outcome to the reporter; one objection, decided by another admin, reverses it', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Fake Fenster GmbH', user: { locale: 'en' } });
    const reporter = await signedInClient(app, { role: 'seeker' });
    const { body } = await report(reporter.client, { contentType: 'provider', contentId: user.id });
    const id = body.reportId;

    // A removal names its ground and provision; the reasons have at least 20 characters.
    expect((await decide(adminA, id, { decision: 'remove', ground: 'terms', reason: 'Die Firma existiert nicht.' })).status).toBe(400);
    expect((await decide(adminA, id, { decision: 'remove', ground: 'terms', provision: 'AGB § 5', reason: 'kurz' })).status).toBe(400);
    const done = await decide(adminA, id, {
      decision: 'remove',
      ground: 'terms',
      provision: 'AGB § 5 Abs. 2',
      reason: 'Die Firma ist unter der angegebenen Anschrift nicht zu finden; die Seite täuscht Kunden.',
    });
    expect(done.body).toMatchObject({ status: 'decided', decision: 'remove' });
    expect((await decide(adminB, id, { decision: 'keep', ground: 'none', reason: 'Noch einmal anders entschieden.' })).body.error?.code).toBe(
      'REPORT_ALREADY_DECIDED',
    );

    expect((await app.client().get(`/api/providers/${user.id}`)).status).toBe(404);
    expect((await app.client().get('/sitemap.xml')).text).not.toContain(user.id);

    const [statement] = await mailsTo(user.email, 'reportDecidedAffected');
    expect(statement?.subject).toBe(`Decision after a report (#${id.slice(0, 6)})`);
    expect(statement?.text).toContain('Removed: the public provider page can no longer be reached.');
    expect(statement?.text).toContain('Ground: against our terms (AGB § 5 Abs. 2).');
    expect(statement?.text).toContain('Reasons: Die Firma ist unter der angegebenen Anschrift nicht zu finden');
    expect(statement?.text).toContain('The decision follows a report under Art. 16 of the Digital Services Act.');
    expect(statement?.text).toMatch(/You may object once until \d{1,2} \w+ \d{4}/);
    expect(statement?.text).toContain('Art. 21');
    expect(statement?.text).toContain(`/konto/entscheidungen#report-${id}`);
    const [outcome] = await mailsTo(reporter.user.email, 'reportDecidedReporter');
    expect(outcome?.text).toContain('Wir haben den Inhalt entfernt.');
    // The reporter's name is never told to the affected person.
    expect(statement?.text).not.toContain(reporter.user.email);

    // The provider reads it on the page of their decisions and objects once.
    const provider = await clientAs(app, user, 'en');
    const mine = await provider.get<{ decisions: { id: string; canObject: boolean; statement: { decision: string } }[] }>('/api/me/report-decisions');
    expect(mine.body.decisions).toHaveLength(1);
    expect(mine.body.decisions[0]).toMatchObject({
      id,
      canObject: true,
      statement: { decision: 'Removed: the public provider page can no longer be reached.' },
    });
    expect((await reporter.client.post(`/api/me/report-decisions/${id}/objection`, { text: 'Ich bin nicht betroffen.' })).status).toBe(404);
    expect((await provider.post(`/api/me/report-decisions/${id}/objection`, { text: 'We are a real company, see the register entry HRB 4711.' })).body).toEqual(
      {
        status: 'objected',
      },
    );
    expect(
      (await provider.post<{ error: { code: string } }>(`/api/me/report-decisions/${id}/objection`, { text: 'And once more, please look again.' })).body.error
        .code,
    ).toBe('OBJECTION_NOT_POSSIBLE');

    // Not the admin who decided first.
    const same = await adminA.post<{ error: { code: string } }>(`/api/admin/reports/${id}/objection-decision`, {
      outcome: 'reversed',
      reason: 'Ich habe mich geirrt, die Firma gibt es.',
    });
    expect(same.body.error.code).toBe('REPORT_SAME_ADMIN');
    const reversed = await adminB.post(`/api/admin/reports/${id}/objection-decision`, {
      outcome: 'reversed',
      reason: 'Der Registereintrag HRB 4711 belegt die Firma; die Seite ist wieder sichtbar.',
    });
    expect(reversed.body).toEqual({ status: 'reversed' });
    expect((await app.client().get(`/api/providers/${user.id}`)).status).toBe(200);
    const [told] = await mailsTo(user.email, 'reportObjectionDecided');
    expect(told?.text).toContain('The decision is reversed: your provider page is shown again.');
    const [toldReporter] = await mailsTo(reporter.user.email, 'reportObjectionReporter');
    expect(toldReporter?.text).toContain('eine andere Person aus dem Team hat die Entscheidung aufgehoben');

    const actions = (await listAuditLog(prisma(), { entityId: id, limit: 10 })).entries.map((e) => [e.action, e.actorId]);
    expect(actions).toEqual([
      ['report.decideObjection', expect.any(String)],
      ['report.object', user.id],
      ['report.decide', adminAId],
      ['report.create', reporter.user.id],
    ]);
    expect(actions[0]![1]).not.toBe(adminAId);
  });

  it('a restricted provider page stays reachable but is not indexed, listed or quoted; keeping the content tells no one but the reporter and cannot be objected to', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Grenzfall Bau' });
    const a = (await report(app.client(), { contentType: 'provider', contentId: user.id, email: 'a@example.com' })).body.reportId;
    await decide(adminA, a, {
      decision: 'restrict',
      ground: 'terms',
      provision: 'AGB § 7',
      reason: 'Werbliche Übertreibungen ohne Beleg, nicht rechtswidrig.',
    });
    // The page itself (noindex, no structured data) is checked with the server render in seo.integration.test.ts.
    const page = await app.client().get<{ listed: boolean }>(`/api/providers/${user.id}`);
    expect(page.status).toBe(200);
    expect(page.body.listed).toBe(false);
    expect((await app.client().get('/sitemap.xml')).text).not.toContain(user.id);

    const { user: other } = await createProvider(app.deps, { firmenname: 'Ordentlich GmbH' });
    const k = (await report(app.client(), { contentType: 'provider', contentId: other.id, email: 'k@example.com' })).body.reportId;
    await decide(adminA, k, { decision: 'keep', ground: 'none', reason: 'Die Angaben stimmen mit dem Handelsregister überein.' });
    expect(await mailsTo(other.email, 'reportDecidedAffected')).toHaveLength(0);
    expect((await mailsTo('k@example.com', 'reportDecidedReporter'))[0]?.text).toContain('lassen ihn unverändert');
    const owner = await clientAs(app, other);
    expect((await owner.get<{ decisions: unknown[] }>('/api/me/report-decisions')).body.decisions).toEqual([]);
    expect((await owner.post(`/api/me/report-decisions/${k}/objection`, { text: 'Es ist doch nichts passiert.' })).status).toBe(409);
  });

  it('a removed request ends with every unlock refunded; a restricted one gets no further providers or unlocks, and a reversal brings them back', async () => {
    const seeker = await createSeeker(prisma());
    const p1 = await createProvider(app.deps);
    const p2 = await createProvider(app.deps);
    const removed = await createReleasedRequest(app.deps, seeker.id);
    await grantGoints(prisma(), p1.user.id, 200);
    await unlockAtQuotedPrice(app.deps, p1.user.id, removed.id);
    const before = await prisma().ledgerAccount.findUnique({ where: { kind_ownerId: { kind: 'wallet_promo', ownerId: p1.user.id } } });
    const provider1 = await clientAs(app, p1.user);
    const r1 = (await report(provider1, { contentType: 'request', contentId: removed.id, ground: 'illegal', category: 'fraud' })).body.reportId;
    await decide(adminA, r1, { decision: 'remove', ground: 'illegal', provision: '§ 263 StGB', reason: 'Die Anfrage dient erkennbar einem Vorschussbetrug.' });
    expect(await prisma().request.findUniqueOrThrow({ where: { id: removed.id } })).toMatchObject({ status: 'rejected', restriction: 'removed' });
    const after = await prisma().ledgerAccount.findUnique({ where: { kind_ownerId: { kind: 'wallet_promo', ownerId: p1.user.id } } });
    expect(after!.balance - before!.balance).toBe(50_000n);
    const feed = await provider1.get<{ matches: { request: { id: string } }[] }>('/api/provider/matches');
    expect(feed.body.matches.some((m) => m.request.id === removed.id)).toBe(false);

    const restricted = await createReleasedRequest(app.deps, seeker.id);
    await unlockAtQuotedPrice(app.deps, p1.user.id, restricted.id);
    const r2 = (await report(provider1, { contentType: 'request', contentId: restricted.id })).body.reportId;
    await decide(adminA, r2, { decision: 'restrict', ground: 'terms', provision: 'AGB § 4', reason: 'Die Anfrage enthält Werbung für einen eigenen Shop.' });
    const provider2 = await clientAs(app, p2.user);
    const feed2 = await provider2.get<{ matches: { request: { id: string } }[] }>('/api/provider/matches');
    expect(feed2.body.matches.some((m) => m.request.id === restricted.id)).toBe(false);
    await grantGoints(prisma(), p2.user.id, 100);
    expect((await provider2.post<{ error: { code: string } }>(`/api/provider/requests/${restricted.id}/unlock`, { price: 50 })).body.error.code).toBe(
      'REQUEST_SOLD_OUT',
    );
    // The provider who had unlocked it keeps it.
    const kept = await provider1.get<{ matches: { request: { id: string } }[] }>('/api/provider/matches');
    expect(kept.body.matches.some((m) => m.request.id === restricted.id)).toBe(true);

    const seekerClient = await clientAs(app, seeker);
    await seekerClient.post(`/api/me/report-decisions/${r2}/objection`, { text: 'Das ist keine Werbung, nur ein Hinweis auf Fotos.' });
    await adminB.post(`/api/admin/reports/${r2}/objection-decision`, { outcome: 'reversed', reason: 'Der Link zeigt nur Fotos des Schadens, keine Werbung.' });
    expect(await prisma().request.findUniqueOrThrow({ where: { id: restricted.id } })).toMatchObject({ restriction: null, maxUnlocks: 5 });
    const back = await provider2.get<{ matches: { request: { id: string } }[] }>('/api/provider/matches');
    expect(back.body.matches.some((m) => m.request.id === restricted.id)).toBe(true);
  });

  it('reviews, offers and inquiries: restricted text hidden, removed reviews not counted, a removed open offer withdrawn, a removed inquiry erased and restored on reversal', async () => {
    const d = await completedDeal({ seekerLang: 'en' });
    const anon = app.client();
    const rr = (await report(anon, { contentType: 'review', contentId: d.reviewId, email: 'r@example.com' })).body.reportId;
    await decide(adminA, rr, { decision: 'restrict', ground: 'terms', provision: 'AGB § 9', reason: 'Der Text nennt den Nachnamen eines Mitarbeiters.' });
    let page = await anon.get<{ ratingCount: number; reviews: { id: string; testimonial: string }[] }>(`/api/providers/${d.provider.user.id}`);
    expect(page.body.ratingCount).toBe(1);
    expect(page.body.reviews[0]).toMatchObject({ id: d.reviewId, testimonial: '' });
    const deals = await anon.get<{ deals: { id: string; testimonial: string | null; rating: number | null }[] }>('/api/successful-deals');
    expect(deals.body.deals.find((x) => x.id === d.dealId)).toMatchObject({ testimonial: null, rating: 5 });

    const second = await completedDeal();
    const rr2 = (await report(anon, { contentType: 'review', contentId: second.reviewId, email: 'r@example.com' })).body.reportId;
    await decide(adminA, rr2, { decision: 'remove', ground: 'illegal', provision: '§ 186 StGB', reason: 'Unwahre Tatsachenbehauptung über den Betrieb.' });
    page = await anon.get(`/api/providers/${second.provider.user.id}`);
    expect(page.body).toMatchObject({ ratingCount: 0, reviews: [] });

    // An offer still open: removed → withdrawn and its text hidden from the seeker.
    const seeker = await createSeeker(prisma());
    const req = await createReleasedRequest(app.deps, seeker.id);
    const p = await createProvider(app.deps);
    await grantGoints(prisma(), p.user.id, 100);
    await unlockAtQuotedPrice(app.deps, p.user.id, req.id);
    const offer = await createOffer(app.deps, p.user.id, {
      requestId: req.id,
      price: 99,
      beschreibung: 'Billig! Ruf mich an unter 0171 1234567',
      verfuegbarkeit: 'sofort',
    });
    const seekerClient = await clientAs(app, seeker);
    const ro = (await report(seekerClient, { contentType: 'offer', contentId: offer.id, category: 'spam' })).body.reportId;
    await decide(adminA, ro, { decision: 'remove', ground: 'terms', provision: 'AGB § 6', reason: 'Kontaktdaten im Angebotstext sind nicht erlaubt.' });
    const offers = await seekerClient.get<{ all: { id: string; status: string; beschreibung: string; textHidden: boolean }[] }>('/api/seeker/offers');
    expect(offers.body.all.find((o) => o.id === offer.id)).toMatchObject({ status: 'zurueckgezogen', beschreibung: '', textHidden: true });

    // A deal inquiry, reported from the mail's link: erased, and back after a reversal.
    const asker = await createUser(prisma(), { role: 'seeker' });
    const inquiry = await createDealInquiry(app.deps, asker.id, d.dealId, { email: asker.email, message: 'Du bist ein Betrüger, das zahle ich dir heim!' });
    // The seeker chose to be contactable: the inquiry reaches them, with the link to report it.
    const [mail] = await mailsTo(d.seeker.email, 'dealInquiry');
    expect(mail?.text).toContain(`/melden?type=inquiry&id=${inquiry.id}`);
    const ri = (await report(await clientAs(app, d.seeker), { contentType: 'inquiry', contentId: inquiry.id, ground: 'illegal', category: 'hate' })).body
      .reportId;
    expect((await decide(adminA, ri, { decision: 'restrict', ground: 'illegal', provision: '§ 241 StGB', reason: 'Bedrohung des Anbieters.' })).status).toBe(
      400,
    );
    await decide(adminA, ri, { decision: 'remove', ground: 'illegal', provision: '§ 241 StGB', reason: 'Die Nachricht bedroht den Anbieter.' });
    expect((await prisma().dealInquiry.findUniqueOrThrow({ where: { id: inquiry.id } })).message).toBe('');
    const askerClient = await clientAs(app, asker);
    await askerClient.post(`/api/me/report-decisions/${ri}/objection`, { text: 'Das war nur ein Scherz unter Bekannten.' });
    await adminB.post(`/api/admin/reports/${ri}/objection-decision`, { outcome: 'upheld', reason: 'Eine Drohung bleibt eine Drohung, auch im Scherz.' });
    expect((await prisma().dealInquiry.findUniqueOrThrow({ where: { id: inquiry.id } })).message).toBe('');
    expect((await mailsTo(asker.email, 'reportObjectionDecided'))[0]?.text).toContain('Eine andere Person aus dem Team hat die Entscheidung bestätigt.');
  });
});

describe('trader details (DSA Art. 30)', () => {
  it('no offer without them; a wrong VAT ID is refused; the seeker sees them with the contact once the deal is confirmed', async () => {
    const seeker = await createSeeker(prisma());
    const req = await createReleasedRequest(app.deps, seeker.id);
    const p = await createProvider(app.deps, { trader: false, firmenname: 'Ohne Angaben GmbH' });
    await grantGoints(prisma(), p.user.id, 100);
    await unlockAtQuotedPrice(app.deps, p.user.id, req.id);
    const provider = await clientAs(app, p.user);
    const offerBody = { requestId: req.id, price: 200, beschreibung: 'Ich kann am Montag vorbeikommen.', verfuegbarkeit: 'Montag' };
    const refused = await provider.post<{ error: { code: string; message: string } }>('/api/provider/offers', offerBody);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'TRADER_DETAILS_REQUIRED', message: expect.stringContaining('Händlerangaben') });
    expect((await provider.get<{ trader: null }>('/api/provider/trader-details')).body.trader).toBeNull();

    const details = {
      legalName: 'Ohne Angaben GmbH',
      street: 'Domkloster 4',
      postcode: '50667',
      city: 'Köln',
      registerKind: 'commercial_register',
      registerNumber: 'HRB 12345, Amtsgericht Köln',
      selfCertified: true,
    };
    const badVat = await provider.request<{ error: { fields: { path: string }[] } }>('PUT', '/api/provider/trader-details', {
      ...details,
      vatId: 'DE123456789',
    });
    expect(badVat.status).toBe(400);
    expect(badVat.body.error.fields[0]!.path).toBe('body.vatId');
    expect((await provider.request('PUT', '/api/provider/trader-details', { ...details, selfCertified: false })).status).toBe(400);
    const saved = await provider.request<{ trader: { vatId: string } }>('PUT', '/api/provider/trader-details', { ...details, vatId: 'DE 136 695 976' });
    expect(saved.status).toBe(200);
    expect(saved.body.trader.vatId).toBe('DE136695976');
    const offer = await provider.post<{ id: string }>('/api/provider/offers', offerBody);
    expect(offer.status).toBe(201);

    const seekerClient = await clientAs(app, seeker);
    const locked = await seekerClient.get<{ all: { id: string; contact: unknown }[] }>('/api/seeker/offers');
    expect(locked.body.all.find((o) => o.id === offer.body.id)?.contact).toBeNull();
    const { dealId } = await acceptOffer(app.deps, seeker.id, offer.body.id);
    await confirmDeal(app.deps, p.user.id, dealId);
    await confirmDeal(app.deps, seeker.id, dealId);
    const open = await seekerClient.get<{ all: { id: string; contact: { trader: Record<string, unknown> } }[] }>('/api/seeker/offers');
    expect(open.body.all.find((o) => o.id === offer.body.id)?.contact.trader).toMatchObject({
      legalName: 'Ohne Angaben GmbH',
      street: 'Domkloster 4',
      registerKind: 'commercial_register',
      registerNumber: 'HRB 12345, Amtsgericht Köln',
      vatId: 'DE136695976',
      selfCertifiedAt: expect.any(String),
    });
  });

  it('onboarding takes the trader details with the profile in one request', async () => {
    const fresh = await signedInClient(app, { role: 'provider' });
    const r = await fresh.client.request<{ trader: { legalName: string }; created: boolean }>('PUT', '/api/provider/profile', {
      firmenname: 'Neu Elektro',
      categories: ['handwerk'],
      postcode: '50667',
      radiusKm: 30,
      description: 'Elektroinstallationen und Reparaturen in Köln.',
      phone: '+49 221 555 0101',
      email: fresh.user.email,
      trader: {
        legalName: 'Neu Elektro e. K.',
        street: 'Hohe Straße 2',
        postcode: '50667',
        city: 'Köln',
        registerKind: 'trade_licence',
        registerNumber: 'Gewerbeanmeldung 77/2026, Stadt Köln',
        selfCertified: true,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: true, trader: { legalName: 'Neu Elektro e. K.' } });
  });
});

describe('admins by chat', () => {
  type Row = { label: string; before: string | null; after: string | null };
  type Card = { change: { subject: string; rows: Row[] } };
  /** The pending card of the turn's tool (the confirmation it waits for, and what it shows). */
  const card = (turn: ChatTurn, tool: string) => {
    const out = toolPart(turn, tool).output!;
    expect(out).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED' });
    return { id: out.confirmation!.id, data: out.data as Card };
  };
  const confirm = (c: TestClient, sessionId: string, confirmationId: string) =>
    c.post<{ status: string }>('/api/chat/confirm', { sessionId, confirmationId, decision: 'confirm' });
  const reportRow = (id: string) => prisma().contentReport.findUniqueOrThrow({ where: { id } });

  it('lists what waits, decides a report only on the click of its before/after card, and tells both sides (de, audited via chat)', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Chat Fake Bau', user: { locale: 'de' } });
    const id = (await report(app.client(), { contentType: 'provider', contentId: user.id, email: 'chat-melder@example.com' })).body.reportId;
    const ref = id.slice(0, 6);
    const session = await createSession(adminA, 'de');

    const list = await sendChat(adminA, session, 'Zeig mir mal, was gemeldet wurde und noch offen ist');
    expect(toolPart(list, 'adminListReports').output).toMatchObject({ accepted: true, data: { context: 'todo' } });
    expect(list.text).toContain(`#${ref}`);
    expect(list.text).toContain('Chat Fake Bau');

    const proposal = await sendChat(
      adminA,
      session,
      `Die Meldung #${ref} ist berechtigt, bitte entfernen: AGB § 5, die Firma ist frei erfunden und täuscht Kunden.`,
    );
    const pending = card(proposal, 'adminDecideReport');
    expect(pending.data.change).toMatchObject({
      subject: expect.stringContaining(`Meldung #${ref}`),
      rows: [
        { label: 'Status', before: 'Offen', after: 'Entschieden' },
        { label: 'Entscheidung', after: 'Entfernt: die öffentliche Anbieterseite ist nicht mehr erreichbar.' },
        { label: 'Grund', after: 'Verstoß gegen die AGB: AGB § 5' },
        { label: 'Begründung', after: 'die Firma ist frei erfunden und täuscht Kunden.' },
        { label: 'E-Mail an die meldende Person', after: 'chat-melder@example.com' },
        { label: 'E-Mail an die betroffene Person', after: user.email },
      ],
    });
    // Nothing happens before the click.
    expect((await reportRow(id)).status).toBe('open');
    expect(await mailsTo(user.email, 'reportDecidedAffected')).toHaveLength(0);

    expect((await confirm(adminA, session, pending.id)).body.status).toBe('confirmed');
    expect(await reportRow(id)).toMatchObject({ status: 'decided', decision: 'remove', decisionGround: 'terms', decisionProvision: 'AGB § 5' });
    expect((await prisma().providerProfile.findUniqueOrThrow({ where: { userId: user.id } })).restriction).toBe('removed');
    expect((await listAuditLog(prisma(), { entityId: id, action: 'report.decide', limit: 1 })).entries[0]).toMatchObject({ via: 'chat', actorId: adminAId });
    expect((await mailsTo(user.email, 'reportDecidedAffected'))[0]?.text).toContain('die Firma ist frei erfunden und täuscht Kunden.');
    expect(await mailsTo('chat-melder@example.com', 'reportDecidedReporter')).toHaveLength(1);

    // Decided once: the same words again are refused, translated.
    const again = await sendChat(adminA, session, `Meldung #${ref} entfernen: AGB § 5, die Firma ist frei erfunden und täuscht Kunden.`);
    expect(toolPart(again, 'adminDecideReport').output).toMatchObject({ accepted: false, reason: 'REPORT_ALREADY_DECIDED' });
    expect(again.text).toContain('schon entschieden');
  });

  it('asks for what is missing (the provision, the reasons, what to do) and keeps a report in English', async () => {
    const provider = await createProvider(app.deps, { firmenname: 'Ehrlich Maler' });
    const id = (await report(app.client(), { contentType: 'provider', contentId: provider.user.id, email: 'chat-x@example.com' })).body.reportId;
    const ref = id.slice(0, 6);
    const session = await createSession(adminA, 'de');

    const noProvision = await sendChat(adminA, session, `Meldung #${ref} entfernen: Die Firma täuscht Kunden mit erfundenen Angaben.`);
    expect(toolPart(noProvision, 'adminDecideReport').output).toMatchObject({ accepted: false, reason: 'REPORT_PROVISION_REQUIRED' });
    expect(noProvision.text).toContain('Vorschrift');

    const shortReason = await sendChat(adminA, session, `Meldung #${ref} behalten: passt so`);
    expect(toolPart(shortReason, 'adminDecideReport').output).toMatchObject({ accepted: false, reason: 'REASON_REQUIRED' });
    expect(shortReason.text).toContain('mindestens 20 Zeichen');

    const unknown = await sendChat(adminA, session, 'Meldung #fff000 entfernen: AGB § 5, die Firma ist frei erfunden.');
    expect(toolPart(unknown, 'adminDecideReport').output).toMatchObject({ accepted: false, reason: 'ADMIN_REPORT_NOT_FOUND' });
    expect((await reportRow(id)).status).toBe('open');

    adminA.lang = 'en';
    try {
      const en = await createSession(adminA, 'en');
      const keep = await sendChat(adminA, en, `dismiss report #${ref}, the company is real and the page is accurate`);
      const pending = card(keep, 'adminDecideReport');
      expect(pending.data.change.rows).toEqual([
        { label: 'Status', before: 'Open', after: 'Decided' },
        { label: 'Decision', before: null, after: 'The provider page stays as it is.' },
        { label: 'Reasons', before: null, after: 'the company is real and the page is accurate' },
        { label: 'E-mail to the reporter', before: null, after: 'chat-x@example.com' },
      ]);
      expect((await confirm(adminA, en, pending.id)).body.status).toBe('confirmed');
      expect(await reportRow(id)).toMatchObject({ status: 'decided', decision: 'keep', decisionGround: 'none' });
      expect((await prisma().providerProfile.findUniqueOrThrow({ where: { userId: provider.user.id } })).restriction).toBeNull();
    } finally {
      adminA.lang = 'de';
    }
  });

  it('offers the waiting reports as buttons when the admin names the content instead of the reference', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Knopfdruck Dächer' });
    const id = (await report(app.client(), { contentType: 'provider', contentId: user.id, email: 'chat-knopf@example.com' })).body.reportId;
    const session = await createSession(adminA, 'de');
    const ask = await sendChat(adminA, session, 'Die gemeldete Anbieterseite von Knopfdruck Dächer sperren: AGB § 3, die Firma existiert nicht.');
    const out = toolPart(ask, 'adminDecideReport').output!;
    expect(out).toMatchObject({ accepted: false, reason: 'CHOOSE_ONE' });
    const labels = ((out as { choices?: { label: string }[] }).choices ?? []).map((c) => c.label);
    const label = labels.find((l) => l.startsWith(`#${id.slice(0, 6)}`));
    expect(label).toContain('Knopfdruck Dächer');
    const pending = card(await sendChat(adminA, session, label!), 'adminDecideReport');
    expect(pending.data.change.rows.slice(0, 3)).toMatchObject([
      { label: 'Status', after: 'Entschieden' },
      { label: 'Entscheidung', after: 'Entfernt: die öffentliche Anbieterseite ist nicht mehr erreichbar.' },
      { label: 'Grund', after: 'Verstoß gegen die AGB: AGB § 3' },
    ]);
    expect((await reportRow(id)).status).toBe('open');
  });

  it('an objection: refused to the admin who decided first, decided by another in English on the click (audited via chat)', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Widerspruch Bau', user: { locale: 'de' } });
    const id = (await report(app.client(), { contentType: 'provider', contentId: user.id, email: 'chat-w@example.com' })).body.reportId;
    const ref = id.slice(0, 6);
    await decide(adminA, id, { decision: 'remove', ground: 'terms', provision: 'AGB § 3', reason: 'Die Firma ist im Handelsregister nicht zu finden.' });
    await (await clientAs(app, user)).post(`/api/me/report-decisions/${id}/objection`, { text: 'Wir sind im Handelsregister eingetragen, HRB 12345.' });

    const session = await createSession(adminA, 'de');
    const same = await sendChat(adminA, session, `Widerspruch #${ref} stattgeben: Eintrag gefunden, Seite wieder zeigen.`);
    expect(toolPart(same, 'adminDecideObjection').output).toMatchObject({ accepted: false, reason: 'REPORT_SAME_ADMIN' });
    expect(same.text).toContain('andere Person aus dem Team');

    adminB.lang = 'en';
    try {
      const en = await createSession(adminB, 'en');
      const objections = await sendChat(adminB, en, 'are there any objections waiting for me?');
      expect(toolPart(objections, 'adminListReports').output).toMatchObject({ accepted: true, data: { context: 'objected' } });
      expect(objections.text).toContain(`#${ref}`);

      const rev = await sendChat(adminB, en, `accept the objection to #${ref}: the register entry exists, the page may be shown again`);
      const pending = card(rev, 'adminDecideObjection');
      expect(pending.data.change.rows).toMatchObject([
        { label: 'Status', before: 'Objection', after: 'Reversed' },
        { label: 'Objection', after: 'Wir sind im Handelsregister eingetragen, HRB 12345.' },
        { label: 'Decision', before: 'Removed: the public provider page can no longer be reached.' },
        { label: 'Reasons', after: 'the register entry exists, the page may be shown again' },
        { label: 'E-mail to the reporter', after: 'chat-w@example.com' },
        { label: 'E-mail to the affected person', after: user.email },
      ]);
      expect((await reportRow(id)).status).toBe('objected');
      expect((await confirm(adminB, en, pending.id)).body.status).toBe('confirmed');
    } finally {
      adminB.lang = 'de';
    }
    expect((await reportRow(id)).status).toBe('reversed');
    expect((await prisma().providerProfile.findUniqueOrThrow({ where: { userId: user.id } })).restriction).toBeNull();
    const audit = (await listAuditLog(prisma(), { entityId: id, action: 'report.decideObjection', limit: 1 })).entries[0];
    expect(audit).toMatchObject({ via: 'chat' });
    expect(audit?.actorId).not.toBe(adminAId);
    expect(await mailsTo(user.email, 'reportObjectionDecided')).toHaveLength(1);
  });

  it('the report tools are the admins’ only', async () => {
    for (const role of ['seeker', 'provider'] as const) {
      const person = await signedInClient(app, { role });
      const session = await createSession(person.client, 'de');
      const turn = await sendChat(person.client, session, 'Zeig mir die offenen Meldungen');
      expect(turn.tools.some((t) => /Report|Objection/.test(t.toolName))).toBe(false);
    }
  });
});
