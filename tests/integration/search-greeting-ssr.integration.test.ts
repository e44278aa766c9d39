// /search shows the greeting of a new anonymous chat in the server's HTML (decision 055): the same messages, in
// the visitor's language, that the session the browser opens then says, so the largest paint of the page needs
// no script. A signed-in person's greeting (by name) still comes from their session. The page cache (decision
// 051) never answers with a greeting of another language or of a follow-up script that is no longer published.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createPageCache, type PageCache } from '../../server/ssr/page-cache.ts';
import { defaultFollowUpScript } from '../../server/intake/follow-up-script.ts';
import type { RenderInput } from '../../core/pages/render.ts';

let app: TestApp;
let clientDir: string;
let cache: PageCache;
const renders: string[] = [];

const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>akut</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-search-greeting-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  cache = createPageCache({ ttlMs: 60_000, maxEntries: 50 });
  const { render } = await import('../../src/entry-server.tsx');
  app = await startTestApp(
    {},
    {
      clientDir,
      pageCache: cache,
      loadRenderer: async () => async (input: RenderInput) => {
        renders.push(`${input.lang} ${input.url}`);
        return render(input);
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(() => {
  cache.clear();
  renders.length = 0;
});

/** The text of an HTML fragment as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The assistant messages inside the chat panel of the page's HTML, as text (without the screen-reader prefix). */
async function panelGreeting(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.baseUrl + p, { headers });
  const html = await res.text();
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*(?:<script|<\/body>)/.exec(html)?.[1] ?? '';
  const messages = [...root.matchAll(/<div data-role="assistant" data-testid="chat-message"[^>]*>([\s\S]*?)<\/div><\/div>/g)].map((m) =>
    textOf(m[1]!.replace(/<span class="sr-only">[^<]*<\/span>/, '')),
  );
  return { status: res.status, html, root, messages };
}

async function newSessionTexts(lang: 'de' | 'en') {
  const c = app.client();
  c.lang = lang;
  const s = await c.post<{ messages: { parts: { type: string; text?: string }[] }[] }>('/api/chat/session', { lang });
  expect(s.status).toBe(200);
  return s.body.messages.map((m) =>
    m.parts
      .find((p) => p.type === 'text')!
      .text!.replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('/search with the greeting in its HTML', () => {
  it('shows the greeting of a new anonymous chat in German and in English, exactly as the session then says it', async () => {
    for (const [p, lang] of [
      ['/search', 'de'],
      ['/search?lng=en', 'en'],
    ] as const) {
      const page = await panelGreeting(p);
      expect(page.status).toBe(200);
      const said = await newSessionTexts(lang);
      expect(said).toHaveLength(3);
      expect(page.messages).toEqual(said);
    }
    const de = await panelGreeting('/search');
    expect(de.messages[2]).toBe('Wie ist dein Vorname?');
    const en = await panelGreeting('/search', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.messages[2]).toBe('What is your first name?');
  });

  it('renders a signed-in person no anonymous greeting: their greeting by name comes from their session', async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    const res = await client.get('/search');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="chat-panel"');
    expect(res.text).not.toContain('Wie ist dein Vorname?');
    expect(res.text).not.toContain('chat-greeting');
  });

  it('answers from the page cache only while the greeting is the same: a newly published script is shown at once', async () => {
    await panelGreeting('/search');
    await panelGreeting('/search');
    await panelGreeting('/search?lng=en');
    expect(renders).toEqual(['de /search', 'en /search?lng=en']);

    const { client: admin } = await signedInClient(app, { role: 'admin' });
    const script = defaultFollowUpScript();
    script.steps.splice(1, 0, {
      id: 'text-welcome',
      type: 'text',
      purpose: 'greeting',
      content: { de: 'Willkommen bei akut!', en: 'Welcome to akut!' },
      active: true,
    });
    expect((await admin.request('PUT', '/api/admin/followup/draft', { script })).status).toBe(200);
    expect((await admin.post('/api/admin/followup/publish', {})).status).toBe(200);

    const de = await panelGreeting('/search');
    expect(de.messages).toEqual(await newSessionTexts('de'));
    expect(de.messages[1]).toBe('Willkommen bei akut!');
    const en = await panelGreeting('/search?lng=en');
    expect(en.messages[1]).toBe('Welcome to akut!');
    expect(renders).toEqual(['de /search', 'en /search?lng=en', 'de /search', 'en /search?lng=en']);
    // The new render answers from the cache again.
    await panelGreeting('/search');
    expect(renders).toHaveLength(4);
  });
});

describe('/search when the greeting cannot be read', () => {
  it('still answers the page, with its frame and without the greeting, instead of an error', async () => {
    const versions = app.deps.db.prisma.followUpScriptVersion;
    const findFirst = versions.findFirst;
    (versions as { findFirst: unknown }).findFirst = () => Promise.reject(new Error('database gone'));
    try {
      const page = await panelGreeting('/search');
      expect(page.status).toBe(200);
      expect(page.html).toContain('Was brauchst du dringend?');
      expect(page.html).toContain('data-testid="chat-loading"');
      expect(page.messages).toEqual([]);
    } finally {
      (versions as { findFirst: unknown }).findFirst = findFirst;
    }
  });
});
