// Contact data reaches a provider only after the unlock (issue 9, finding 1): a request whose description
// holds a phone number and a street address is held for moderation, and once approved, neither the feed's
// teaser, the chat's match card, the newMatch e-mail nor a live event shows them; the unlock does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import type { BusEvent } from '../../server/realtime/bus.ts';

let app: TestApp;
const events: BusEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.deps.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const DESCRIPTION = 'Erreichbar 0 171 2345678, Goethestr 9. Unser Wasserhahn in der Küche tropft seit Tagen und muss repariert werden.';
// Any piece of the number or the street gives it away.
const SECRETS = ['2345678', '171 23', 'Goethestr'];

type Card = { id: string; unlocked: boolean; request: { id: string; descriptionPreview?: string; description?: string } };

function expectNoSecrets(text: string | null | undefined, where: string) {
  expect(text, where).toBeTruthy();
  for (const s of SECRETS) expect(text, `${where} shows '${s}'`).not.toContain(s);
}

describe('contact data before and after the unlock', () => {
  it('is held for moderation, then hidden in feed, chat cards, e-mail and events, and shown after the unlock', async () => {
    const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667', radiusKm: 30 });
    const seeker = await createSeeker(app.deps.db.prisma);
    const since = events.length;
    const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '50667', beschreibung: DESCRIPTION });
    // The same detector decides the moderation: a phone number is contact data.
    expect(r).toMatchObject({ status: 'review', assessment: { flags: expect.arrayContaining([{ code: 'contact_data' }]) } });
    expect(await app.deps.db.prisma.match.count({ where: { requestId: r.id } })).toBe(0);

    const { client: admin } = await signedInClient(app, { role: 'admin' });
    const approved = await admin.post<{ status: string; matched: number }>(`/api/admin/requests/${r.id}/moderate`, { decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'open', matched: 1 });

    // A row stored before this detector: the views read the full description, never a stored redaction.
    await app.deps.db.prisma.request.update({ where: { id: r.id }, data: { beschreibungOeffentlich: DESCRIPTION } });

    const pc: TestClient = app.client();
    await signIn(pc, provider.user.email, provider.user.password);
    const feed = await pc.get<{ matches: Card[] }>('/api/provider/matches');
    const card = feed.body.matches.find((m) => m.request.id === r.id)!;
    expect(card.unlocked).toBe(false);
    expect(card.request.descriptionPreview).toBe('Erreichbar [Kontakt verborgen], [Adresse verborgen]. Unser Wasserhahn in der Küc...');
    expectNoSecrets(feed.text, 'feed');

    const session = await createSession(pc, 'de');
    const listed = await sendChat(pc, session, 'Zeig mir meine Anfragen');
    const chatCards = listed.tools.find((t) => t.toolName === 'listMatches')?.output?.data as { matches: Card[] } | undefined;
    expect(chatCards?.matches.find((m) => m.request.id === r.id)?.request.descriptionPreview).toBe(card.request.descriptionPreview);
    expectNoSecrets(JSON.stringify(listed.tools), 'chat match cards');

    await app.settle(); // the match's notifications (from the job queue) and every event published so far
    const mail = await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: provider.user.email, template: 'newMatch' }, orderBy: { createdAt: 'desc' } });
    expect(mail?.text).toContain('Unser Wasserhahn');
    expectNoSecrets(mail?.text, 'newMatch text');
    expectNoSecrets(mail?.html, 'newMatch html');
    expectNoSecrets(mail?.subject, 'newMatch subject');
    expectNoSecrets(JSON.stringify(events.slice(since)), 'live events');

    // The unlock shows everything.
    expect((await pc.post(`/api/provider/requests/${r.id}/unlock`, { price: 50 })).status).toBe(200);
    const after = await pc.get<{ matches: Card[] }>('/api/provider/matches');
    const full = after.body.matches.find((m) => m.request.id === r.id)!;
    expect(full.unlocked).toBe(true);
    expect(full.request.description).toContain('0 171 2345678');
    expect(full.request.description).toContain('Goethestr 9');
  });
});

describe('POST /api/intake/extract', () => {
  it('returns the teaser exactly as providers will see it before unlocking', async () => {
    const res = await app.client().post<{ teaser: string; hasContact: boolean; description: string }>('/api/intake/extract', {
      text: `${DESCRIPTION} PLZ 50667 Köln, Budget 200 €`,
      lang: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body.description).toContain('0 171 2345678');
    expect(res.body.hasContact).toBe(true);
    expect(res.body.teaser).toBe('Erreichbar [Kontakt verborgen], [Adresse verborgen]. Unser Wasserhahn in der Küc...');
    const en = await app.client().post<{ teaser: string }>('/api/intake/extract', { text: 'Need a plumber in 50667 Cologne, call 0 171 2345678', lang: 'en' });
    expect(en.body.teaser).toBe('Need a plumber in 50*** Cologne, call [contact hidden]');

    const doc = await app.client().get<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>('/api/openapi.json');
    expect(JSON.stringify(doc.body.paths['/api/intake/extract']!.post.responses)).toContain('"teaser"');
  });
});

describe("the seeker's summary card", () => {
  it('carries the teaser the server built, in the chat language', async () => {
    const c = app.client();
    c.lang = 'de';
    const session = await createSession(c, 'de');
    await sendChat(c, session, 'Anna');
    const need = await sendChat(
      c,
      session,
      'Erreichbar 0 171 2345678, Goethestr 9: Wasserhahn in der Küche tropft, Klempner gesucht in 50667 Köln, Budget bis 200 €',
    );
    // Urgency and date are asked once each when not given.
    let turn = need;
    const answers: Record<string, string> = { 'asking.urgency': 'Dringend', 'asking.date': 'Kein fester Termin' };
    for (let i = 0; i < 3 && turn.tools.at(-1)?.output?.state !== 'reviewing'; i++)
      turn = await sendChat(c, session, answers[String(turn.tools.at(-1)?.output?.state)] ?? 'Kein fester Termin');
    const view = turn.tools.at(-1)?.output as { state: string; data: { description: string; teaser: string } };
    expect(view.state).toBe('reviewing');
    expect(view.data.description).toContain('0 171 2345678');
    expect(view.data.teaser).toBe('Erreichbar [Kontakt verborgen], [Adresse verborgen]: Wasserhahn in der Küche tro...');
  });
});
