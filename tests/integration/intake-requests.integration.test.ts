// The intake's doors besides the chat: POST /api/intake/extract (public, rate-limited, in the OpenAPI
// document), the follow-up script stored as a validated machine configuration, and the request's way from
// draft to providers: held until its anonymous seeker registers and verifies, contact data hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { sendChat } from '../helpers/chat.ts';
import { FOLLOW_UP_SCRIPT_KEY, defaultFollowUpScript, loadFollowUpScript, saveFollowUpScript } from '../../server/intake/follow-up-script.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Extracted = {
  category: string | null;
  postcode: string | null;
  place: string | null;
  budget: { min: number | null; max: number | null };
  urgency: string;
  date: string | null;
  missing: string[];
  hasContact: boolean;
};

describe('POST /api/intake/extract', () => {
  const now = '2026-11-22T10:00:00+01:00';
  it('reads German free text with the same code as the chat', async () => {
    const res = await app
      .client()
      .post<Extracted>('/api/intake/extract', { text: 'Suche dringend einen Elektriker in 50667 Köln, Budget 200-400 €, am besten morgen', lang: 'de', now });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      category: 'handwerk',
      postcode: '50667',
      place: 'Köln',
      budget: { min: 200, max: 400 },
      urgency: 'sehr_dringend',
      date: '2026-11-23',
      missing: [],
      hasContact: false,
    });
  });

  it('reads English text and a form string, and lists what is missing', async () => {
    const en = await app.client().post<Extracted>('/api/intake/extract', { text: 'I need a wedding photographer, call me on 0171 1234567', lang: 'en', now });
    expect(en.body).toMatchObject({
      category: 'dienstleistungen',
      postcode: null,
      budget: { min: null, max: null },
      urgency: 'normal',
      missing: ['location', 'budget'],
      hasContact: true,
    });
    const form = await app.client().post<Extracted>('/api/intake/extract', {
      text: 'Kategorie: Urlaub/Reisen; Reiseziel: Mallorca; Reisende: 2; PLZ: 10115; Budget: 1500 €;',
      lang: 'de',
      now,
    });
    expect(form.body).toMatchObject({ category: 'urlaub_reisen', postcode: '10115', place: 'Berlin', budget: { min: 1500, max: 1500 }, missing: [] });
  });

  it('refuses bad input with translated field errors', async () => {
    const c = app.client();
    const empty = await c.post<{ error: { code: string; message: string; fields?: unknown[] } }>(
      '/api/intake/extract',
      { text: '   ' },
      { 'accept-language': 'en' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(empty.body.error.message).toMatch(/^[A-Z][a-z]/);
    expect(empty.body.error.fields).toEqual([expect.objectContaining({ path: 'body.text' })]);
    const long = await c.post<{ error: { code: string } }>('/api/intake/extract', { text: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    const badNow = await c.post<{ error: { code: string } }>('/api/intake/extract', { text: 'Maler in Köln', now: 'gestern' });
    expect(badNow.status).toBe(400);
  });

  it('is in the OpenAPI document as a public operation', async () => {
    const doc = await app.client().get<{ paths: Record<string, Record<string, { 'x-roles'?: string[]; requestBody?: unknown }>> }>('/api/openapi.json');
    const op = doc.body.paths['/api/intake/extract']?.post;
    expect(op).toBeDefined();
    expect(op!['x-roles']).toContain('anonymous');
    expect(JSON.stringify(op!.requestBody)).toContain('"text"');
  });

  it('is rate-limited per address', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CHAT: '2' });
    try {
      const c = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await c.post('/api/intake/extract', { text: 'Maler in Köln' }, { 'x-forwarded-for': '198.51.100.9' })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the follow-up script as machine configuration', () => {
  afterAll(async () => {
    await app.deps.db.prisma.machineConfig.deleteMany({ where: { key: FOLLOW_UP_SCRIPT_KEY } });
  });

  it('has the six default steps, and a stored script with fewer steps is replaced by the default', async () => {
    expect(defaultFollowUpScript().steps).toHaveLength(6);
    expect((await loadFollowUpScript(app.deps.db.prisma)).source).toBe('default');
    const short = defaultFollowUpScript();
    short.steps = short.steps.slice(0, 5);
    await saveFollowUpScript(app.deps.db.prisma, short);
    expect(await loadFollowUpScript(app.deps.db.prisma)).toMatchObject({
      source: 'default',
      script: { steps: expect.arrayContaining([expect.objectContaining({ id: 'closing' })]) },
    });
  });

  it('refuses an invalid script and changes nothing', async () => {
    const bad = defaultFollowUpScript();
    bad.steps[0]!.content.de = '   ';
    await expect(saveFollowUpScript(app.deps.db.prisma, bad)).rejects.toThrow();
    await expect(
      saveFollowUpScript(app.deps.db.prisma, { version: 1, steps: defaultFollowUpScript().steps.map((s) => ({ ...s, active: s.purpose !== 'askName' })) }),
    ).rejects.toThrow(/first name/);
    await expect(
      saveFollowUpScript(app.deps.db.prisma, { version: 1, steps: [...defaultFollowUpScript().steps, defaultFollowUpScript().steps[0]] }),
    ).rejects.toThrow(/duplicate/);
  });

  it('a stored script drives the greeting: inactive steps are left out, voice steps are marked to be read aloud', async () => {
    const script = defaultFollowUpScript();
    script.steps[1]!.active = false;
    script.steps[0]!.type = 'voice';
    script.steps[0]!.content = { de: 'Moin! Ich bin {persona}, eine KI.', en: 'Hi! I am {persona}, an AI.' };
    script.steps.splice(3, 0, { id: 'extra', type: 'text', purpose: 'nameConfirmed', content: { de: 'Toll, {name}.', en: 'Great, {name}.' }, active: true });
    await saveFollowUpScript(app.deps.db.prisma, script);

    const c = app.client();
    c.lang = 'de';
    const s = await c.post<{ id: string; messages: { parts: { type: string; text?: string; data?: unknown }[] }[] }>('/api/chat/session', { lang: 'de' });
    expect(s.body.messages.map((m) => m.parts[0]!.text)).toEqual(['Moin! Ich bin Aki, eine KI.', 'Wie ist dein Vorname?']);
    expect(s.body.messages[0]!.parts[1]).toEqual({ type: 'data-voice', data: { lang: 'de' } });
    const name = await sendChat(c, s.body.id, 'Ida');
    expect(name.text).toMatch(/^Toll, Ida\./);
    // The voice part is not sent to the model as text twice, and the turn works.
    expect(name.status).toBe(200);
  });
});

describe('from draft to providers', () => {
  async function submitAnonymously(c: TestClient, text: string): Promise<{ sessionId: string; requestId: string }> {
    const s = await c.post<{ id: string }>('/api/chat/session', { lang: 'de' });
    await sendChat(c, s.body.id, 'Ben');
    const turn = await sendChat(c, s.body.id, text);
    let last = turn.tools.at(-1)!.output!;
    const answers = ['Budget offen', 'Normal', 'Kein fester Termin'];
    while (last.state !== 'reviewing') {
      const next = await sendChat(c, s.body.id, answers.shift()!);
      last = next.tools.at(-1)!.output!;
    }
    const res = await c.post<{ status: string; result: { data: { requestId: string } } }>('/api/chat/confirm', {
      sessionId: s.body.id,
      confirmationId: last.confirmation!.id,
      decision: 'confirm',
    });
    expect(res.body.status).toBe('confirmed');
    return { sessionId: s.body.id, requestId: res.body.result.data.requestId };
  }

  it('is held until the seeker registers and verifies, then released through the kept chat session', async () => {
    const c = app.client();
    const { sessionId, requestId } = await submitAnonymously(c, 'Ich brauche einen Gärtner in 50667 Köln für die Hecke, Tel. 0221 987654');
    expect(await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ status: 'draft', userId: null, releasedAt: null });
    const released: unknown[] = [];
    const unsubscribe = app.deps.bus.subscribe((e) => {
      if (e.type === 'request.review') released.push(e.payload);
    });
    try {
      const email = `seeker-${Date.now()}@example.com`;
      expect((await c.post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Ben', role: 'seeker', locale: 'de' })).status).toBe(200);
      // Registered but not verified: still held.
      expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId } })).status).toBe('draft');
      const link = app.mailLink(email, 'verifyEmail')!;
      expect([200, 302]).toContain((await c.get(link.replace(app.baseUrl, ''))).status);
      // Signed in after verification: the browser resumes its chat session, which attaches it and its request.
      const resumed = await c.post<{ id: string; resumed: boolean }>('/api/chat/session', { lang: 'de', resumeId: sessionId });
      expect(resumed.body).toMatchObject({ id: sessionId, resumed: true });
      const row = await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId }, include: { user: true } });
      // Released through the pre-filter: contact data in the description holds it for moderation.
      expect(row.status).toBe('review');
      expect(row.flags).toEqual([{ code: 'contact_data' }]);
      expect(row.releasedAt).not.toBeNull();
      expect(row.user?.email).toBe(email);
      // The event came over the PostgreSQL bus there: wait until everything published so far has arrived.
      await app.settle();
      expect(released).toEqual([{ requestId }]);
      // Contact data stays in the seeker's description and is hidden in the text providers see before unlocking.
      expect(row.beschreibung).toContain('0221 987654');
      expect(row.beschreibungOeffentlich).not.toContain('987654');
      expect(row.beschreibungOeffentlich).toContain('[Kontakt verborgen]');
    } finally {
      unsubscribe();
    }
  });

  it('a confirmation clicked twice stores one request, which stays held without a verified seeker', async () => {
    const c = app.client();
    const { sessionId, requestId } = await submitAnonymously(c, 'Suche eine Kosmetikerin in 10115 Berlin');
    const confirmation = await app.deps.db.prisma.chatConfirmation.findFirstOrThrow({ where: { sessionId, status: 'confirmed' } });
    const again = await c.post<{ status: string; repeated: boolean }>('/api/chat/confirm', { sessionId, confirmationId: confirmation.id, decision: 'confirm' });
    expect(again.body).toMatchObject({ status: 'confirmed', repeated: true });
    expect(await app.deps.db.prisma.request.count({ where: { sessionId } })).toBe(1);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId } })).status).toBe('draft');
  });
});
