// 'Anfragen verwalten' and 'Deals' for admins, by dashboard and by chat: every request newest first with
// count, paging and filters; release or reject a held-back request with a reason the seeker is told in their
// language; close a request with refunds; every change in the audit log with its reason; the deals with their
// confirmations and settlement. Nobody but an admin with two-factor gets any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { listAuditLog } from '../../server/domain/admin/audit.ts';

let app: TestApp;
let admin: TestClient;
let adminId: string;
const prisma = () => app.deps.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  const a = await signedInClient(app, { role: 'admin' });
  admin = a.client;
  adminId = a.user.id;
});
afterAll(async () => {
  if (app) await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

type Row = {
  id: string;
  status: string;
  kategorie: string;
  flags: { code: string }[];
  qualityScore: number | null;
  unlocks: number;
  maxUnlocks: number;
  offers: number;
  adminReason: string | null;
  createdAt: string;
};
type Page = { total: number; page: number; pageSize: number; requests: Row[] };
type ErrorBody = { error: { code: string; message: string } };

const PHONE = 'Suche einen Maler für zwei Zimmer im Altbau, ruft mich an unter 0171 2345678';
const wallet = async (userId: string) => Number((await getGointsBalance(prisma(), userId)).total / 1000n);
const mailsTo = (to: string, template: string) => prisma().mailOutbox.findMany({ where: { to, template }, orderBy: { createdAt: 'desc' } });

describe('the request list', () => {
  it('lists every request newest first with the total, pages, and filters by status, category and flags', async () => {
    const seeker = await createSeeker(prisma());
    const clean = await createReleasedRequest(app.deps, seeker.id, { kategorie: 'handwerk' });
    const flagged = await createReleasedRequest(app.deps, seeker.id, { kategorie: 'handwerk', beschreibung: PHONE });
    const beauty = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'beauty',
      beschreibung: 'Suche eine Friseurin für eine Hochsteckfrisur zur Hochzeit am Samstag.',
    });
    expect([clean.status, flagged.status]).toEqual(['open', 'review']);

    const all = await admin.get<Page>('/api/admin/requests');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(await prisma().request.count());
    expect(all.body.requests.slice(0, 3).map((r) => r.id)).toEqual([beauty.id, flagged.id, clean.id]);
    const f = all.body.requests.find((r) => r.id === flagged.id)!;
    expect(f).toMatchObject({ status: 'review', kategorie: 'handwerk', unlocks: 0, maxUnlocks: 5, offers: 0, flags: [{ code: 'contact_data' }] });
    expect(f.qualityScore).toEqual(expect.any(Number));

    const page2 = await admin.get<Page>('/api/admin/requests?pageSize=2&page=2');
    expect(page2.body).toMatchObject({ total: all.body.total, page: 2, pageSize: 2 });
    expect(page2.body.requests.map((r) => r.id)).toEqual(all.body.requests.slice(2, 4).map((r) => r.id));

    const review = await admin.get<Page>('/api/admin/requests?status=review');
    expect(review.body.requests.every((r) => r.status === 'review')).toBe(true);
    expect(review.body.requests.map((r) => r.id)).toContain(flagged.id);
    const beautyOnly = await admin.get<Page>('/api/admin/requests?kategorie=beauty');
    expect(beautyOnly.body.requests.map((r) => r.id)).toEqual([beauty.id]);
    expect(beautyOnly.body.total).toBe(1);
    const flaggedOnly = await admin.get<Page>('/api/admin/requests?flagged=true');
    expect(flaggedOnly.body.requests.map((r) => r.id)).toContain(flagged.id);
    expect(flaggedOnly.body.requests.every((r) => r.flags.length > 0)).toBe(true);
    const cleanOnly = await admin.get<Page>('/api/admin/requests?flagged=false');
    expect(cleanOnly.body.requests.map((r) => r.id)).toEqual(expect.arrayContaining([clean.id, beauty.id]));
    expect(cleanOnly.body.requests.every((r) => r.flags.length === 0)).toBe(true);
    expect(flaggedOnly.body.total + cleanOnly.body.total).toBe(all.body.total);

    const bad = await admin.get<ErrorBody>('/api/admin/requests?status=weg');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('is for admins with two-factor only', async () => {
    const seeker = (await signedInClient(app, { role: 'seeker' })).client;
    const provider = (await signedInClient(app, { role: 'provider' })).client;
    const noTotp = await createUser(prisma(), { role: 'admin' });
    const half = app.client();
    await signIn(half, noTotp.email, noTotp.password);
    for (const path of ['/api/admin/requests', '/api/admin/deals']) {
      expect((await app.client().get(path)).status).toBe(401);
      expect((await seeker.get(path)).status).toBe(403);
      expect((await provider.get(path)).status).toBe(403);
      expect((await half.get(path)).status).toBe(403);
    }
    const r = await createReleasedRequest(app.deps, (await createSeeker(prisma())).id);
    expect((await seeker.post(`/api/admin/requests/${r.id}/close`, { reason: 'Test' })).status).toBe(403);
    expect((await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).status).toBe('open');
  });
});

describe('release and reject with a reason', () => {
  it('refuses to reject without a reason (translated, nothing changes); rejects with one, tells the seeker in their language and records it', async () => {
    const seeker = await createSeeker(prisma(), { locale: 'en' });
    const r = await createReleasedRequest(app.deps, seeker.id, { beschreibung: PHONE });
    expect(r.status).toBe('review');

    for (const [lang, message] of [
      ['de', 'Bitte gib eine Begründung an (mindestens 3 Zeichen).'],
      ['en', 'Please give a reason (at least 3 characters).'],
    ] as const) {
      admin.lang = lang;
      for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '  ' }, { decision: 'reject', reason: 'no' }]) {
        const refused = await admin.post<ErrorBody>(`/api/admin/requests/${r.id}/moderate`, body);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toEqual({ code: 'REASON_REQUIRED', message });
      }
    }
    admin.lang = 'de';
    expect((await admin.post(`/api/admin/requests/${r.id}/moderate`, { decision: 'reject', reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).status).toBe('review');
    expect((await listAuditLog(prisma(), { entityId: r.id, limit: 10 })).entries).toEqual([]);

    const reason = 'Telefonnummern dürfen nicht in der Beschreibung stehen.';
    const rejected = await admin.post<{ status: string }>(`/api/admin/requests/${r.id}/moderate`, { decision: 'reject', reason });
    expect(rejected.body.status).toBe('rejected');
    const row = await prisma().request.findUniqueOrThrow({ where: { id: r.id } });
    expect(row).toMatchObject({ status: 'rejected', adminReason: reason, moderatedById: adminId });

    const [mail] = await mailsTo(seeker.email, 'requestModerated');
    expect(mail?.locale).toBe('en');
    expect(mail?.subject).toBe('Your request has been reviewed');
    expect(mail?.text).toContain('unfortunately your request could not be approved.');
    expect(mail?.text).toContain(`Reason: ${reason}`);

    const audit = (await listAuditLog(prisma(), { entityId: r.id, limit: 10 })).entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'request.reject',
      entityType: 'request',
      actorId: adminId,
      reason,
      via: 'dashboard',
      before: { status: 'review' },
      after: { status: 'rejected' },
    });

    // The seeker sees it on the dashboard.
    const sc = app.client();
    await signIn(sc, seeker.email, seeker.password);
    const dash = await sc.get<{ requests: { id: string; status: string; adminReason: string | null }[] }>('/api/seeker/dashboard');
    expect(dash.body.requests.find((x) => x.id === r.id)).toMatchObject({ status: 'rejected', adminReason: reason });

    // Decided once: a second decision is a conflict and records nothing.
    expect((await admin.post(`/api/admin/requests/${r.id}/moderate`, { decision: 'approve' })).status).toBe(409);
    expect((await listAuditLog(prisma(), { entityId: r.id, limit: 10 })).entries).toHaveLength(1);
  });

  it('releases with an optional reason: matched, the seeker told in German with it, audited', async () => {
    const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667' });
    const seeker = await createSeeker(prisma(), { locale: 'de' });
    const r = await createReleasedRequest(app.deps, seeker.id, { beschreibung: PHONE });
    const released = await admin.post<{ status: string; matched: number }>(`/api/admin/requests/${r.id}/moderate`, {
      decision: 'approve',
      reason: 'Nummer ist die der Firma, in Ordnung.',
    });
    expect(released.body.status).toBe('open');
    expect(released.body.matched).toBeGreaterThanOrEqual(1);
    expect(await prisma().match.count({ where: { requestId: r.id, providerId: provider.user.id } })).toBe(1);
    const [mail] = await mailsTo(seeker.email, 'requestModerated');
    expect(mail?.text).toContain('deine Anfrage wurde freigegeben');
    expect(mail?.text).toContain('Begründung: Nummer ist die der Firma, in Ordnung.');
    const [entry] = (await listAuditLog(prisma(), { entityId: r.id, limit: 10 })).entries;
    expect(entry).toMatchObject({ action: 'request.release', reason: 'Nummer ist die der Firma, in Ordnung.', after: { status: 'open' }, via: 'dashboard' });
  });
});

describe('closing a request', () => {
  it('refunds every unlocking provider in full, tells the seeker, audits, and keeps the ledger balanced', async () => {
    const seeker = await createSeeker(prisma(), { locale: 'en' });
    const promo = await createProvider(app.deps, { categories: ['handwerk'], postcode: '20095' });
    const paid = await createProvider(app.deps, { categories: ['handwerk'], postcode: '20095' });
    await givePaidGointsOnly(prisma(), paid.user.id, 100);
    const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '20095' });
    await unlockAtQuotedPrice(app.deps, promo.user.id, r.id);
    await unlockAtQuotedPrice(app.deps, paid.user.id, r.id);
    expect([await wallet(promo.user.id), await wallet(paid.user.id)]).toEqual([0, 50]);
    await createOffer(app.deps, paid.user.id, {
      requestId: r.id,
      price: 300,
      beschreibung: 'Reparatur der Heizung inklusive Material.',
      verfuegbarkeit: 'morgen',
    });

    const listed = await admin.get<Page>('/api/admin/requests?status=open&pageSize=100');
    expect(listed.body.requests.find((x) => x.id === r.id)).toMatchObject({ unlocks: 2, maxUnlocks: 5, offers: 1 });

    expect((await admin.post(`/api/admin/requests/${r.id}/close`, { reason: 'x'.repeat(501) })).status).toBe(400);
    const closed = await admin.post<{ status: string; refunded: number; refundedGoints: number }>(`/api/admin/requests/${r.id}/close`, {
      reason: 'Doppelt eingestellt.',
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ status: 'closed', refunded: 2, refundedGoints: 100 });
    expect([await wallet(promo.user.id), await wallet(paid.user.id)]).toEqual([50, 100]);
    expect(await prisma().unlock.count({ where: { requestId: r.id, status: 'refunded' } })).toBe(2);
    expect((await prisma().offer.findFirstOrThrow({ where: { requestId: r.id } })).status).toBe('geschlossen');
    expect(await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ status: 'closed', adminReason: 'Doppelt eingestellt.' });

    const [mail] = await mailsTo(seeker.email, 'requestClosedByAdmin');
    expect(mail?.subject).toBe('Your request has been closed');
    expect(mail?.text).toContain('your request (Trades & Repairs) has been closed');
    expect(mail?.text).toContain('Reason: Doppelt eingestellt.');
    const [entry] = (await listAuditLog(prisma(), { entityId: r.id, action: 'request.close', limit: 10 })).entries;
    expect(entry).toMatchObject({ actorId: adminId, reason: 'Doppelt eingestellt.', before: { status: 'open' }, after: { status: 'closed' } });
    expect((entry!.after as { refunds: unknown[] }).refunds).toHaveLength(2);

    // Once closed it stays closed: nothing more is refunded or recorded.
    const again = await admin.post<ErrorBody>(`/api/admin/requests/${r.id}/close`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REQUEST_NOT_CLOSABLE');
    expect((await listAuditLog(prisma(), { entityId: r.id, action: 'request.close', limit: 10 })).entries).toHaveLength(1);
    await expectLedgerConsistent(prisma());
  });

  it('refuses while a deal waits for its confirmations', async () => {
    const seeker = await createSeeker(prisma());
    const p = await createProvider(app.deps, { categories: ['handwerk'], postcode: '80331' });
    const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '80331' });
    await unlockAtQuotedPrice(app.deps, p.user.id, r.id);
    const offer = await createOffer(app.deps, p.user.id, {
      requestId: r.id,
      price: 200,
      beschreibung: 'Reparatur mit Material und Anfahrt.',
      verfuegbarkeit: 'morgen',
    });
    await acceptOffer(app.deps, seeker.id, offer.id);
    const refused = await admin.post<ErrorBody>(`/api/admin/requests/${r.id}/close`, { reason: 'Test' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('REQUEST_NOT_CLOSABLE');
    expect(await prisma().unlock.count({ where: { requestId: r.id, status: 'active' } })).toBe(1);
  });
});

type DealsPage = {
  total: number;
  deals: {
    id: string;
    status: string;
    valueCents: number;
    providerConfirmedAt: string | null;
    seekerConfirmedAt: string | null;
    provider: { firmenname: string | null };
    settlement: { seekerShare: { goints: number; cents: number }; platformShare: { goints: number; cents: number }; promotionUsed: { goints: number } } | null;
    refunds: { goints: number };
  }[];
};

describe('the deals list', () => {
  it('shows every deal newest first with who confirmed when and the settlement from the ledger; filters by status and pages', async () => {
    const seeker = await createSeeker(prisma());
    const p = await createProvider(app.deps, { firmenname: 'Heizung Hansen', categories: ['handwerk'], postcode: '60311' });
    await givePaidGointsOnly(prisma(), p.user.id, 100);
    const done = await createReleasedRequest(app.deps, seeker.id, { postcode: '60311' });
    await unlockAtQuotedPrice(app.deps, p.user.id, done.id);
    const offer = await createOffer(app.deps, p.user.id, {
      requestId: done.id,
      price: 480,
      beschreibung: 'Austausch der Gastherme inklusive Anfahrt.',
      verfuegbarkeit: 'morgen',
    });
    const { dealId: completed } = await acceptOffer(app.deps, seeker.id, offer.id);
    await confirmDeal(app.deps, p.user.id, completed);
    await confirmDeal(app.deps, seeker.id, completed);
    const waiting = await createReleasedRequest(app.deps, seeker.id, {
      postcode: '60311',
      beschreibung: 'Dachrinne undicht, Wasser läuft an der Fassade herunter.',
    });
    await unlockAtQuotedPrice(app.deps, p.user.id, waiting.id);
    const o2 = await createOffer(app.deps, p.user.id, {
      requestId: waiting.id,
      price: 150,
      beschreibung: 'Dachrinne abdichten und reinigen.',
      verfuegbarkeit: 'heute',
    });
    const { dealId: pending } = await acceptOffer(app.deps, seeker.id, o2.id);
    await confirmDeal(app.deps, p.user.id, pending);

    const all = await admin.get<DealsPage>('/api/admin/deals');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(await prisma().deal.count());
    expect(all.body.deals.slice(0, 2).map((d) => d.id)).toEqual([pending, completed]);
    const c = all.body.deals[1]!;
    expect(c).toMatchObject({ status: 'completed', valueCents: 48000, provider: { firmenname: 'Heizung Hansen' }, refunds: { goints: 0 } });
    expect(c.providerConfirmedAt && c.seekerConfirmedAt).toBeTruthy();
    // 50 paid Goints in escrow: 25 to the seeker, 25 to the platform (2.50 € each).
    expect(c.settlement).toEqual({
      seekerShare: { goints: 25, cents: 250 },
      platformShare: { goints: 25, cents: 250 },
      promotionUsed: { goints: 0, cents: 0 },
    });
    const w = all.body.deals[0]!;
    expect(w).toMatchObject({ status: 'awaiting_seeker', settlement: null, seekerConfirmedAt: null });
    expect(w.providerConfirmedAt).toBeTruthy();

    const onlyCompleted = await admin.get<DealsPage>('/api/admin/deals?status=completed');
    expect(onlyCompleted.body.deals.every((d) => d.status === 'completed')).toBe(true);
    expect(onlyCompleted.body.deals.map((d) => d.id)).toContain(completed);
    const second = await admin.get<DealsPage & { page: number }>('/api/admin/deals?pageSize=1&page=2');
    expect(second.body.deals.map((d) => d.id)).toEqual([completed]);
    expect((await admin.get('/api/admin/deals?status=fertig')).status).toBe(400);
  });
});

describe('by chat', () => {
  type Part = { toolName: string; output?: { accepted?: boolean; reason?: string; data?: Record<string, unknown>; confirmation?: { id: string } } };
  const confirm = (c: TestClient, sessionId: string, id: string) =>
    c.post<{ status: string; result: { accepted: boolean; data: Record<string, unknown> } }>('/api/chat/confirm', {
      sessionId,
      confirmationId: id,
      decision: 'confirm',
    });
  const tool = (turn: { tools: Part[] }, name: string) => turn.tools.find((t) => t.toolName === name);

  it('lists flagged and recent requests and recent deals in German and English', async () => {
    const seeker = await createSeeker(prisma());
    const held = await createReleasedRequest(app.deps, seeker.id, {
      beschreibung: 'Suche einen Elektriker, Infos unter https://example.com/plan für die Küche',
    });
    expect(held.status).toBe('review');
    const ref = held.id.slice(0, 6);
    const inReview = await prisma().request.count({ where: { status: 'review' } });
    for (const [lang, texts, heading] of [
      [
        'de',
        ['Zeig mir die markierten Anfragen', 'Welche Anfragen warten auf Moderation?', 'zurückgehaltene Anfragen bitte'],
        `${inReview} Anfragen warten auf deine Prüfung`,
      ],
      [
        'en',
        ['show flagged requests', 'Which requests are waiting for review?', 'list the held back requests'],
        `${inReview} requests are waiting for your review`,
      ],
    ] as const) {
      admin.lang = lang;
      const session = await createSession(admin, lang);
      for (const text of texts) {
        const turn = await sendChat(admin, session, text);
        const part = tool(turn, 'adminListRequests');
        expect(part?.output, text).toMatchObject({ accepted: true, data: { context: 'flagged', count: inReview } });
        expect(turn.text).toContain(heading);
        expect(turn.text).toContain(`#${ref}`);
        expect(turn.text).toContain(lang === 'de' ? 'Link in der Beschreibung' : 'Link in the description');
      }
      for (const text of lang === 'de' ? ['neueste Anfragen', 'Zeig mir die letzten Anfragen'] : ['latest requests', 'show me all requests']) {
        const turn = await sendChat(admin, session, text);
        expect(tool(turn, 'adminListRequests')?.output, text).toMatchObject({
          accepted: true,
          data: { context: 'recent', count: await prisma().request.count() },
        });
      }
      for (const text of lang === 'de' ? ['zeig die letzten Deals', 'Liste alle Deals'] : ['show recent deals', 'list the latest deals']) {
        const turn = await sendChat(admin, session, text);
        expect(tool(turn, 'adminListDeals')?.output, text).toMatchObject({ accepted: true, data: { count: await prisma().deal.count() } });
        expect(turn.text).toContain(lang === 'de' ? 'Deals, hier die neuesten' : 'deals, here are the newest');
        expect(turn.text).toContain('Heizung Hansen');
      }
    }
    admin.lang = 'de';
  });

  it('rejects and releases with a reason only after the confirm card, through the same command (audit via chat)', async () => {
    const enSeeker = await createSeeker(prisma(), { locale: 'en' });
    const a = await createReleasedRequest(app.deps, enSeeker.id, { beschreibung: PHONE });
    const b = await createReleasedRequest(app.deps, enSeeker.id, {
      beschreibung: 'Fenster putzen lassen, Details unter www.fenster-beispiel.example, am liebsten diese Woche',
    });
    expect([a.status, b.status]).toEqual(['review', 'review']);
    const session = await createSession(admin, 'de');

    // No reason: refused before any card, with the translated text.
    const noReason = await sendChat(admin, session, `Anfrage #${a.id.slice(0, 6)} ablehnen`);
    expect(tool(noReason, 'adminModerateRequest')?.output).toMatchObject({ accepted: false, reason: 'REASON_REQUIRED' });
    expect(noReason.text).toContain('Bitte gib eine Begründung an');

    const proposal = await sendChat(admin, session, `Anfrage #${a.id.slice(0, 6)} ablehnen: Bitte ohne Telefonnummer neu einstellen.`);
    const part = tool(proposal, 'adminModerateRequest')!;
    expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED' });
    expect(part.output!.data!.change).toMatchObject({
      subject: expect.stringContaining(`Anfrage #${a.id.slice(0, 6)}`),
      rows: [
        { label: 'Status', before: 'Zur Prüfung', after: 'Abgelehnt' },
        { label: 'Begründung', before: null, after: 'Bitte ohne Telefonnummer neu einstellen.' },
        { label: 'Benachrichtigung', before: null, after: expect.stringContaining('(EN)') },
      ],
    });
    // Nothing happened yet.
    expect((await prisma().request.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('review');
    const done = await confirm(admin, session, part.output!.confirmation!.id);
    expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { status: 'rejected' } } });
    expect(await prisma().request.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({
      status: 'rejected',
      adminReason: 'Bitte ohne Telefonnummer neu einstellen.',
    });
    const [entry] = (await listAuditLog(prisma(), { entityId: a.id, limit: 5 })).entries;
    expect(entry).toMatchObject({ action: 'request.reject', via: 'chat', actorId: adminId, reason: 'Bitte ohne Telefonnummer neu einstellen.' });
    const [mail] = await mailsTo(enSeeker.email, 'requestModerated');
    expect(mail?.text).toContain('Reason: Bitte ohne Telefonnummer neu einstellen.');

    // Again on the decided request: told it is not waiting for review.
    const twice = await sendChat(admin, session, `Anfrage #${a.id.slice(0, 6)} ablehnen: nochmal`);
    expect(tool(twice, 'adminModerateRequest')?.output).toMatchObject({ accepted: false, reason: 'REQUEST_NOT_IN_REVIEW' });

    // English: release with a reason.
    admin.lang = 'en';
    const en = await createSession(admin, 'en');
    const release = await sendChat(admin, en, `release request #${b.id.slice(0, 6)} because the link is a harmless photo`);
    const rp = tool(release, 'adminModerateRequest')!;
    expect(rp.output!.data!.change).toMatchObject({
      rows: [{ label: 'Status', before: 'Awaiting review', after: 'Open' }, { label: 'Reason', after: 'the link is a harmless photo' }, { label: 'Notice' }],
    });
    expect((await confirm(admin, en, rp.output!.confirmation!.id)).body.status).toBe('confirmed');
    expect((await prisma().request.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('open');
    expect((await listAuditLog(prisma(), { entityId: b.id, limit: 5 })).entries[0]).toMatchObject({
      action: 'request.release',
      via: 'chat',
      reason: 'the link is a harmless photo',
    });
    admin.lang = 'de';
  });

  it('closes a request after the confirm card, with the refunds shown before', async () => {
    const seeker = await createSeeker(prisma());
    const p = await createProvider(app.deps, { categories: ['handwerk'], postcode: '01067' });
    const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '01067' });
    await unlockAtQuotedPrice(app.deps, p.user.id, r.id);
    for (const [lang, text, rows] of [
      ['de', `Schließe Anfrage #${r.id.slice(0, 6)}: Auftrag hat sich erledigt`, { status: ['Offen', 'Geschlossen'], refunds: '1 Anbieter, 50 Goints' }],
      ['en', `close request #${r.id.slice(0, 6)}: job no longer needed`, { status: ['Open', 'Closed'], refunds: '1 provider, 50 Goints' }],
    ] as const) {
      admin.lang = lang;
      const session = await createSession(admin, lang);
      const turn = await sendChat(admin, session, text);
      const part = tool(turn, 'adminCloseRequest')!;
      expect(part.output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
      expect((part.output!.data!.change as { rows: unknown[] }).rows.slice(0, 2)).toMatchObject([
        { before: rows.status[0], after: rows.status[1] },
        { before: null, after: rows.refunds },
      ]);
      if (lang === 'de') {
        // Cancelled: nothing happens.
        expect((await admin.post('/api/chat/confirm', { sessionId: session, confirmationId: part.output!.confirmation!.id, decision: 'cancel' })).status).toBe(
          200,
        );
        expect((await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).status).toBe('open');
      } else {
        expect((await confirm(admin, session, part.output!.confirmation!.id)).body).toMatchObject({
          status: 'confirmed',
          result: { data: { status: 'closed', refunded: 1 } },
        });
      }
    }
    admin.lang = 'de';
    expect(await wallet(p.user.id)).toBe(50);
    expect((await listAuditLog(prisma(), { entityId: r.id, action: 'request.close', limit: 5 })).entries[0]).toMatchObject({
      via: 'chat',
      reason: 'job no longer needed',
    });
  });

  it('never gives these tools to seekers, providers, visitors or admins without two-factor', async () => {
    const seeker = await createSeeker(prisma());
    const r = await createReleasedRequest(app.deps, seeker.id, { beschreibung: PHONE });
    const noTotp = await createUser(prisma(), { role: 'admin' });
    const half = app.client();
    await signIn(half, noTotp.email, noTotp.password);
    const clients = [(await signedInClient(app, { role: 'seeker' })).client, (await signedInClient(app, { role: 'provider' })).client, app.client(), half];
    const names = ['adminListRequests', 'adminModerateRequest', 'adminCloseRequest', 'adminListDeals'];
    for (const c of clients) {
      for (const lang of ['de', 'en'] as const) {
        c.lang = lang;
        const session = await createSession(c, lang);
        const texts =
          lang === 'de'
            ? ['Zeig mir die markierten Anfragen', `Anfrage #${r.id.slice(0, 6)} ablehnen: weg damit`]
            : ['show recent deals', `close request #${r.id.slice(0, 6)}`];
        for (const text of texts) {
          const turn = await sendChat(c, session, text);
          expect(
            turn.tools.map((t) => t.toolName).filter((n) => names.includes(n)),
            text,
          ).toEqual([]);
        }
      }
    }
    expect((await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).status).toBe('review');
  });
});
