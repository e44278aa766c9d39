// The seeker intake through POST /api/chat with the offline rules model: greeting from the follow-up
// script, the first-name check, the category form path and the free-text path in German and English,
// one question at a time, the summary and its confirmation by click, and the request held as a draft
// until the seeker registers and verifies the e-mail address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { getSession, sendChat, type ChatTurn } from '../helpers/chat.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function anon(lang: 'de' | 'en'): TestClient {
  const c = app.client();
  c.lang = lang;
  return c;
}

const state = async (id: string) => (await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id } })).machineState;

async function open(c: TestClient) {
  const res = await c.post<{ id: string; machine: string; state: string; messages: { role: string; parts: { type: string; text?: string }[] }[] }>(
    '/api/chat/session',
    { lang: c.lang },
  );
  expect(res.status).toBe(200);
  return res.body;
}

function lastTool(turn: ChatTurn) {
  const tool = turn.tools.at(-1);
  if (!tool) throw new Error(`no tool call; reply: ${turn.text}`);
  return tool;
}

async function confirm(c: TestClient, sessionId: string, turn: ChatTurn) {
  const confirmation = lastTool(turn).output?.confirmation;
  expect(confirmation?.status).toBe('pending');
  return c.post<{ status: string; result: { state: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: confirmation!.id,
    decision: 'confirm',
  });
}

describe('greeting and first name', () => {
  it('opens with the three greeting messages of the default script (German), then asks only for the first name again on rejection', async () => {
    const c = anon('de');
    const s = await open(c);
    expect(s.machine).toBe('intake');
    expect(s.state).toBe('greeting');
    expect(s.messages).toHaveLength(3);
    expect(s.messages.every((m) => m.role === 'assistant')).toBe(true);
    expect(s.messages[0]!.parts[0]!.text).toMatch(/Ich bin Aki, der KI-Assistent von akut/);
    expect(s.messages[2]!.parts[0]!.text).toBe('Wie ist dein Vorname?');

    for (const [text, reason] of [
      ['Anna Schmidt', 'NAME_TWO_WORDS'],
      ['Müller', 'NAME_SURNAME'],
      ['Schmidt', 'NAME_SURNAME'],
      ['R2D2', 'NAME_DIGITS'],
      ['<b>Anna</b>', 'NAME_MARKUP'],
    ] as const) {
      const turn = await sendChat(c, s.id, text);
      expect(lastTool(turn)).toMatchObject({ toolName: 'submitFirstName', output: { accepted: false, reason, state: 'greeting' } });
      expect(turn.text).toMatch(/Vorname/);
      expect(await state(s.id)).toBe('greeting');
    }
    const ok = await sendChat(c, s.id, 'Jürgen');
    expect(lastTool(ok).output).toMatchObject({ accepted: true, state: 'choosingCategory', data: { firstName: 'Jürgen' } });
    expect(ok.text).toContain('Schön, dich kennenzulernen, Jürgen!');
  });

  it('takes an introduction around the name ("I\'m Chloé") in English', async () => {
    const c = anon('en');
    const s = await open(c);
    expect(s.messages[2]!.parts[0]!.text).toBe('What is your first name?');
    const ok = await sendChat(c, s.id, "I'm Chloé");
    expect(lastTool(ok).output).toMatchObject({ accepted: true, data: { firstName: 'Chloé' } });
    expect(ok.text).toContain('Nice to meet you, Chloé!');
  });

  it("'Jo' alone is a yes, not a name; 'call me Jo' and 'nenn mich Jo' name Jo (English and German)", async () => {
    for (const [lang, said, greeting] of [
      ['en', 'call me Jo', 'Nice to meet you, Jo!'],
      ['de', 'nenn mich Jo', 'Schön, dich kennenzulernen, Jo!'],
    ] as const) {
      const c = anon(lang);
      const s = await open(c);
      const yes = await sendChat(c, s.id, 'jo');
      expect(yes.text).not.toContain(greeting);
      expect(await state(s.id)).toBe('greeting');
      const named = await sendChat(c, s.id, said);
      expect(lastTool(named).output).toMatchObject({ accepted: true, data: { firstName: 'Jo' } });
      expect(named.text).toContain(greeting);
    }
  });

  it('a greeting is no name; a need told before the name is noted, the name asked, and then the summary (German)', async () => {
    const c = anon('de');
    const s = await open(c);
    const hello = await sendChat(c, s.id, 'Hallo');
    expect(hello.text).toContain('Wie ist dein Vorname?');
    expect(hello.text).not.toContain('kennenzulernen');
    expect(await state(s.id)).toBe('greeting');
    const need = await sendChat(
      c,
      s.id,
      'Mein Wasserhahn tropft seit gestern, ich brauche dringend einen Klempner in 50667 Köln, Budget 150 Euro, am besten morgen',
    );
    expect(lastTool(need)).toMatchObject({ toolName: 'describeRequest', output: { accepted: true, state: 'greeting' } });
    expect(need.text).toMatch(/^Notiert: Handwerk · 50667 Köln/);
    expect(need.text).toContain('Wie ist dein Vorname?');
    const name = await sendChat(c, s.id, 'Marta');
    expect(lastTool(name).output).toMatchObject({ accepted: true, state: 'reviewing' });
    expect(name.text).toContain('Hier ist deine Anfrage im Überblick, Marta');
    const row = await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: s.id } });
    const draft = (row.machineSnapshot as { context: { draft: { beschreibung?: string; description?: string } } }).context.draft;
    expect(JSON.stringify(draft)).toContain('Wasserhahn tropft');
    expect(JSON.stringify(draft)).not.toContain('Marta');
  });
});

describe('a name said in a sentence', () => {
  it('takes the name wherever it stands and keeps a need said with it; "Ich bin Rentnerin und suche …" is a need, not a name', async () => {
    const c = anon('de');
    const s = await open(c);
    // 'Ich bin' may go on with anything: the sentence is read for what it means (a need), the name asked after.
    const retired = await sendChat(c, s.id, 'Ich bin Rentnerin und suche jemanden, der mir die Hecke schneidet, in 50667 Köln');
    expect(lastTool(retired)).toMatchObject({ toolName: 'describeRequest', output: { accepted: true, state: 'greeting' } });
    expect(retired.text).not.toContain('Rentnerin!');
    expect(retired.text).toContain('Wie ist dein Vorname?');
    // The name around other words: 'Moin, Hauke hier'.
    const hauke = await sendChat(c, s.id, 'Moin, Hauke hier');
    expect(lastTool(hauke)).toMatchObject({ toolName: 'submitFirstName', output: { accepted: true, data: { firstName: 'Hauke' } } });

    const d = anon('de');
    const t = await open(d);
    // Name and need in one message: the name taken, the need read as the next step (nothing of it lost).
    const both = await sendChat(d, t.id, 'Ich heiße Anna und brauche einen Maler in 50667 Köln, Budget 400 Euro');
    expect(lastTool(both)).toMatchObject({ toolName: 'submitFirstName', input: { name: 'Anna' }, output: { accepted: true } });
    expect(both.text).toContain('Schön, dich kennenzulernen, Anna!');
    expect(both.text).toMatch(/Notiert: .*50667 Köln/);
    expect(await state(t.id)).not.toBe('greeting');
    expect(await state(t.id)).not.toBe('choosingCategory');

    const e = anon('en');
    const u = await open(e);
    // The name to use wins: 'It's Alessandro, but Sandro is fine' → Sandro.
    const nick = await sendChat(e, u.id, 'Call me Sandro, Alessandro is too long');
    expect(lastTool(nick).output).toMatchObject({ accepted: true, data: { firstName: 'Sandro' } });
  });
});

describe('the category form path', () => {
  it('German: dropdown → form → Übernehmen → asks only what is missing → summary → confirm by click → draft', async () => {
    const c = anon('de');
    const s = await open(c);
    await sendChat(c, s.id, 'Anna');
    const cat = await sendChat(c, s.id, 'Auto');
    expect(lastTool(cat)).toMatchObject({
      toolName: 'chooseCategory',
      input: { category: 'auto' },
      output: { accepted: true, state: 'fillingForm', data: { category: 'auto' } },
    });
    expect(cat.text).toContain('Gute Wahl: Auto');

    const form = await sendChat(
      c,
      s.id,
      'Kategorie: Auto; Marke: BMW; Modell: 3er; Anliegen: Reparatur; Beschreibung: Bremsen quietschen; PLZ: 50667; Ort: Köln;',
    );
    expect(lastTool(form)).toMatchObject({ toolName: 'submitCategoryForm', output: { accepted: true, state: 'asking.budget' } });
    expect(form.text).toMatch(/Notiert: .*50667 Köln.*Welches Budget/s);

    const budget = await sendChat(c, s.id, '300 bis 500 Euro');
    expect(lastTool(budget)).toMatchObject({
      toolName: 'updateRequestDraft',
      output: { accepted: true, state: 'asking.urgency', data: { budgetMin: 300, budgetMax: 500 } },
    });
    const urgency = await sendChat(c, s.id, 'Dringend');
    expect(lastTool(urgency).output).toMatchObject({ accepted: true, state: 'asking.date', data: { urgency: 'dringend' } });
    const date = await sendChat(c, s.id, 'Kein fester Termin');
    expect(lastTool(date)).toMatchObject({ toolName: 'skipQuestion', output: { accepted: true, state: 'reviewing' } });
    expect(lastTool(date).output?.confirmation).toMatchObject({ status: 'pending' });
    expect(date.text).toContain('Hier ist deine Anfrage im Überblick, Anna');

    // Saying yes only proposes: nothing is stored without the click.
    const yes = await sendChat(c, s.id, 'Ja, passt so');
    expect(lastTool(yes)).toMatchObject({ toolName: 'confirmRequest', output: { accepted: false, reason: 'CONFIRMATION_REQUIRED' } });
    expect(await app.deps.db.prisma.request.count({ where: { sessionId: s.id } })).toBe(0);

    const res = await confirm(c, s.id, yes);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
    expect(res.body.result).toMatchObject({ state: 'submitted', data: { requestStatus: 'draft', needsRegistration: true } });
    expect(String(res.body.result.data.say)).toContain('Registriere dich jetzt kostenlos');
    const stored = await app.deps.db.prisma.request.findFirstOrThrow({ where: { sessionId: s.id } });
    expect(stored).toMatchObject({
      kategorie: 'auto',
      postcode: '50667',
      ort: 'Köln',
      budgetMin: 300,
      budgetMax: 500,
      dringlichkeit: 'dringend',
      status: 'draft',
      userId: null,
      firstName: 'Anna',
    });
    expect(stored.beschreibung).toContain('Bremsen quietschen');
    expect(await state(s.id)).toBe('submitted');

    // History survives: the decision is in the stored tool part.
    const history = await getSession(c, s.id);
    expect(JSON.stringify(history.body)).toContain('"status":"confirmed"');
  });
});

describe('the free-text path', () => {
  it('English: one message with everything but the date → asks for the date only → edit in the summary → confirm', async () => {
    const c = anon('en');
    const s = await open(c);
    await sendChat(c, s.id, 'Tom');
    const need = await sendChat(c, s.id, 'I urgently need a plumber in 50667 Köln, my kitchen sink is leaking, budget up to 200 euros');
    expect(lastTool(need)).toMatchObject({
      toolName: 'describeRequest',
      output: { accepted: true, state: 'asking.date', data: { category: 'handwerk', postcode: '50667', budgetMax: 200 } },
    });
    expect(need.text).toMatch(/Noted: .*Is there a specific date/s);

    const date = await sendChat(c, s.id, 'tomorrow');
    expect(lastTool(date).output).toMatchObject({ accepted: true, state: 'reviewing' });
    expect(String((lastTool(date).output?.data as { date?: string } | undefined)?.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const edit = await sendChat(
      c,
      s.id,
      'Category: Trades & Repairs; Description: Kitchen sink leaking under the cabinet; Postcode: 10115; Place: Berlin; Budget: open; Urgency: Very urgent;',
    );
    expect(lastTool(edit)).toMatchObject({
      toolName: 'submitCategoryForm',
      output: { accepted: true, state: 'reviewing', data: { postcode: '10115', place: 'Berlin', budgetOpen: true, budgetMin: null, urgency: 'sehr_dringend' } },
    });

    // The first summary's confirmation is stale now: it cannot store the old version.
    const stale = await confirm(c, s.id, date);
    expect(stale.body.status).toBe('failed');
    expect(stale.body.result).toMatchObject({ reason: 'DRAFT_CHANGED' });

    const res = await confirm(c, s.id, edit);
    expect(res.body.status).toBe('confirmed');
    const stored = await app.deps.db.prisma.request.findFirstOrThrow({ where: { sessionId: s.id } });
    expect(stored).toMatchObject({ kategorie: 'handwerk', postcode: '10115', budgetMin: null, budgetMax: null, dringlichkeit: 'sehr_dringend', lang: 'en' });
  });

  it('a correction said in words in the summary is said anew in the description, in both languages', async () => {
    for (const lang of ['en', 'de'] as const) {
      const c = anon(lang);
      const s = await open(c);
      await sendChat(c, s.id, lang === 'en' ? 'Grace' : 'Greta');
      const need = await sendChat(
        c,
        s.id,
        lang === 'en'
          ? 'My kitchen tap has been dripping since yesterday, I urgently need a plumber in 10115 Berlin, budget 150 euros, ideally tomorrow'
          : 'Mein Wasserhahn in der Küche tropft seit gestern, ich brauche dringend einen Klempner in 10115 Berlin, Budget 150 Euro, am besten morgen',
      );
      expect(lastTool(need).output).toMatchObject({ accepted: true, state: 'reviewing', data: { budgetMin: 150, budgetMax: 150 } });
      const fix = await sendChat(c, s.id, lang === 'en' ? 'no, make it 200 euros' : 'nein, lieber 200 Euro');
      expect(lastTool(fix).output).toMatchObject({ accepted: true, state: 'reviewing', data: { budgetMin: 200, budgetMax: 200 } });
      const description = String((lastTool(fix).output?.data as { description?: string }).description);
      expect(description).not.toMatch(/150/);
      expect(description).toContain(lang === 'en' ? 'budget €200' : 'Budget 200 €');
      const moved = await sendChat(c, s.id, lang === 'en' ? 'actually it is in 20095 Hamburg' : 'ach nein, in 20095 Hamburg');
      expect(lastTool(moved).output).toMatchObject({ accepted: true, state: 'reviewing', data: { postcode: '20095', place: 'Hamburg' } });
      const moves = String((lastTool(moved).output?.data as { description?: string }).description);
      expect(moves).toContain('20095 Hamburg');
      expect(moves).not.toMatch(/10115|Berlin/);
      const res = await confirm(c, s.id, moved);
      expect(res.body.status).toBe('confirmed');
      const stored = await app.deps.db.prisma.request.findFirstOrThrow({ where: { sessionId: s.id } });
      expect(stored.beschreibung).toBe(moves);
    }
  });

  it('German: asks for each missing field one at a time', async () => {
    const c = anon('de');
    const s = await open(c);
    await sendChat(c, s.id, 'Lena');
    const need = await sendChat(c, s.id, 'Meine Heizung ist kaputt');
    expect(lastTool(need).output).toMatchObject({ accepted: true, state: 'asking.location', data: { category: 'handwerk' } });
    const place = await sendChat(c, s.id, 'Olpe');
    expect(lastTool(place).output).toMatchObject({ accepted: true, state: 'asking.budget', data: { place: 'Olpe' } });
    const nonsense = await sendChat(c, s.id, 'hmm');
    expect(lastTool(nonsense).output).toMatchObject({ accepted: false, state: 'asking.budget' });
    expect(nonsense.text).toMatch(/Budget/);
    const skip = await sendChat(c, s.id, 'Budget offen');
    expect(lastTool(skip)).toMatchObject({ toolName: 'skipQuestion', output: { state: 'asking.urgency' } });
  });
});

describe('release to providers', () => {
  it("a signed-in, verified seeker's request is released at once", async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    client.lang = 'de';
    const s = await open(client);
    expect(s.machine).toBe('intake');
    await sendChat(client, s.id, 'Mia');
    const need = await sendChat(client, s.id, 'Ich suche eine Putzhilfe in 10115 Berlin für 150 Euro, ab morgen');
    expect(lastTool(need).output).toMatchObject({ state: 'reviewing' });
    const res = await confirm(client, s.id, need);
    expect(res.body.result).toMatchObject({ data: { requestStatus: 'open', needsRegistration: false } });
    const stored = await app.deps.db.prisma.request.findFirstOrThrow({ where: { sessionId: s.id } });
    expect(stored.status).toBe('open');
    expect(stored.releasedAt).not.toBeNull();
  });
});
