// Issue 24: a person's word is never looked up as a property of a plain object. 'constructor' answered 500 at
// POST /api/intake/extract and broke a chat turn (EXONYMS['constructor'] is Object). Every name that
// Object.prototype carries goes through the public doors: the extraction route and chat turns of each role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { PROTOTYPE_WORDS, prototypeTexts } from '../helpers/prototype-words.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/intake/extract', () => {
  it.each(['de', 'en'] as const)('answers 200 for every Object.prototype name in %s text', async (lang) => {
    const c = app.client();
    const failures: string[] = [];
    for (const text of prototypeTexts(lang)) {
      const res = await c.post('/api/intake/extract', { text, lang });
      if (res.status !== 200) failures.push(`${res.status} ${JSON.stringify(text)}`);
    }
    expect(failures).toEqual([]);
  });

  it('does not take a prototype name for a place, a category or a date', async () => {
    const c = app.client();
    for (const word of PROTOTYPE_WORDS) {
      const res = await c.post<{ place: string | null; category: string | null; date: string | null }>('/api/intake/extract', {
        text: `Kategorie: ${word}; Ort: ${word}; Datum: ${word}`,
        lang: 'de',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ place: null, category: null, date: null });
    }
  });
});

/**
 * A turn that failed on the server: not 200, or its stream carries an error part or a tool that threw
 * (tool-output-error; the person then reads 'Das konnte ich nicht verarbeiten'). Null for a good turn.
 */
async function turnOk(c: TestClient, sessionId: string, text: string): Promise<string | null> {
  const turn = await sendChat(c, sessionId, text);
  if (turn.status !== 200) return `${turn.status} ${turn.res.text.slice(0, 200)}`;
  const error = turn.chunks.find((ch) => ch.type === 'error' || ch.type === 'tool-output-error');
  return error ? `error part: ${JSON.stringify(error).slice(0, 200)}` : null;
}

// Every name alone and in a request; the parsers' whole table of texts is in tests/unit/nlu/prototype-words.test.ts.
const chatTexts = (lang: 'de' | 'en') =>
  PROTOTYPE_WORDS.flatMap((w) => [w, lang === 'de' ? `Ich brauche in ${w} einen Klempner, Budget ${w}` : `I need a plumber near ${w}, budget ${w}`]);
// The roles' tools read other forms (offers, reviews, payout methods): the two names that are lower case (the ones
// a folded word can be) in every text of the table.
const roleTexts = (lang: 'de' | 'en') => prototypeTexts(lang).filter((t) => /constructor|__proto__/.test(t));

describe('chat turns', () => {
  it('a visitor in the intake (name step and free text) gets an answer for every prototype name', async () => {
    const failures: string[] = [];
    for (const lang of ['de', 'en'] as const) {
      const c = app.client();
      c.lang = lang;
      const sid = await createSession(c, lang);
      // The name step first: a prototype name is refused as a first name, never a crash.
      for (const word of PROTOTYPE_WORDS) {
        const bad = await turnOk(c, sid, word);
        if (bad) failures.push(`${lang} name step ${JSON.stringify(word)}: ${bad}`);
      }
      const named = await turnOk(c, sid, lang === 'de' ? 'Anna' : 'Chloe');
      if (named) failures.push(`${lang} name: ${named}`);
      for (const text of chatTexts(lang)) {
        const bad = await turnOk(c, sid, text);
        if (bad) failures.push(`${lang} ${JSON.stringify(text)}: ${bad}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(['seeker', 'provider', 'admin'] as const)('a signed-in %s gets an answer for every prototype name', async (role) => {
    const { client } = await signedInClient(app, { role });
    const failures: string[] = [];
    for (const lang of ['de', 'en'] as const) {
      client.lang = lang;
      const sid = await createSession(client, lang);
      for (const text of roleTexts(lang)) {
        const bad = await turnOk(client, sid, text);
        if (bad) failures.push(`${lang} ${JSON.stringify(text)}: ${bad}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
