// `npm run bench:inp`: Interaction to Next Paint of the main interactions, in Debian's Chromium against the built
// app on a fresh embedded database with the demo data (npm run seed): opening the floating chat, typing and
// sending a message, choosing a category in the card the reply brings and clicking its button; opening the unlock dialog and unlocking; opening the offer form, typing in it and sending.
// Reports; never fails on a figure (issue 23's aim: INP ≤ 200 ms). Figures: docs/benchmarks.md.
//   npm run bench:inp                  3 runs per device profile
//   npm run bench:inp -- --runs=5
//   npm run bench:inp -- --json        JSON instead of the table
// Per step, the latency of its slowest interaction: the longest Event Timing entry (the browser's own measure of
// input delay + processing + presentation until the next paint, as INP uses it) among the entries whose input came
// during that step.
// Entries shorter than 16 ms are not reported by the browser: such a step shows '< 16'. The page's INP as the
// web-vitals library (onINP, reportAllChanges) computes it is reported per scenario beside it. Two device
// profiles: desktop (1280 px, no CPU slowdown) and phone (390 px, 4× CPU slowdown, as Lighthouse's mobile run).
// Chromium: CHROME_PATH or CHROMIUM_PATH, default /usr/bin/chromium. PORT: E2E_PORT or a free port.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { loadConfig } from '../server/config.ts';
import { buildDeps, closeDeps } from '../server/bootstrap.ts';
import { createLogger } from '../server/logger.ts';
import { seed, DEMO_PASSWORD } from '../prisma/seed.ts';
import { createReleasedRequest, grantGoints } from '../tests/factories/marketplace.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '3' }, json: { type: 'boolean', default: false } } });
const RUNS = Number(flags.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs must be a whole number of 1 or more');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const log = (s: string) => process.stderr.write(`${s}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// --- the app: built client, fresh embedded database with the demo data, one provider with cards to unlock ---
if (!fs.existsSync(path.join(root, 'dist/index.html')) || !fs.existsSync(path.join(root, 'dist/.ssr/entry-server.js'))) {
  log('Building the client (vite build) …');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-inp-'));
const PROFILES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, cpu: 1 },
  { name: 'phone 4× CPU', viewport: { width: 390, height: 844 }, cpu: 4 },
] as const;
const PROVIDER_EMAIL = 'demo.autohaus@example.com';
{
  log('Preparing the demo data …');
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  const deps = await buildDeps(config, { logger: createLogger('warn') });
  try {
    const people = await seed(deps);
    const provider = people.providers.find((p) => p.email === PROVIDER_EMAIL)!;
    // One locked card per run and profile (texts of their own: the pre-filter holds back near-duplicates).
    const wishes = [
      'Wir suchen einen gebrauchten Kombi mit wenig Kilometern und neuem TÜV, gerne mit Anhängerkupplung.',
      'Für meine Tochter suche ich einen zuverlässigen Kleinwagen als erstes Auto, sparsam und unfallfrei.',
      'Unsere Firma braucht einen Transporter mit langem Radstand für Umzüge, Baujahr ab 2019.',
      'Ich möchte für den Sommer ein Cabrio mit Stoffverdeck kaufen, Scheckheft gepflegt.',
      'Gesucht wird ein Geländewagen mit Allradantrieb für die Jagd im Bergischen Land.',
      'Wir wollen auf ein Elektroauto umsteigen, Reichweite mindestens 300 Kilometer, mit Wärmepumpe.',
      'Familie mit drei Kindern sucht einen Minivan mit sieben Sitzen und Schiebetüren.',
      'Für den Garten- und Landschaftsbau suche ich einen Pick-up mit Ladefläche und Anhängelast.',
      'Suche einen Oldtimer aus den Siebzigern mit H-Kennzeichen als Liebhaberstück.',
      'Ein Wohnmobil für zwei Personen mit Dusche und Toilette, gerne mit Markise und Solaranlage.',
    ];
    for (let i = 0; i < RUNS * PROFILES.length; i++) {
      await createReleasedRequest(deps, people.seeker.id, {
        kategorie: 'auto',
        postcode: '50825',
        firstName: 'Sabine',
        beschreibung: `${wishes[i % wishes.length]!}${i >= wishes.length ? ` (Anfrage ${i + 1})` : ''}`,
      });
    }
    const locked = await deps.db.prisma.match.count({ where: { providerId: provider.id, status: 'offen' } });
    log(`${locked} matches to unlock for ${RUNS * PROFILES.length} runs`);
    await grantGoints(deps.db.prisma, provider.id, 60 * RUNS * PROFILES.length);
  } finally {
    await closeDeps(deps);
  }
}
const port = Number(process.env.E2E_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    DATABASE_READ_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_CHAT: '1000',
    RATE_LIMIT_AUTH: '1000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// The data folder goes once the app has closed its database (it writes there while it stops).
const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
const stop = async () => {
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', () => {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
for (let i = 0; ; i++) {
  if (i > 600) throw new Error('the app did not start within 60 s');
  if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
  await new Promise((r) => setTimeout(r, 100));
}

// --- measuring ---
const webVitals = fs.readFileSync(path.join(root, 'node_modules/web-vitals/dist/web-vitals.iife.js'), 'utf8');
const INIT = `${webVitals}
window.__inp = { events: [], page: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.interactionId) window.__inp.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
}).observe({ type: 'event', durationThreshold: 16, buffered: true });
webVitals.onINP((m) => { window.__inp.page = m.value; }, { reportAllChanges: true });`;

type Sample = Record<string, number | null>;
type Marks = { name: string; from: number }[];

/** Marks where a step begins: its interactions are those whose input came after this mark and before the next. */
async function step(page: Page, marks: Marks, name: string, act: () => Promise<void>) {
  marks.push({ name, from: await page.evaluate(() => performance.now()) });
  await act();
}

/**
 * Each step's slowest interaction (null: every one under 16 ms). Event Timing entries arrive only after the paint
 * that ends them, which for a slow interaction is long after the step's own signal: read once the page is quiet.
 */
async function collect(page: Page, marks: Marks, sample: Sample) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 1_000)))));
  const events = await page.evaluate(() => (window as unknown as { __inp: { events: { start: number; duration: number }[] } }).__inp.events);
  marks.forEach((m, i) => {
    const until = marks[i + 1]?.from ?? Number.POSITIVE_INFINITY;
    const mine = events.filter((e) => e.start >= m.from && e.start < until).map((e) => e.duration);
    sample[m.name] = mine.length ? Math.max(...mine) : null;
  });
}

async function pageInp(page: Page): Promise<number | null> {
  // web-vitals reports INP on visibility change; hiding the page makes it report what it has.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  return page.evaluate(() => (window as unknown as { __inp: { page: number | null } }).__inp.page);
}

async function chatScenario(context: BrowserContext, sample: Sample) {
  const marks: Marks = [];
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.waitForLoadState('networkidle');
  await step(page, marks, 'open the chat', async () => {
    await page.getByRole('button', { name: /Chat öffnen/i }).click();
    await page.getByRole('textbox', { name: /Nachricht/i }).waitFor();
  });
  await page.getByTestId('chat-messages').getByText('Wie ist dein Vorname?').last().waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="chat-panel"][data-ready="true"]').waitFor({ timeout: 30_000 });
  const input = page.getByRole('textbox', { name: /Nachricht/i });
  await step(page, marks, 'type a message', async () => {
    await input.click();
    await page.keyboard.type('Max', { delay: 50 });
  });
  const assistant = page.getByTestId('chat-messages').locator('[data-role="assistant"]');
  const before = await assistant.count();
  await step(page, marks, 'send it', async () => {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST');
    await page.getByTestId('chat-send').click();
    await (await answered).finished();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-messages"] [data-role="assistant"]').length > n, before);
  });
  // The card the reply brings: the category dropdown and its 'Übernehmen', which opens the category's form.
  const select = page.getByTestId('intake-category-select');
  await select.waitFor({ timeout: 30_000 });
  // A key on the dropdown is a real interaction (selectOption alone dispatches events the browser does not time).
  await step(page, marks, 'choose in a chat card', async () => {
    await select.focus();
    await page.keyboard.press('ArrowDown');
  });
  await select.selectOption('handwerk');
  await step(page, marks, "click a chat card's button", async () => {
    await page.getByTestId('intake-category-submit').click();
    await page.getByTestId('intake-form').waitFor({ timeout: 30_000 });
  });
  await collect(page, marks, sample);
  sample['chat: page INP (web-vitals)'] = await pageInp(page);
  await page.close();
}

async function providerScenario(context: BrowserContext, sample: Sample) {
  const signIn = await context.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: PROVIDER_EMAIL, password: DEMO_PASSWORD },
    headers: { origin: base },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  const marks: Marks = [];
  const page = await context.newPage();
  await page.goto(`${base}/anbieter/dashboard`);
  const locked = page.locator('[data-testid="match-card"][data-unlocked="false"]').first();
  await locked.waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const requestId = await locked.getAttribute('data-request-id');
  const dialog = page.getByTestId('unlock-dialog');
  await step(page, marks, 'open the unlock dialog', async () => {
    await locked.getByRole('button', { name: /Details freischalten/ }).click();
    await dialog.getByTestId('unlock-price').waitFor();
  });
  const card = page.locator(`[data-testid="match-card"][data-request-id="${requestId}"]`);
  await step(page, marks, 'unlock', async () => {
    await dialog.getByRole('button', { name: /freischalten/ }).click();
    await card.and(page.locator('[data-unlocked="true"]')).waitFor({ timeout: 30_000 });
  });
  const offer = page.getByTestId('offer-dialog');
  await step(page, marks, 'open the offer form', async () => {
    await card.getByRole('button', { name: 'Angebot erstellen' }).click();
    await offer.getByLabel('Preis in €').waitFor();
  });
  await step(page, marks, 'type in the offer form', async () => {
    await offer.getByLabel('Preis in €').click();
    await page.keyboard.type('450', { delay: 50 });
  });
  await offer.getByLabel('Beschreibung').fill('Gepflegter Wagen aus erster Hand, mit Garantie.');
  await offer.getByLabel('Verfügbarkeit').fill('ab morgen');
  await step(page, marks, 'send the offer', async () => {
    await offer.getByRole('button', { name: 'Angebot senden' }).click();
    await offer.waitFor({ state: 'detached', timeout: 30_000 });
  });
  await collect(page, marks, sample);
  sample['provider: page INP (web-vitals)'] = await pageInp(page);
  await page.close();
}

const browser = await chromium.launch({
  executablePath: chromePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Record<string, Sample[]> = {};
try {
  for (const profile of PROFILES) {
    results[profile.name] = [];
    for (let run = 1; run <= RUNS; run++) {
      log(`${profile.name}, run ${run} of ${RUNS} …`);
      const sample: Sample = {};
      for (const scenario of [chatScenario, providerScenario]) {
        const context = await browser.newContext({ viewport: profile.viewport, locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de' } });
        await context.addInitScript({ content: INIT });
        if (profile.cpu > 1)
          context.on('page', (p) => void context.newCDPSession(p).then((s) => s.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })));
        try {
          await scenario(context, sample);
        } finally {
          await context.close();
        }
      }
      results[profile.name]!.push(sample);
    }
  }
} finally {
  await browser.close();
  await stop();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const cell = (samples: Sample[], key: string) => {
  const values = samples.map((s) => s[key]);
  const shown = values.map((v) => (v === null || v === undefined ? '< 16' : String(Math.round(v))));
  const numbers = values.map((v) => v ?? 0);
  return `${Math.round(median(numbers)) < 16 && values.some((v) => v === null) ? '< 16' : Math.round(median(numbers))} (${shown.join(', ')})`;
};
if (flags.json) console.log(JSON.stringify({ runs: RUNS, results }, null, 2));
else {
  const keys = Object.keys(results[PROFILES[0].name]![0]!);
  console.log(`INP per step in ms: median (runs), ${RUNS} runs per profile, ${new Date().toISOString()}`);
  console.log(`| step | ${PROFILES.map((p) => p.name).join(' | ')} |`);
  console.log(`|---|${PROFILES.map(() => '---').join('|')}|`);
  for (const key of keys) console.log(`| ${key} | ${PROFILES.map((p) => cell(results[p.name]!, key)).join(' | ')} |`);
}
process.exit(0);
