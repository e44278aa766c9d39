// The follow-up script editor's doors: draft, check, publish and restore over HTTP and by admin chat (both
// through server/domain/follow-up), audit entries for each, new sessions built from the published version
// while running ones keep theirs, and the per-step figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat, type ChatTurn } from '../helpers/chat.ts';
import { defaultFollowUpScript } from '../../server/intake/follow-up-script.ts';
import type { FollowUpScript } from '../../machines/follow-up-script.ts';

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = (await signedInClient(app, { role: 'admin' })).client;
});
afterAll(async () => {
  await app?.close();
});

interface EditorView {
  script: FollowUpScript;
  draft: { number: number; restoredFrom: number | null } | null;
  live: { source: string; number: number | null };
  check: { ok: boolean; problems: { code: string; stepNumber?: number }[] };
  versions: { number: number; status: string }[];
}

type SessionBody = { id: string; messages: { parts: { type: string; text?: string; data?: unknown }[] }[] };

async function greeting(lang: 'de' | 'en' = 'de') {
  const c = app.client();
  c.lang = lang;
  const s = await c.post<SessionBody>('/api/chat/session', { lang });
  return { c, id: s.body.id, texts: s.body.messages.map((m) => m.parts[0]!.text), messages: s.body.messages };
}

const withSteps = (edit: (s: FollowUpScript) => void) => {
  const s = defaultFollowUpScript();
  edit(s);
  return s;
};

const audits = (action: string) => app.deps.db.prisma.auditLog.findMany({ where: { action }, orderBy: { createdAt: 'asc' } });

describe('follow-up script by dashboard', () => {
  it('starts from the default script; a draft changes nothing for new chats until it is published', async () => {
    const start = await admin.get<EditorView>('/api/admin/followup');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ draft: null, live: { source: 'default', number: null }, check: { ok: true } });
    expect(start.body.script.steps).toHaveLength(6);

    const draft = withSteps((s) => {
      s.steps.splice(1, 0, {
        id: 'text-welcome',
        type: 'text',
        purpose: 'greeting',
        content: { de: 'Willkommen bei akut!', en: 'Welcome to akut!' },
        active: true,
      });
      s.steps.splice(2, 0, {
        id: 'voice-hello',
        type: 'voice',
        purpose: 'greeting',
        content: { de: 'Hier spricht {persona}.', en: 'This is {persona} speaking.' },
        active: true,
      });
      s.steps[3]!.active = false; // greeting-urgent
    });
    const saved = await admin.request<EditorView>('PUT', '/api/admin/followup/draft', { script: draft });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ draft: { number: 1 }, check: { ok: true }, versions: [{ number: 1, status: 'draft' }] });
    expect((await greeting()).texts).toHaveLength(3);
  });

  it('publishes after the check: new chats greet with the new steps in order, a voice step is read aloud, running chats keep theirs', async () => {
    const running = await greeting();
    const published = await admin.post<EditorView>('/api/admin/followup/publish', {});
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ draft: null, live: { source: 'published', number: 1 }, versions: [{ number: 1, status: 'published' }] });

    const de = await greeting('de');
    expect(de.texts).toEqual([expect.stringMatching(/^Hallo!/), 'Willkommen bei akut!', 'Hier spricht Aki.', 'Wie ist dein Vorname?']);
    expect(de.messages[2]!.parts[1]).toEqual({ type: 'data-voice', data: { lang: 'de' } });
    const en = await greeting('en');
    expect(en.texts.slice(1)).toEqual(['Welcome to akut!', 'This is Aki speaking.', 'What is your first name?']);

    // The running session was built from the default script: it still has it after the publish.
    const row = await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: running.id } });
    expect(row.followUpVersionId).toBeNull();
    expect((row.followUpScript as FollowUpScript).steps.map((s) => s.id)).not.toContain('text-welcome');
    const newRow = await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: de.id } });
    expect(newRow.followUpVersionId).toBe((await app.deps.db.prisma.followUpScriptVersion.findUniqueOrThrow({ where: { number: 1 } })).id);
  });

  it('a running session keeps its version when another is published', async () => {
    const before = await greeting();
    await admin.request('PUT', '/api/admin/followup/draft', {
      script: withSteps((s) => void (s.steps[3]!.content = { de: 'Prima, {name}! Welche Kategorie?', en: 'Great, {name}! Which category?' })),
    });
    expect((await admin.post('/api/admin/followup/publish', {})).status).toBe(200);
    const old = await sendChat(before.c, before.id, 'Ida');
    expect(old.text).not.toMatch(/Prima, Ida/);
    expect(old.text).toMatch(/Ida/);
    const fresh = await greeting();
    expect((await sendChat(fresh.c, fresh.id, 'Ida')).text).toMatch(/^Prima, Ida! Welche Kategorie\?/);
  });

  it('refuses to publish a broken script with a translated reason and changes nothing', async () => {
    const noCategory = withSteps((s) => void (s.steps[4]!.active = false));
    const saved = await admin.request<EditorView>('PUT', '/api/admin/followup/draft', { script: noCategory });
    expect(saved.body.check).toMatchObject({ ok: false });
    expect(saved.body.check.problems.map((p) => p.code)).toContain('NO_HAND_OFF');
    const refused = await admin.post<{ error: { code: string; message: string } }>('/api/admin/followup/publish', {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toMatch(/^FOLLOW_UP_(NO_HAND_OFF|DEAD_END)$/);
    expect(refused.body.error.message).toMatch(/Veröffentlichen nicht möglich/);
    admin.lang = 'en';
    const refusedEn = await admin.post<{ error: { message: string } }>('/api/admin/followup/publish', {});
    admin.lang = 'de';
    expect(refusedEn.body.error.message).toMatch(/^Cannot publish/);

    const lateName = withSteps((s) => void s.steps.splice(4, 0, s.steps.splice(2, 1)[0]!));
    await admin.request('PUT', '/api/admin/followup/draft', { script: lateName });
    const unreachable = await admin.post<{ error: { code: string; message: string } }>('/api/admin/followup/publish', {});
    expect(unreachable.body.error).toMatchObject({ code: 'FOLLOW_UP_STEP_UNREACHABLE', message: expect.stringContaining('Schritt 5') });
    expect((await admin.get<EditorView>('/api/admin/followup')).body.live.number).toBe(2);
    expect((await greeting()).texts.at(-1)).toBe('Wie ist dein Vorname?');
  });

  it('refuses an invalid draft and keeps the last one', async () => {
    const before = (await admin.get<EditorView>('/api/admin/followup')).body.script;
    const bad = await admin.request<{ error: { code: string; message: string } }>('PUT', '/api/admin/followup/draft', {
      script: withSteps((s) => void (s.steps[0]!.content.de = '   ')),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('FOLLOW_UP_SCRIPT_INVALID');
    expect(bad.body.error.message).toMatch(/deutschen und einen englischen Text/);
    expect((await admin.get<EditorView>('/api/admin/followup')).body.script).toEqual(before);
  });

  it('restores an earlier version as the draft, to be published again', async () => {
    const restored = await admin.post<EditorView>('/api/admin/followup/versions/1/restore', {});
    expect(restored.status).toBe(200);
    expect(restored.body.draft).toMatchObject({ restoredFrom: 1 });
    expect(restored.body.script.steps.map((s) => s.id)).toContain('voice-hello');
    expect((await admin.post('/api/admin/followup/versions/99/restore', {})).status).toBe(404);
    expect((await admin.post('/api/admin/followup/publish', {})).status).toBe(200);
    expect((await greeting()).texts).toContain('Willkommen bei akut!');
  });

  it('writes an audit entry for every draft save, publish and restore', async () => {
    const saves = await audits('followUp.saveDraft');
    expect(saves.length).toBe(4);
    expect(saves[0]).toMatchObject({ entityType: 'followUpScript', via: 'dashboard', before: { number: null }, after: { number: 1 } });
    const publishes = await audits('followUp.publish');
    expect(publishes.map((p) => (p.after as { number: number }).number)).toEqual([1, 2, 3]);
    expect(publishes[1]).toMatchObject({ before: { number: 1 }, after: { number: 2 } });
    const restores = await audits('followUp.restore');
    expect(restores).toHaveLength(1);
    expect(restores[0]).toMatchObject({ after: { restoredFrom: 1 }, via: 'dashboard' });
    expect(await app.deps.db.prisma.auditLog.count({ where: { action: { startsWith: 'followUp.' }, actorId: null } })).toBe(0);
  });

  it('counts per step of the published version how many sessions reached it and how many left there', async () => {
    const a = await greeting();
    await greeting();
    await sendChat(a.c, a.id, 'Ida');
    const stats = await admin.get<{ versionNumber: number; sessions: number; steps: { id: string; reached: number; leftHere: number }[] }>(
      '/api/admin/followup/stats',
    );
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ versionNumber: 3, sessions: 3 });
    const by = Object.fromEntries(stats.body.steps.map((s) => [s.id, s]));
    expect(by['ask-name']).toEqual({ id: 'ask-name', reached: 3, leftHere: 2 });
    expect(by['category-prompt']).toMatchObject({ reached: 1 });
    expect(by['closing']).toEqual({ id: 'closing', reached: 0, leftHere: 0 });
  });

  it('changes one step at a time through the same command as the chat: add, move, hide, remove', async () => {
    const start = (await admin.get<EditorView>('/api/admin/followup')).body.script.steps.length;
    const added = await admin.post<EditorView>('/api/admin/followup/draft/edit', { op: 'add', type: 'voice', de: 'Kurz gesagt', en: 'In short' });
    expect(added.status).toBe(200);
    const at = added.body.script.steps.findIndex((s) => s.content.de === 'Kurz gesagt');
    expect(added.body.script.steps[at + 1]!.purpose).toBe('askName');
    expect(added.body.script.steps[at]!.type).toBe('voice');
    const moved = await admin.post<EditorView>('/api/admin/followup/draft/edit', { op: 'move', step: at + 1, to: 1 });
    expect(moved.body.script.steps[0]!.content.de).toBe('Kurz gesagt');
    const hidden = await admin.post<EditorView>('/api/admin/followup/draft/edit', { op: 'hide', step: 1 });
    expect(hidden.body.script.steps[0]!.active).toBe(false);
    const removed = await admin.post<EditorView>('/api/admin/followup/draft/edit', { op: 'remove', step: 1 });
    expect(removed.body.script.steps).toHaveLength(start);
    const missing = await admin.post<{ error: { code: string } }>('/api/admin/followup/draft/edit', { op: 'hide', step: 19 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('FOLLOW_UP_STEP_NOT_FOUND');
    const bad = await admin.post<{ error: { code: string } }>('/api/admin/followup/draft/edit', { op: 'add', de: '  ', en: 'x' });
    expect(bad.status).toBe(400);
    for (const action of ['followUp.addStep', 'followUp.moveStep', 'followUp.hideStep', 'followUp.removeStep']) {
      expect(await audits(action), action).toEqual([expect.objectContaining({ via: 'dashboard', entityType: 'followUpScript' })]);
    }
    expect((await admin.get<EditorView>('/api/admin/followup')).body.live.number).toBe(3);
  });

  it('is for admins only', async () => {
    const seeker = (await signedInClient(app, { role: 'seeker' })).client;
    expect((await seeker.get('/api/admin/followup')).status).toBe(403);
    expect((await app.client().post('/api/admin/followup/publish', {})).status).toBe(401);
  });
});

describe('follow-up script by admin chat', () => {
  const tool = (turn: ChatTurn, name: string) => {
    const part = turn.tools.find((t) => t.toolName === name);
    if (!part) throw new Error(`no ${name} in ${JSON.stringify(turn.tools.map((t) => t.toolName))}: ${turn.text}`);
    return part;
  };
  const confirm = (c: TestClient, sessionId: string, turn: ChatTurn, name: string) =>
    c.post<{ status: string; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
      sessionId,
      confirmationId: tool(turn, name).output!.confirmation!.id,
      decision: 'confirm',
    });
  const change = (turn: ChatTurn, name: string) =>
    (tool(turn, name).output as { data: { change: { subject: string; rows: { label: string; before: string | null; after: string | null }[] } } }).data.change;

  it('German: shows the script, hides a step and publishes, each after a before/after card', async () => {
    const { client } = await signedInClient(app, { role: 'admin' });
    client.lang = 'de';
    const s = await createSession(client, 'de');
    const shown = await sendChat(client, s, 'Zeig mir das Follow-Up-Skript');
    expect(tool(shown, 'showFollowUpScript').output).toMatchObject({ accepted: true });
    expect(shown.text).toMatch(/Step 1: Text · sichtbar · Hallo!/);
    expect(shown.text).toMatch(/Step 3: Sprache · sichtbar · Hier spricht Aki\./);

    const hide = await sendChat(client, s, 'Blende Schritt 2 aus');
    expect(tool(hide, 'hideFollowUpStep').output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED' });
    expect(change(hide, 'hideFollowUpStep')).toEqual({
      subject: 'Follow-Up-Skript (Entwurf)',
      rows: [{ label: 'Step 2', before: 'Text · sichtbar · Willkommen bei akut!', after: 'Text · ausgeblendet · Willkommen bei akut!' }],
    });
    // Nothing changed before the confirmation.
    expect((await admin.get<EditorView>('/api/admin/followup')).body.script.steps[1]!.active).toBe(true);
    const done = await confirm(client, s, hide, 'hideFollowUpStep');
    expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect((await admin.get<EditorView>('/api/admin/followup')).body.script.steps[1]!.active).toBe(false);
    expect((await audits('followUp.hideStep')).at(-1)).toMatchObject({ via: 'chat' });

    const publish = await sendChat(client, s, 'Veröffentliche den Entwurf');
    expect(change(publish, 'publishFollowUpScript').rows[0]).toEqual({ label: 'Für neue Chats', before: 'Version 3', after: 'Version 4' });
    expect((await confirm(client, s, publish, 'publishFollowUpScript')).body.result).toMatchObject({ accepted: true, data: { number: 4 } });
    expect((await greeting()).texts).not.toContain('Willkommen bei akut!');
    expect((await audits('followUp.publish')).at(-1)).toMatchObject({ via: 'chat', after: { number: 4 } });
  });

  it('English: adds a step, moves it, shows a hidden one again; a broken draft is refused before any card', async () => {
    const { client } = await signedInClient(app, { role: 'admin' });
    client.lang = 'en';
    const s = await createSession(client, 'en');
    const add = await sendChat(client, s, 'Add a message: Hallo aus dem Chat! / Hello from the chat!');
    expect(tool(add, 'addFollowUpStep').input).toMatchObject({ de: 'Hallo aus dem Chat!', en: 'Hello from the chat!', type: 'text' });
    // Added before the first-name question (step 5 of the published script).
    expect(change(add, 'addFollowUpStep')).toEqual({
      subject: 'Follow-up script (draft)',
      rows: [{ label: 'Step 5', before: null, after: 'Text · shown · Hello from the chat!' }],
    });
    await confirm(client, s, add, 'addFollowUpStep');

    const move = await sendChat(client, s, 'Move step 5 to position 1');
    expect(tool(move, 'moveFollowUpStep').input).toEqual({ step: 5, to: 1 });
    expect(change(move, 'moveFollowUpStep').rows).toEqual([
      { label: 'Order (steps)', before: '1 · 2 · 3 · 4 · 5 · 6 · 7 · 8 · 9', after: '5 · 1 · 2 · 3 · 4 · 6 · 7 · 8 · 9' },
    ]);
    await confirm(client, s, move, 'moveFollowUpStep');
    const again = await sendChat(client, s, 'Show step 3 again');
    expect(tool(again, 'showFollowUpStep').input).toEqual({ step: 3 });
    await confirm(client, s, again, 'showFollowUpStep');
    const script = (await admin.get<EditorView>('/api/admin/followup')).body.script;
    expect(script.steps[0]!.content.en).toBe('Hello from the chat!');
    expect(script.steps[2]).toMatchObject({ id: 'text-welcome', active: true });

    const hideCategory = await sendChat(client, s, 'hide step 8');
    expect(change(hideCategory, 'hideFollowUpStep').rows[0]!.before).toMatch(/^Text · shown · Which category/);
    await confirm(client, s, hideCategory, 'hideFollowUpStep');
    const refused = await sendChat(client, s, 'publish the follow-up script');
    expect(tool(refused, 'publishFollowUpScript').output).toMatchObject({ accepted: false, reason: expect.stringMatching(/^FOLLOW_UP_/) });
    expect(refused.text).toMatch(/^Cannot publish/);
    expect((await admin.get<EditorView>('/api/admin/followup')).body.live.number).toBe(4);
  });

  it('publishes only the draft the card showed: edited after the card, the click is refused and nothing is published', async () => {
    const { client } = await signedInClient(app, { role: 'admin' });
    client.lang = 'de';
    const s = await createSession(client, 'de');
    // The draft the English test left hides the category step: show it again, then hide step 2.
    await confirm(client, s, await sendChat(client, s, 'Schritt 8 wieder einblenden'), 'showFollowUpStep');
    await confirm(client, s, await sendChat(client, s, 'Blende Schritt 2 aus'), 'hideFollowUpStep');
    const live = (await admin.get<EditorView>('/api/admin/followup')).body.live.number;
    const publish = await sendChat(client, s, 'Veröffentliche den Entwurf');
    expect(tool(publish, 'publishFollowUpScript').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
    // The draft changes after the card was shown …
    await confirm(client, s, await sendChat(client, s, 'Schritt 2 wieder einblenden'), 'showFollowUpStep');
    // … so the click on the old card publishes nothing.
    const clicked = await confirm(client, s, publish, 'publishFollowUpScript');
    expect(clicked.body).toMatchObject({ status: 'failed', result: { accepted: false, reason: 'FOLLOW_UP_DRAFT_CHANGED' } });
    expect((await admin.get<EditorView>('/api/admin/followup')).body.live.number).toBe(live);
  });

  it('German and English paraphrases reach the right tools; a seeker never gets them', async () => {
    const { client } = await signedInClient(app, { role: 'admin' });
    const s = await createSession(client, 'de');
    const cases: [string, string, unknown][] = [
      ['Wie lautet das Begrüßungsskript?', 'showFollowUpScript', {}],
      ['Bitte Schritt 4 verstecken', 'hideFollowUpStep', { step: 4 }],
      ['Schritt 4 wieder einblenden', 'showFollowUpStep', { step: 4 }],
      ['Verschiebe Schritt 2 auf Platz 5', 'moveFollowUpStep', { step: 2, to: 5 }],
      // One language only: the step is asked for in both (FOLLOW_UP_TEXT_MISSING), nothing is copied across.
      ['Neue Sprachnachricht: Servus!', 'addFollowUpStep', { de: 'Servus!', type: 'voice' }],
      ['Skript veröffentlichen', 'publishFollowUpScript', {}],
    ];
    for (const [text, name, input] of cases) {
      const turn = await sendChat(client, s, text);
      expect(tool(turn, name).input, text).toEqual(input);
    }
    const en = (await signedInClient(app, { role: 'admin' })).client;
    en.lang = 'en';
    const se = await createSession(en, 'en');
    const english: [string, string, unknown][] = [
      ['Show me the greeting script', 'showFollowUpScript', {}],
      ['Please disable message 4', 'hideFollowUpStep', { step: 4 }],
      ['Make step 4 visible again', 'showFollowUpStep', { step: 4 }],
      ['Put step 2 at position 5', 'moveFollowUpStep', { step: 2, to: 5 }],
      ['Add a new voice message: Hallo! / Hi!', 'addFollowUpStep', { de: 'Hallo!', en: 'Hi!', type: 'voice' }],
      ['Go live with the draft', 'publishFollowUpScript', {}],
    ];
    for (const [text, name, input] of english) {
      const turn = await sendChat(en, se, text, { lang: 'en' });
      expect(tool(turn, name).input, text).toEqual(input);
    }
    const seeker = (await signedInClient(app, { role: 'seeker', name: 'Sina Seeker' })).client;
    const ss = await createSession(seeker, 'de');
    const turn = await sendChat(seeker, ss, 'Skript veröffentlichen');
    expect(turn.tools.map((t) => t.toolName)).not.toContain('publishFollowUpScript');
  });
});
