// `npm run bench`: how fast the offline chat model answers, measured over HTTP against the app in-process
// on an in-memory PGlite database, plus the throughput of the intake extractor. Reports figures only; it
// never fails on timings (the test suite asserts no timings either). See docs/benchmarks.md.
//   npm run bench                 30 conversations (German and English, alternating), table
//   npm run bench -- --n=10       fewer conversations
//   npm run bench -- --repeat=10  passes over the extraction fixture (default 5)
//   npm run bench -- --json       JSON instead of the table
//   npm run bench -- marketplace  the marketplace benchmark instead (PostgreSQL, DATABASE_URL): feed, matching,
//                                 unlocks at the scale of issue 4; same as `npm run bench:marketplace`
//   npm run bench -- mixed        the mixed load of the whole product on `npm run cluster` (PostgreSQL,
//                                 DATABASE_URL): pages, chat, feed, unlocks, offers, purchases; `npm run bench:mixed`
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { UIMessageChunk } from 'ai';
import { loadConfig } from '../server/config.ts';
import { buildDeps, closeDeps } from '../server/bootstrap.ts';
import { createApp } from '../server/app.ts';
import { createLogger } from '../server/logger.ts';
import { extractMessage } from '../server/ai/nlu/index.ts';

type Lang = 'de' | 'en';

const { values: flags } = parseArgs({
  options: {
    n: { type: 'string', default: '30' },
    repeat: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
  },
  strict: false,
});
const positiveInt = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const N = positiveInt(flags.n, 30);
const REPEAT = positiveInt(flags.repeat, 5);
const JSON_OUT = flags.json === true;
const WARMUP_CONVERSATIONS = 2;

// ---------------------------------------------------------------------------------------------------------
// Statistics

interface Summary {
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
    mean: sorted.length ? sum / sorted.length : 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The app, as tests/helpers/test-app.ts starts it, but always on in-memory PGlite (whatever DATABASE_URL
// says) and with the offline model (AI_PROVIDER is fixed, so no OpenAI variable of the shell applies).

async function startApp() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: baseUrl,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    AI_PROVIDER: 'offline',
    RATE_LIMIT_AUTH: '100000',
    RATE_LIMIT_CHAT: '100000',
    EVENT_BUS: 'memory',
    LOG_LEVEL: 'silent',
  });
  const deps = await buildDeps(config, { logger: createLogger('silent'), database: { kind: 'pglite', dir: null } });
  server.on('request', createApp(deps));
  return {
    baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps(deps);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Conversations: first name, then the need in free text, then the answer to the one question it leaves.

interface Script {
  name: string;
  need: string;
  answer: string;
}

const SCRIPTS: Record<Lang, Script[]> = {
  de: [
    { name: 'Anna', need: 'Ich brauche einen Klempner in 50667 Köln, Budget 200 Euro', answer: 'Dringend' },
    { name: 'Jürgen', need: 'Ich suche eine Putzhilfe in 10115 Berlin für 150 Euro, nicht dringend', answer: 'Kein fester Termin' },
    { name: 'Lena', need: 'Meine Heizung ist kaputt, bis 500 Euro', answer: 'Olpe' },
    { name: 'Mia', need: 'Suche einen Maler für zwei Zimmer in München, bis 800 Euro', answer: 'Nächste Woche' },
  ],
  en: [
    { name: 'Tom', need: 'I need a plumber in 50667 Köln, my kitchen sink is leaking, budget up to 200 euros', answer: 'urgent' },
    { name: 'Chloé', need: 'I urgently need an electrician in Hamburg, up to 300 euros', answer: 'tomorrow' },
    { name: 'Oliver', need: 'My heating is broken, budget 400 euros', answer: 'Berlin' },
    { name: 'Emma', need: 'Looking for a cleaner in 10115 Berlin for 150 euros, no rush', answer: 'no fixed date' },
  ],
};

const TURN_KINDS = ['name', 'need', 'answer'] as const;
type TurnKind = (typeof TURN_KINDS)[number];

interface TurnTiming {
  kind: TurnKind;
  lang: Lang;
  status: number;
  headersMs: number;
  /** null when the reply had no text (never seen with the offline model). */
  ttftMs: number | null;
  totalMs: number;
  bytes: number;
  /** The last tool result's `accepted`, when the turn ran a tool. */
  accepted: boolean | null;
}

function headersFor(baseUrl: string, lang: Lang): Record<string, string> {
  return { origin: baseUrl, 'accept-language': lang, 'content-type': 'application/json' };
}

async function openSession(baseUrl: string, lang: Lang): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/chat/session`, { method: 'POST', headers: headersFor(baseUrl, lang), body: JSON.stringify({ lang }) });
  const body = (await res.json()) as { id?: string };
  const ms = performance.now() - started;
  if (res.status !== 200 || !body.id) throw new Error(`POST /api/chat/session answered ${res.status}`);
  return { id: body.id, ms };
}

/** One POST /api/chat, reading the SSE body as it arrives so the first text-delta is timed when it lands. */
async function timedTurn(baseUrl: string, sessionId: string, lang: Lang, kind: TurnKind, text: string): Promise<TurnTiming> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: headersFor(baseUrl, lang),
    body: JSON.stringify({ sessionId, lang, message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] } }),
  });
  const headersMs = performance.now() - started;
  let ttftMs: number | null = null;
  let accepted: boolean | null = null;
  let bytes = 0;
  let buffer = '';
  const onChunk = (chunk: UIMessageChunk) => {
    if (chunk.type === 'text-delta' && ttftMs === null) ttftMs = performance.now() - started;
    if (chunk.type === 'tool-output-available') {
      const output = chunk.output as { accepted?: unknown } | null;
      if (output && typeof output.accepted === 'boolean') accepted = output.accepted;
    }
  };
  const onBlock = (block: string) => {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (!data || data === '[DONE]') return;
    try {
      onChunk(JSON.parse(data) as UIMessageChunk);
    } catch {
      // Not a JSON chunk: ignored, like the browser would.
    }
  };
  if (res.body) {
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value: piece } = await reader.read();
      if (done) break;
      bytes += piece.byteLength;
      buffer += decoder.decode(piece, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        onBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
    buffer += decoder.decode();
    if (buffer.trim()) onBlock(buffer);
  }
  const totalMs = performance.now() - started;
  return { kind, lang, status: res.status, headersMs, ttftMs, totalMs, bytes, accepted };
}

interface ConversationResult {
  sessionMs: number;
  turns: TurnTiming[];
}

async function conversation(baseUrl: string, i: number): Promise<ConversationResult> {
  const lang: Lang = i % 2 === 0 ? 'de' : 'en';
  const scripts = SCRIPTS[lang];
  const script = scripts[Math.floor(i / 2) % scripts.length]!;
  const session = await openSession(baseUrl, lang);
  const turns: TurnTiming[] = [];
  turns.push(await timedTurn(baseUrl, session.id, lang, 'name', script.name));
  turns.push(await timedTurn(baseUrl, session.id, lang, 'need', script.need));
  turns.push(await timedTurn(baseUrl, session.id, lang, 'answer', script.answer));
  return { sessionMs: session.ms, turns };
}

// ---------------------------------------------------------------------------------------------------------
// Extraction throughput over the labelled intake fixture.

interface EvalSet {
  reference: string;
  cases: { text: string; lang: Lang }[];
}

function benchExtraction(repeat: number) {
  const set = JSON.parse(readFileSync(fileURLToPath(new URL('../tests/fixtures/intake-eval.json', import.meta.url)), 'utf8')) as EvalSet;
  const now = new Date(set.reference);
  // Warm-up: loads the postcode data, the place index and the name lists, and lets the JIT settle.
  for (const c of set.cases) extractMessage(c.text, { lang: c.lang, now });
  const perMessage: number[] = [];
  const started = performance.now();
  for (let r = 0; r < repeat; r++) {
    for (const c of set.cases) {
      const t0 = performance.now();
      extractMessage(c.text, { lang: c.lang, now });
      perMessage.push(performance.now() - t0);
    }
  }
  const elapsedMs = performance.now() - started;
  return {
    fixtureMessages: set.cases.length,
    repeat,
    messages: perMessage.length,
    elapsedMs,
    messagesPerSecond: perMessage.length / (elapsedMs / 1000),
    perMessageMs: summarize(perMessage),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Run and report.

async function main() {
  const appStarted = performance.now();
  const app = await startApp();
  const appStartMs = performance.now() - appStarted;

  const results: ConversationResult[] = [];
  let warmupMs = 0;
  try {
    const warmupStarted = performance.now();
    for (let i = 0; i < WARMUP_CONVERSATIONS; i++) await conversation(app.baseUrl, i);
    warmupMs = performance.now() - warmupStarted;
    for (let i = 0; i < N; i++) results.push(await conversation(app.baseUrl, i));
  } finally {
    await app.close();
  }

  const extraction = benchExtraction(REPEAT);

  const turns = results.flatMap((r) => r.turns);
  const ttfts = (list: TurnTiming[]) => list.map((t) => t.ttftMs).filter((v): v is number => v !== null);
  const figures: Record<string, Summary> = {
    'session open (POST /api/chat/session)': summarize(results.map((r) => r.sessionMs)),
    'turn: response headers': summarize(turns.map((t) => t.headersMs)),
    'turn: first text-delta (TTFT)': summarize(ttfts(turns)),
    'turn: total': summarize(turns.map((t) => t.totalMs)),
  };
  for (const kind of TURN_KINDS) figures[`TTFT, ${kind} turn`] = summarize(ttfts(turns.filter((t) => t.kind === kind)));
  for (const lang of ['de', 'en'] as const) figures[`TTFT, ${lang === 'de' ? 'German' : 'English'}`] = summarize(ttfts(turns.filter((t) => t.lang === lang)));
  figures['extraction: per message'] = extraction.perMessageMs;

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      platform: `${os.platform()} ${os.arch()}`,
      database: 'PGlite in memory',
      model: 'offline rules model',
    },
    conversations: {
      count: results.length,
      warmup: WARMUP_CONVERSATIONS,
      turns: turns.length,
      byLang: { de: results.filter((_, i) => i % 2 === 0).length, en: results.filter((_, i) => i % 2 === 1).length },
    },
    sanity: {
      non200: turns.filter((t) => t.status !== 200).length,
      withoutText: turns.filter((t) => t.ttftMs === null).length,
      accepted: turns.filter((t) => t.accepted === true).length,
      refused: turns.filter((t) => t.accepted === false).length,
    },
    appStartMs,
    warmupMs,
    figuresMs: figures,
    extraction: {
      messages: extraction.messages,
      fixtureMessages: extraction.fixtureMessages,
      repeat: extraction.repeat,
      elapsedMs: extraction.elapsedMs,
      messagesPerSecond: extraction.messagesPerSecond,
    },
    // performance.now() counts from the start of the process, so this includes loading the modules.
    wallMs: performance.now(),
  };

  if (JSON_OUT) {
    // Milliseconds to the microsecond are plenty.
    console.log(JSON.stringify(report, (_key, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v), 2));
    return;
  }

  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const label = Math.max(...Object.keys(figures).map((k) => k.length));
  const col = 9;
  const lines = [
    `akut benchmark, ${report.date}`,
    `Node ${report.machine.node}, ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.platform}`,
    `Database: ${report.machine.database}; model: ${report.machine.model}`,
    `App start (database + migrations): ${ms(appStartMs)} ms; warm-up: ${WARMUP_CONVERSATIONS} conversations, ${ms(warmupMs)} ms`,
    `${report.conversations.count} conversations (${report.conversations.byLang.de} German, ${report.conversations.byLang.en} English), ${turns.length} turns: first name, need in free text, one answer`,
    '',
    `${'figure (ms)'.padEnd(label)}  ${'n'.padStart(5)}${['p50', 'p95', 'max', 'mean'].map((h) => h.padStart(col)).join('')}`,
    `${'-'.repeat(label)}  ${'-'.repeat(5)}${'-'.repeat(col * 4)}`,
  ];
  for (const [name, s] of Object.entries(figures)) {
    lines.push(`${name.padEnd(label)}  ${String(s.count).padStart(5)}${[s.p50, s.p95, s.max, s.mean].map((v) => ms(v).padStart(col)).join('')}`);
  }
  lines.push(
    '',
    `Extraction: ${extraction.messages} messages (${extraction.fixtureMessages} in tests/fixtures/intake-eval.json × ${extraction.repeat}) in ${ms(extraction.elapsedMs)} ms, ${Math.round(extraction.messagesPerSecond)} messages/s`,
    `Turns: ${report.sanity.non200} not 200, ${report.sanity.withoutText} without text; tool results ${report.sanity.accepted} accepted, ${report.sanity.refused} refused`,
    `Whole run from process start: ${(report.wallMs / 1000).toFixed(1)} s. Figures are reported, never asserted.`,
  );
  console.log(lines.join('\n'));
}

if (process.argv.slice(2).includes('mixed')) {
  // `npm run bench -- mixed [flags]`: scripts/bench-mixed.ts reads its own flags.
  await (await import('./bench-mixed.ts')).run();
} else if (process.argv.slice(2).includes('marketplace')) {
  // `npm run bench -- marketplace [flags]`: scripts/bench-marketplace.ts reads its own flags.
  await import('./bench-marketplace.ts');
} else {
  try {
    await main();
  } catch (e) {
    // A broken app is worth a message; it is still no timing failure, but nothing was measured.
    console.error('bench: could not run:', e instanceof Error ? (e.stack ?? e.message) : e);
    process.exitCode = 1;
  }
}
