// Live sync between the chat and the dashboards (issue 13, decision 054): one conversation per signed-in
// person on every tab; events for a person become a translated note in their current conversation (stored,
// shown as a notice, never a turn), announced to their open chats by 'chat.updated'; their own actions taken
// in the chat reach their dashboards as live events. On PGlite and PostgreSQL (there also across two app
// instances sharing one database and the PostgreSQL bus).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { UIMessage } from 'ai';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { signIn, clientAs } from '../helpers/auth.ts';
import { getSession, sendChat, toolPart } from '../helpers/chat.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { noteEvent } from '../../server/chat/live-notes.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Live = { type: string; payload?: unknown };

function listen(a: TestApp, c: TestClient): Promise<{ ws: WebSocket; events: Live[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(a.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie: c.cookieHeader, origin: a.baseUrl } });
    const events: Live[] = [];
    ws.on('message', (d) => {
      const e = JSON.parse(d.toString()) as Live;
      events.push(e);
      if (e.type === 'hello') resolve({ ws, events });
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 300 && !ok(v); i++) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  if (!ok(v)) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`);
  return v;
}

const as = (user: { email: string; password: string }, lang: 'de' | 'en') => clientAs(app, user, lang);

/** The conversation a chat opens for this caller: the person's current one. */
async function openCurrent(c: TestClient, resumeId?: string) {
  const res = await c.post<{ id: string; messages: UIMessage[]; resumed: boolean }>('/api/chat/session', {
    lang: c.lang,
    current: true,
    ...(resumeId ? { resumeId } : {}),
  });
  expect(res.status).toBe(200);
  return res.body;
}

type NoteData = { key: string; text: string; say?: string; lang: string };
const notesOf = (messages: UIMessage[]): NoteData[] =>
  messages.flatMap((m) => m.parts.filter((p) => p.type === 'data-note').map((p) => (p as unknown as { data: NoteData }).data));
const notes = async (c: TestClient, sessionId: string) => notesOf((await getSession(c, sessionId)).body.messages);

/** A seeker and a provider who unlocked the seeker's request; both signed in with a conversation each. */
async function market(lang: 'de' | 'en') {
  const seeker = await createSeeker(app.deps.db.prisma, { name: lang === 'de' ? 'Lena Beispiel' : 'Lucy Example', locale: lang });
  const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '04109', user: { locale: lang } });
  const request = await createReleasedRequest(app.deps, seeker.id, {
    postcode: '04109',
    beschreibung: 'Im Dach ist ein Ziegel gerutscht, es regnet durch.',
  });
  // The match's notification goes out from the job queue right after the release (decision 078), before anyone
  // opens a conversation here.
  await app.settle();
  await unlockAtQuotedPrice(app.deps, provider.user.id, request.id);
  const s = await as(seeker, lang);
  const p = await as(provider.user, lang);
  const seekerSession = (await openCurrent(s)).id;
  const providerSession = (await openCurrent(p)).id;
  return { seeker, provider, request, s, p, seekerSession, providerSession };
}

const offerInput = (requestId: string) => ({ requestId, price: 240, verfuegbarkeit: 'morgen', beschreibung: 'Ziegel neu einsetzen, inklusive Material.' });

describe('one conversation per signed-in person', () => {
  it('a second tab or device without a kept session, or with an older one, opens the current conversation with its history', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Mara Muster' });
    const tabA = await as(seeker, 'de');
    const first = await openCurrent(tabA);
    expect(first.resumed).toBe(false);
    const turn = await sendChat(tabA, first.id, 'Ich brauche einen Elektriker');
    expect(turn.status).toBe(200);

    // Another sign-in (another browser), nothing kept: the same conversation, with what tab A wrote.
    const tabB = await as(seeker, 'de');
    const second = await openCurrent(tabB);
    expect(second.id).toBe(first.id);
    expect(second.resumed).toBe(true);
    expect(JSON.stringify(second.messages)).toContain('Ich brauche einen Elektriker');

    // An older session of the same person kept in a browser gives way to the current one.
    const older = await app.deps.db.prisma.chatSession.create({ data: { userId: seeker.id, locale: 'de', updatedAt: new Date(Date.now() - 3600_000) } });
    expect((await openCurrent(tabB, older.id)).id).toBe(first.id);
  });

  it('an anonymous conversation kept in the browser becomes the current one at sign-in; anonymous callers never get anyone else’s', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Mara Muster' });
    const c = await as(seeker, 'de');
    const old = await openCurrent(c);
    const anon = app.client();
    const anonymous = (await anon.post<{ id: string }>('/api/chat/session', { lang: 'de', current: true })).body.id;
    expect(anonymous).not.toBe(old.id);
    // The person writes in their own conversation after the anonymous one was started elsewhere.
    expect((await sendChat(c, old.id, 'Ich brauche einen Elektriker')).status).toBe(200);
    await signIn(anon, seeker.email, seeker.password);
    expect((await openCurrent(anon, anonymous)).id).toBe(anonymous);
    expect((await openCurrent(c)).id).toBe(anonymous);
  });
});

for (const lang of ['de', 'en'] as const) {
  const t = {
    de: { offer: 'Angebot #', accept: (r: string) => `Angebot #${r} annehmen`, confirm: (d: string) => `Deal #${d} bestätigen`, eur: /240,00\s€/ },
    en: { offer: 'offer #', accept: (r: string) => `Accept offer #${r}`, confirm: (d: string) => `Confirm deal #${d}`, eur: /€240\.00/ },
  }[lang];

  describe(`notes in the chat (${lang})`, () => {
    it('a new offer is noted in the seeker’s conversation only, in its language, with the reference to type, and announced to the seeker’s open chats', async () => {
      const m = await market(lang);
      const seekerWs = await listen(app, m.s);
      const providerWs = await listen(app, m.p);
      const offer = await createOffer(app.deps, m.provider.user.id, offerInput(m.request.id));
      await app.settle();
      const ref = offer.id.slice(0, 6);
      const [note] = await until(
        'the offer note',
        () => notes(m.s, m.seekerSession),
        (n) => n.length === 1,
      );
      expect(note).toMatchObject({ key: 'offerReceived', lang, say: t.accept(ref) });
      expect(note!.text).toContain(ref);
      expect(note!.text).toMatch(t.eur);
      await until(
        'chat.updated',
        () => seekerWs.events,
        (e) => e.some((x) => x.type === 'chat.updated'),
      );
      expect(seekerWs.events.find((x) => x.type === 'chat.updated')?.payload).toEqual({ sessionId: m.seekerSession });
      // The provider's own conversation and sockets hear nothing of the seeker's note.
      expect(await notes(m.p, m.providerSession)).toEqual([]);
      expect(providerWs.events.some((x) => x.type === 'chat.updated')).toBe(false);
      // A note is not a turn: the stored message is the assistant's, with no words for the model, and the
      // conversation goes on where it was.
      const stored = (await getSession(m.s, m.seekerSession)).body;
      const noteMessage = stored.messages.find((x) => x.parts.some((p) => p.type === 'data-note'))!;
      expect(noteMessage.role).toBe('assistant');
      expect(noteMessage.parts.map((p) => p.type)).toEqual(['data-note']);
      const next = await sendChat(m.s, m.seekerSession, lang === 'de' ? 'Zeig alle Angebote' : 'Show all offers');
      expect(next.status).toBe(200);
      expect(toolPart(next, 'listOffers').output).toMatchObject({ accepted: true });
      seekerWs.ws.close();
      providerWs.ws.close();
    });

    it('an offer accepted on the dashboard is noted for both sides (the provider’s with the deal to confirm); one accepted by chat is not noted again in that chat, but reaches the dashboards live', async () => {
      const m = await market(lang);
      const offer = await createOffer(app.deps, m.provider.user.id, offerInput(m.request.id));
      await app.settle();
      // On the dashboard (the HTTP door).
      const accepted = await m.s.post<{ dealId: string }>(`/api/seeker/offers/${offer.id}/accept`, {});
      expect(accepted.status).toBe(200);
      await app.settle();
      const deal = accepted.body.dealId.slice(0, 6);
      const providerNotes = await until(
        'the provider note',
        () => notes(m.p, m.providerSession),
        (n) => n.length === 1,
      );
      expect(providerNotes[0]).toMatchObject({ key: 'offerAccepted', say: t.confirm(deal) });
      const seekerNotes = await until(
        'the seeker note',
        () => notes(m.s, m.seekerSession),
        (n) => n.length === 2,
      );
      expect(seekerNotes.map((n) => n.key)).toEqual(['offerReceived', 'offerAcceptedSelf']);
      // Nothing of the seeker or the request is in the provider's notes beyond the references.
      expect(JSON.stringify(providerNotes)).not.toMatch(new RegExp(`${m.seeker.email}|Lena|Lucy|Ziegel`));

      // The provider confirms by chat: the seeker's chat gets the note with the reference to type; the
      // provider's own chat shows its confirmation card, no note; the provider's dashboard hears of it.
      const providerWs = await listen(app, m.p);
      const proposal = await sendChat(m.p, m.providerSession, t.confirm(deal));
      const confirmation = toolPart(proposal, 'confirmDeal').output!.confirmation!.id;
      const done = await m.p.post<{ status: string }>('/api/chat/confirm', { sessionId: m.providerSession, confirmationId: confirmation, decision: 'confirm' });
      expect(done.body.status).toBe('confirmed');
      await app.settle();
      const after = await until(
        'the seeker’s deal note',
        () => notes(m.s, m.seekerSession),
        (n) => n.length === 3,
      );
      expect(after[2]).toMatchObject({ key: 'dealConfirmedOther', say: t.confirm(deal) });
      await until(
        'the provider’s own deal event',
        () => providerWs.events,
        (e) => e.some((x) => x.type === 'deal.confirmed'),
      );
      await until(
        'chat.updated after the confirmation',
        () => providerWs.events,
        (e) => e.some((x) => x.type === 'chat.updated'),
      );
      expect((await notes(m.p, m.providerSession)).map((n) => n.key)).toEqual(['offerAccepted']);
      providerWs.ws.close();
    });
  });
}

describe('own actions reach the dashboards live', () => {
  it('a payout method added and a profile saved are told to the person’s own sockets and noted in the chat', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Lena Beispiel' });
    const s = await as(seeker, 'de');
    const session = (await openCurrent(s)).id;
    const ws = await listen(app, s);
    const method = await s.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'lena@example.com' });
    expect(method.status).toBe(201);
    await until(
      'payout.method.added',
      () => ws.events,
      (e) => e.some((x) => x.type === 'payout.method.added'),
    );
    await until(
      'the method note',
      () => notes(s, session),
      (n) => n.some((x) => x.key === 'payoutMethodAdded'),
    );
    ws.ws.close();

    const provider = await createProvider(app.deps, {});
    const p = await as(provider.user, 'en');
    const providerSession = (await openCurrent(p)).id;
    const pws = await listen(app, p);
    const profile = (await p.get<{ profile: Record<string, unknown> }>('/api/provider/profile')).body.profile;
    const { firmenname, categories, postcode, radiusKm, description, phone, email } = profile as Record<string, unknown>;
    const saved = await p.request('PUT', '/api/provider/profile', { firmenname, categories, postcode, radiusKm: 80, description, phone, email });
    expect(saved.status).toBe(200);
    expect(radiusKm).not.toBe(80);
    await until(
      'profile.updated',
      () => pws.events,
      (e) => e.some((x) => x.type === 'profile.updated'),
    );
    await until(
      'the profile note',
      () => notes(p, providerSession),
      (n) => n.some((x) => x.text === 'Your profile is saved.'),
    );
    pws.ws.close();
  });
});

describe('payouts in the chat', () => {
  it('a payout requested on the dashboard and later paid is noted with its amount for its owner only', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Lena Beispiel', locale: 'en' });
    const other = await createSeeker(app.deps.db.prisma, { name: 'Mara Muster' });
    const s = await as(seeker, 'en');
    const o = await as(other, 'de');
    const session = (await openCurrent(s)).id;
    const otherSession = (await openCurrent(o)).id;
    await app.deps.db.prisma.$transaction((tx) =>
      postTransaction(tx, {
        idempotencyKey: `earn:${seeker.id}`,
        kind: 'test_setup',
        lines: [
          { account: account.paymentClearing(), amount: -goints(250) },
          { account: account.seekerEarnings(seeker.id), amount: goints(250) },
        ],
      }),
    );
    const method = await s.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'lena@example.com' });
    expect(method.status).toBe(201);
    const ws = await listen(app, s);
    const payout = await s.post<{ payoutId: string }>('/api/payouts', {
      amountCents: 2000,
      methodId: method.body.id,
      source: 'seeker_earnings',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(payout.status).toBe(201);
    const ref = payout.body.payoutId.slice(0, 6);
    await until(
      'payout.requested',
      () => ws.events,
      (e) => e.some((x) => x.type === 'payout.requested'),
    );
    await app.settle();
    // Someone else named as the recipient of this payout's event gets no note about it.
    await app.deps.bus.publish({ type: 'payout.paid', to: { userId: other.id }, payload: { payoutId: payout.body.payoutId } });
    await app.deps.bus.publish({ type: 'payout.paid', to: { userId: seeker.id }, payload: { payoutId: payout.body.payoutId } });
    await app.settle();
    const texts = await until(
      'the payout notes',
      async () => (await notes(s, session)).map((n) => n.text),
      (n) => n.length === 3,
    );
    expect(texts).toEqual(['Your new payout method is saved.', `Payout #${ref} of €20.00 is requested.`, `Payout #${ref} of €20.00 is paid out.`]);
    expect(await notes(o, otherSession)).toEqual([]);
    ws.ws.close();
  });

  it('after a turn, chat.updated names the newest stored message (the tab that took the turn already shows it)', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Lena Beispiel' });
    const s = await as(seeker, 'de');
    const session = (await openCurrent(s)).id;
    const ws = await listen(app, s);
    const turn = await sendChat(s, session, 'Wie hoch ist mein Guthaben?');
    expect(turn.status).toBe(200);
    const event = await until('chat.updated', () => ws.events.find((x) => x.type === 'chat.updated'), Boolean);
    const stored = (await getSession(s, session)).body.messages;
    expect(event!.payload).toEqual({ sessionId: session, lastMessageId: stored.at(-1)!.id });
    expect(stored.at(-1)!.id).toBe(turn.message!.id);
    ws.ws.close();
  });
});

describe('idempotent per event', () => {
  it('the same event heard twice (by two instances) makes one note', async () => {
    const seeker = await createSeeker(app.deps.db.prisma, { name: 'Lena Beispiel' });
    const s = await as(seeker, 'de');
    const session = (await openCurrent(s)).id;
    const event = { id: crypto.randomUUID(), type: 'purchase.completed', to: { userId: seeker.id }, payload: { goints: 100 } };
    const [a, b] = await Promise.all([noteEvent(app.deps, event), noteEvent(app.deps, event)]);
    expect([a, b].filter(Boolean)).toEqual([session]);
    expect((await notes(s, session)).map((n) => n.text)).toEqual(['100 Goints sind deinem Konto gutgeschrieben.']);
  });

  it.runIf(onPostgres)('on PostgreSQL, two instances on one database store one note and both deliver chat.updated to their sockets', async () => {
    const second = await startTestApp({}, { database: app.target });
    try {
      const seeker = await createSeeker(app.deps.db.prisma, { name: 'Lena Beispiel', locale: 'en' });
      const s = await as(seeker, 'en');
      const session = (await openCurrent(s)).id;
      const onFirst = await listen(app, s);
      const onSecond = await listen(second, s);
      await second.deps.bus.publish({ type: 'purchase.completed', to: { userId: seeker.id }, payload: { goints: 1000 } });
      await until(
        'chat.updated on both instances',
        () => [onFirst.events, onSecond.events],
        (l) => l.every((e) => e.some((x) => x.type === 'chat.updated')),
      );
      await app.settle();
      await second.settle();
      expect((await notes(s, session)).map((n) => n.text)).toEqual(['1,000 Goints were credited to your account.']);
      onFirst.ws.close();
      onSecond.ws.close();
    } finally {
      await second.close();
    }
  });
});
