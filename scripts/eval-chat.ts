// Single-turn accuracy of the chat's understanding, per role and language, through the real decision path
// (tests/helpers/offline-decide.ts: the tools of the role and state, the policy, the classifier).
//
// Tuned corpus (server/chat/intents): k-fold cross-validation. Each example is decided by a classifier
// trained on the other folds, as a message of a person of each role for whom its intent is a candidate
// (the intent of a tool offered there, or a conversation intent). Outcomes: the right action, a wrong action
// (another tool, or another spoken answer, than the intent's), a clarifying question, or help / not
// understood. Latency: the classifier's time per message (p50/p95).
//
// Blind set (--blind <file>, items {id, role, lang, text, action}, actions as in docs/chat-actions.md, which
// `--actions` writes): decided once by the model trained on the whole corpus; only the aggregate table is
// printed, the misses only with --show-blind, so that nobody tunes on them. Its first run is recorded in
// docs/chat-eval.md; after it the set is read, tuned on and kept in scripts/eval/sets/ with the development sets.
//
//   npm run eval:chat                      cross-validated table (5 folds) and the most frequent confusions
//   npm run eval:chat -- --folds 10        more folds
//   npm run eval:chat -- --misses 40       list up to 40 misses per role
//   npm run eval:chat -- --compare         every engine on the same folds (decision 069); --engines a,b: some
//   npm run eval:chat -- --engine bayes    one engine
//   npm run eval:chat -- --blind f.json    the blind set (add --show-blind to list its misses)
//   npm run eval:chat -- --sets            every kept set (scripts/eval/sets), a line each (--misses 1 lists misses)
//   npm run eval:chat -- --actions         the list of actions a blind set's writer reads (docs/chat-actions.md)
//   npm run eval:chat -- --calibrate       the policy thresholds that keep wrong actions rare on the folds
//   npm run eval:chat -- --blind f.json --model openai
//                                          the blind set through the chat's HTTP door with the model the
//                                          environment configures (OPENAI_BASE_URL, OPENAI_API_KEY, AI_MODEL):
//                                          each message a first turn of a fresh conversation, signed in as its
//                                          role; the first tool the model called is its action
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SPOKEN_INTENTS } from '../server/ai/offline/catalog.ts';
import { candidateIntents, DEFAULT_THRESHOLDS, type PolicyDecision, type PolicyThresholds } from '../server/ai/offline/policy.ts';
import { ENGINES, trainModel, type Engine, type IntentModel, type TrainOptions } from '../server/ai/understanding/classifier.ts';
import { loadCorpus, type Corpus, type Example } from '../server/ai/understanding/corpus.ts';
import { LanguageDetector } from '../server/ai/understanding/language.ts';
import type { Understanding } from '../server/ai/understanding/models.ts';
import { chatTools } from '../server/chat/tools/index.ts';
import { authAs, decideFor, type DecideRole } from '../tests/helpers/offline-decide.ts';
import { clientAs, signedInClient } from '../tests/helpers/auth.ts';
import { createSession, sendChat } from '../tests/helpers/chat.ts';
import { modelEnvironment } from './eval/chat-harness.ts';
import { translator } from '../server/i18n.ts';
import { startTestApp, type TestClient } from '../tests/helpers/test-app.ts';
import { createProvider } from '../tests/factories/marketplace.ts';
import { createUser } from '../tests/factories/users.ts';

type Lang = 'de' | 'en';
const LANGS: readonly Lang[] = ['de', 'en'];

/** The roles of the evaluation: who is signed in, and where their conversation rests when they type. */
export const EVAL_ROLES = [
  { id: 'visitor', role: 'anonymous', machine: 'intake', state: 'greeting' },
  { id: 'seeker', role: 'seeker', machine: 'intake', state: 'choosingCategory' },
  // A partner: a seeker's account that has brought others in (MessageInput.partner).
  { id: 'partner', role: 'seeker', machine: 'intake', state: 'choosingCategory', partner: true },
  { id: 'provider', role: 'provider', machine: 'providerDesk', state: 'ready' },
  { id: 'admin', role: 'admin', machine: 'welcome', state: 'greeting' },
] as const satisfies readonly { id: string; role: DecideRole; machine: 'intake' | 'providerDesk' | 'welcome'; state: string; partner?: boolean }[];
type EvalRole = (typeof EVAL_ROLES)[number];
type RoleId = EvalRole['id'];

const PARTNER_FILE = 'partner.yaml';
const CONVERSATION_FILE = 'conversation.yaml';

interface RoleView {
  role: EvalRole;
  allowed: string[];
  candidates: Set<string>;
  /**
   * The action an intent takes here: the first offered tool that serves it and can take the message (as the
   * policy picks it), or 'say:<intent>' for an answer in words (small talk, or 'not now' when no tool takes it).
   */
  actionOf(intent: string, text?: string, lang?: Lang): string;
  /** Whether an example of the corpus counts for this role. */
  counts(e: Example): boolean;
}

function roleView(role: EvalRole, known: readonly string[]): RoleView {
  const allowed = chatTools.forState(authAs(role.role), role.machine, role.state).map((d) => d.name);
  const catalog = chatTools.catalog();
  const candidates = new Set(candidateIntents(allowed, catalog, known));
  const actionOf = (intent: string, text?: string, lang?: Lang) => {
    for (const name of allowed) {
      const u = catalog.get(name);
      if (!u?.intents?.includes(intent)) continue;
      if (text === undefined || !u.slots) return name;
      const message = { text, lang: lang ?? 'de', now: new Date(), machine: role.machine, state: role.state };
      if (u.slots(message, intent)) return name;
    }
    return `say:${intent}`;
  };
  // A seeker's account answers both the seeker's and the partner's intents; the rows keep them apart.
  const counts = (e: Example) => {
    if (!candidates.has(e.intent)) return false;
    if (e.file === CONVERSATION_FILE) return true;
    if (role.id === 'partner') return e.file === PARTNER_FILE;
    if (role.id === 'seeker') return e.file !== PARTNER_FILE;
    return true;
  };
  return { role, allowed, candidates, actionOf, counts };
}

export type Outcome = 'correct' | 'wrong' | 'clarify' | 'help';

/** What the decision did with a message whose intended action is `expected`. */
function outcomeOf(d: PolicyDecision | null, expected: readonly string[], view: RoleView): { outcome: Outcome; got: string } {
  if (!d) return { outcome: 'help', got: 'none' };
  let got: string;
  switch (d.kind) {
    case 'tool':
      if (d.toolName === 'clarify') return { outcome: 'clarify', got: 'clarify' };
      if (d.toolName === 'showHelp' && (d.input as { notUnderstood?: boolean }).notUnderstood) return { outcome: 'help', got: 'help' };
      got = d.toolName;
      break;
    case 'spoken':
      got = view.actionOf(d.intent);
      break;
    case 'clarify':
      return { outcome: 'clarify', got: 'clarify' };
    case 'unknown':
      if (d.why === 'nothing-fits' || !d.intent) return { outcome: 'help', got: 'help' };
      got = `say:${d.intent}`;
      break;
  }
  return { outcome: expected.includes(got) ? 'correct' : 'wrong', got };
}

interface Tally {
  n: number;
  correct: number;
  wrong: number;
  clarify: number;
  help: number;
}
const tally = (): Tally => ({ n: 0, correct: 0, wrong: 0, clarify: 0, help: 0 });
const add = (t: Tally, o: Outcome) => {
  t.n++;
  t[o]++;
};
/** Counts an outcome in its role and language's row and in the rows that sum them up. */
function count(table: Map<string, Tally>, role: string, lang: Lang, o: Outcome) {
  for (const key of [`${role}|${lang}`, `${role}|all`, `all|${lang}`, 'all|all']) {
    if (!table.has(key)) table.set(key, tally());
    add(table.get(key)!, o);
  }
}

interface Miss {
  role: RoleId;
  lang: Lang;
  intent: string;
  text: string;
  outcome: Outcome;
  got: string;
  top: string;
}

/** A model that times each classification (for the latency figures). */
function timed(model: IntentModel, times: number[]): IntentModel {
  return {
    lang: model.lang,
    intents: model.intents,
    classify(text, allowed) {
      const t0 = performance.now();
      const r = model.classify(text, allowed);
      times.push(performance.now() - t0);
      return r;
    },
  };
}

/** A deterministic order of the examples (FNV-1a of the text), so the folds are the same on every run. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Stratified folds: within each intent and language, examples dealt round-robin in hash order. */
function foldsOf(examples: readonly Example[], k: number): Map<Example, number> {
  const groups = new Map<string, Example[]>();
  for (const e of examples) {
    const key = `${e.lang}|${e.intent}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(e);
  }
  const fold = new Map<Example, number>();
  let offset = 0;
  for (const key of [...groups.keys()].sort()) {
    const list = groups
      .get(key)!
      .slice()
      .sort((a, b) => hashOf(a.text) - hashOf(b.text) || a.text.localeCompare(b.text));
    list.forEach((e, i) => fold.set(e, (i + offset) % k));
    offset += list.length;
  }
  return fold;
}

const pct = (a: number, n: number) => (n ? `${((100 * a) / n).toFixed(1)} %` : '–');
function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

export interface RunResult {
  table: Map<string, Tally>;
  misses: Miss[];
  times: number[];
  trainMs: number[];
  /** Held-out examples that a model trained without them confidently files under another intent (label noise?). */
  suspects: { lang: Lang; intent: string; text: string; file: string; other: string; p: number }[];
  /** Per example and role: the decision's ranking (for --calibrate). */
  decisions: { expected: string[]; view: RoleView; ranked: PolicyDecision['ranked']; d: PolicyDecision | null; key: string }[];
}

interface CvOptions {
  engine: Engine;
  /** Training options beyond the engine (features, iterations …; --train '<json>'). */
  train?: Omit<TrainOptions, 'engine'>;
  folds: number;
  keepDecisions?: boolean;
  /** Also classify each held-out example over all intents and keep the confident disagreements. */
  suspects?: boolean;
}

/** Cross-validation over the corpus: every example decided by a model that never saw it. */
export function crossValidate(corpus: Corpus, views: readonly RoleView[], opts: CvOptions): RunResult {
  const fold = foldsOf(corpus.examples, opts.folds);
  const table = new Map<string, Tally>();
  const misses: Miss[] = [];
  const times: number[] = [];
  const trainMs: number[] = [];
  const decisions: RunResult['decisions'] = [];
  const suspects: RunResult['suspects'] = [];
  const language = new LanguageDetector(corpus.examples.filter((e) => !e.near));
  for (let f = 0; f < opts.folds; f++) {
    const models = {} as Record<Lang, IntentModel>;
    for (const lang of LANGS) {
      const train = corpus.examples.filter((e) => e.lang === lang && fold.get(e) !== f);
      const t0 = performance.now();
      models[lang] = timed(trainModel(lang, train, { ...opts.train, engine: opts.engine }), times);
      trainMs.push(performance.now() - t0);
    }
    const u: Understanding = { corpus, models, language };
    for (const e of corpus.examples) {
      if (fold.get(e) !== f) continue;
      if (opts.suspects) {
        const [top] = models[e.lang].classify(e.text);
        if (top && top.intent !== e.intent && top.raw >= 0.6)
          suspects.push({ lang: e.lang, intent: e.intent, text: e.text, file: e.file, other: top.intent, p: top.raw });
      }
      for (const view of views) {
        if (!view.counts(e)) continue;
        let decision: PolicyDecision | null = null;
        decideFor(view.role.role, e.text, {
          lang: e.lang,
          machine: view.role.machine,
          state: view.role.state,
          partner: 'partner' in view.role,
          understanding: () => u,
          onDecision: (d) => {
            decision = d;
          },
        });
        const expected = [view.actionOf(e.intent, e.text, e.lang)];
        const { outcome, got } = outcomeOf(decision, expected, view);
        count(table, view.role.id, e.lang, outcome);
        const d = decision as PolicyDecision | null;
        if (opts.keepDecisions) decisions.push({ expected, view, ranked: d?.ranked, d, key: `${view.role.id}|${e.lang}` });
        if (outcome !== 'correct')
          misses.push({
            role: view.role.id,
            lang: e.lang,
            intent: e.intent,
            text: e.text,
            outcome,
            got,
            top: d?.ranked?.[0] ? `${d.ranked[0].intent} ${d.ranked[0].raw.toFixed(2)}/${d.ranked[0].score.toFixed(2)}` : '',
          });
      }
    }
  }
  return { table, misses, times, trainMs, decisions, suspects };
}

function printTable(title: string, table: Map<string, Tally>, rows: readonly string[]) {
  console.log(`\n${title}`);
  console.log('role      lang      n   correct    wrong   clarify  help/not understood');
  for (const role of rows) {
    for (const lang of ['de', 'en', 'all']) {
      const t = table.get(`${role}|${lang}`);
      if (!t) continue;
      console.log(
        `${role.padEnd(9)} ${lang.padEnd(4)} ${String(t.n).padStart(6)} ${pct(t.correct, t.n).padStart(9)} ${pct(t.wrong, t.n).padStart(8)} ${pct(t.clarify, t.n).padStart(9)} ${pct(t.help, t.n).padStart(9)}`,
      );
    }
  }
}

// ----- the blind set -----

const BlindItem = z.object({
  id: z.string().min(1),
  role: z.enum(['visitor', 'seeker', 'partner', 'provider', 'admin']),
  lang: z.enum(['de', 'en']),
  text: z.string().min(1),
  action: z.string().min(1),
});
const BlindSet = z.union([z.array(BlindItem), z.object({ items: z.array(BlindItem) }).transform((o) => o.items)]);

/** The intents that stand for a blind set's action id (ACTIONS.md), per role where it differs. */
function intentsOfAction(action: string, role: RoleId): string[] {
  const map: Record<string, string[]> = {
    newRequest: ['need'],
    showEarnings: ['showBalance'],
    platformOverview: ['getPlatformOverview'],
    recentActivity: ['getRecentActivity'],
    listRequests: ['adminListRequests'],
    moderateRequest: ['adminModerateRequest'],
    // ACTIONS.md: 'requests waiting for moderation / flagged requests'; requests people reported are their own list.
    moderationQueue: ['moderationQueue', 'adminListReports'],
    closeRequest: role === 'admin' ? ['adminCloseRequest'] : ['closeMyRequest'],
    listAdminDeals: ['adminListDeals'],
    smallTalk: SPOKEN_INTENTS.filter((i) => i.startsWith('smallTalk.')),
    contactHuman: ['contactHuman', 'writeSupportMessage'],
    writeSupportMessage: ['writeSupportMessage', 'contactHuman'],
    listHeldCommissions: ['adminListHeldCommissions'],
    releaseHeldCommission: ['adminReleaseCommission'],
    voidHeldCommission: ['adminVoidCommission'],
  };
  return map[action] ?? [action];
}

/** The models trained on the whole corpus, timing each classification. */
function wholeCorpusUnderstanding(corpus: Corpus, engine: Engine, times: number[]): Understanding {
  const byLang = (lang: Lang) => corpus.examples.filter((e) => e.lang === lang);
  const models = { de: timed(trainModel('de', byLang('de'), { engine }), times), en: timed(trainModel('en', byLang('en'), { engine }), times) };
  return { corpus, models, language: new LanguageDetector(corpus.examples.filter((e) => !e.near)) };
}

/** A set's items decided one by one as the first message of a fresh conversation: the table and the misses. */
function scoreSet(file: string, u: Understanding, views: readonly RoleView[]) {
  const items = BlindSet.parse(JSON.parse(readFileSync(file, 'utf8')));
  const table = new Map<string, Tally>();
  const misses: string[] = [];
  for (const item of items) {
    const view = views.find((v) => v.role.id === item.role);
    if (!view) continue;
    let decision: PolicyDecision | null = null;
    decideFor(view.role.role, item.text, {
      lang: item.lang,
      machine: view.role.machine,
      state: view.role.state,
      partner: 'partner' in view.role,
      understanding: () => u,
      onDecision: (d) => {
        decision = d;
      },
    });
    const expected = intentsOfAction(item.action, item.role).map((i) => view.actionOf(i, item.text, item.lang));
    const { outcome, got } = outcomeOf(decision, expected, view);
    count(table, item.role, item.lang, outcome);
    if (outcome !== 'correct') misses.push(`${item.id} ${item.role}/${item.lang} ${item.action} → ${outcome} ${got}: ${item.text}`);
  }
  return { n: items.length, table, misses };
}

function runBlind(file: string, corpus: Corpus, views: readonly RoleView[], engine: Engine, show: boolean) {
  const times: number[] = [];
  const u = wholeCorpusUnderstanding(corpus, engine, times);
  const { n, table, misses } = scoreSet(file, u, views);
  printTable(`Blind set ${file} (${n} items, engine ${engine}, model trained on the whole corpus)`, table, [...EVAL_ROLES.map((r) => r.id), 'all']);
  console.log(`classification: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`);
  if (show) for (const m of misses) console.log(`  ${m}`);
  else console.log(`(${misses.length} misses not shown: --show-blind lists them; never tune on them)`);
}

/** The committed sets (development sets and blind sets after their one run): tuned on, so a regression check. */
export const SETS_DIR = new URL('./eval/sets/', import.meta.url);

/**
 * Every committed set, one line each: right, wrong, clarify, help over the set and its weakest row. These sets
 * have been read and tuned on; they say the fixes hold, not how the chat does on new words (the blind sets).
 */
function runSets(corpus: Corpus, views: readonly RoleView[], engine: Engine, showMisses: boolean) {
  const u = wholeCorpusUnderstanding(corpus, engine, []);
  const pct = (x: number, n: number) => `${((100 * x) / Math.max(1, n)).toFixed(1)} %`;
  for (const name of readdirSync(SETS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { n, table, misses } = scoreSet(new URL(name, SETS_DIR).pathname, u, views);
    const all = table.get('all|all') ?? tally();
    const rows = [...table].filter(([k]) => !k.startsWith('all|') && !k.endsWith('|all'));
    const [worstKey, worst] = rows.sort(([, a], [, b]) => a.correct / a.n - b.correct / b.n)[0] ?? ['-', tally()];
    console.log(
      `${name}: ${n} items, right ${pct(all.correct, n)}, wrong ${pct(all.wrong, n)}, clarify ${pct(all.clarify, n)}, help ${pct(all.help, n)}; weakest ${worstKey.replace('|', '/')} ${pct(worst.correct, worst.n)}`,
    );
    if (showMisses) for (const m of misses) console.log(`  ${m}`);
  }
}

/**
 * The blind set through the real chat with the model the environment configures: a test app on a fresh
 * embedded database, one account per role (a provider with a profile; a partner is a seeker someone signed up
 * under), each message the first turn of a fresh conversation. The first tool the model called is its action
 * (clarify: a clarifying question; showHelp: help); a reply in words only counts as right where the action is
 * answered in words (small talk). Everything the tools do stays in that throw-away database.
 */
async function runBlindThroughModel(file: string, views: readonly RoleView[], show: boolean) {
  const items = BlindSet.parse(JSON.parse(readFileSync(file, 'utf8')));
  const env = modelEnvironment();
  const noModel = new Error('--model openai needs an OpenAI-compatible endpoint: set OPENAI_BASE_URL, OPENAI_API_KEY and AI_MODEL');
  if (!env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) throw noModel;
  const app = await startTestApp(env);
  try {
    if (app.deps.config.ai.provider !== 'openai') throw noModel;
    const prisma = app.deps.db.prisma;
    const seeker = await createUser(prisma, { role: 'seeker', name: 'Lena Sommer' });
    const partner = await createUser(prisma, { role: 'seeker', name: 'Jana Berg' });
    await createUser(prisma, { role: 'seeker', referredById: partner.id });
    const { user: provider } = await createProvider(app.deps, { firmenname: 'Sanitär Krause' });
    const admin = await signedInClient(app, { role: 'admin', name: 'Ada Admin' });
    const clients = new Map<RoleId, TestClient>([
      ['seeker', await clientAs(app, seeker)],
      ['partner', await clientAs(app, partner)],
      ['provider', await clientAs(app, { email: provider.email, password: provider.password })],
      ['admin', admin.client],
    ]);
    const table = new Map<string, Tally>();
    const misses: string[] = [];
    const times: number[] = [];
    for (const item of items) {
      const view = views.find((v) => v.role.id === item.role);
      if (!view) continue;
      const client = clients.get(item.role) ?? app.client();
      client.lang = item.lang;
      const sessionId = await createSession(client, item.lang);
      const started = performance.now();
      const turn = await sendChat(client, sessionId, item.text, { lang: item.lang });
      times.push(performance.now() - started);
      const expected = intentsOfAction(item.action, item.role).map((i) => view.actionOf(i, item.text, item.lang));
      const first = turn.tools[0];
      let outcome: Outcome;
      let got: string;
      if (turn.status !== 200) [outcome, got] = ['help', `HTTP ${turn.status}`];
      else if (!first) [outcome, got] = [expected.some((e) => e.startsWith('say:')) ? 'correct' : 'help', 'words'];
      else if (first.toolName === 'clarify') [outcome, got] = ['clarify', 'clarify'];
      else if (first.toolName === 'showHelp') [outcome, got] = [expected.includes('showHelp') ? 'correct' : 'help', 'showHelp'];
      else [outcome, got] = [expected.includes(first.toolName) ? 'correct' : 'wrong', first.toolName];
      count(table, item.role, item.lang, outcome);
      if (outcome !== 'correct') misses.push(`${item.id} ${item.role}/${item.lang} ${item.action} → ${outcome} ${got}: ${item.text}`);
    }
    printTable(`Blind set ${file} (${items.length} items, model ${env.AI_MODEL ?? 'default'} at ${env.OPENAI_BASE_URL ?? 'OpenAI'})`, table, [
      ...EVAL_ROLES.map((r) => r.id),
      'all',
    ]);
    console.log(`turn (HTTP, model included): p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms`);
    if (show) for (const m of misses) console.log(`  ${m}`);
    else console.log(`(${misses.length} misses not shown: --show-blind lists them; never tune on them)`);
  } finally {
    await app.close();
  }
}

// ----- calibration of the policy's thresholds -----

function calibrate(result: RunResult) {
  // Re-decides from the stored rankings, with the same rules as policy.ts's isClear and its clarify step.
  const grid: PolicyThresholds[] = [];
  for (const minRaw of [0.05, 0.1, 0.15, 0.2, 0.3])
    for (const minShare of [0.3, 0.4, 0.45, 0.5, 0.6])
      for (const minLead of [0.05, 0.1, 0.15, 0.2, 0.3]) grid.push({ ...DEFAULT_THRESHOLDS, minRaw, minShare, minLead });
  console.log('\nthresholds (minRaw minShare minLead): correct wrong clarify help over all role rows');
  const rows: { t: PolicyThresholds; c: number; w: number; q: number; h: number }[] = [];
  for (const t of grid) {
    let c = 0;
    let w = 0;
    let q = 0;
    let h = 0;
    for (const x of result.decisions) {
      // Only the classifier's decisions are re-decided; exact matches and answers keep their outcome.
      const d = x.d;
      if (!d?.ranked || (d.kind === 'tool' && (d.why === 'exact' || d.why === 'answer'))) {
        const o = outcomeOf(d, x.expected, x.view).outcome;
        if (o === 'correct') c++;
        else if (o === 'wrong') w++;
        else if (o === 'clarify') q++;
        else h++;
        continue;
      }
      const ranked = d.ranked;
      const [top, second] = ranked;
      if (!top || top.raw < t.minRaw) {
        h++;
        continue;
      }
      const clear = top.score >= t.minShare && top.score - (second?.score ?? 0) >= t.minLead;
      const close = ranked.filter((r, i) => i < 3 && r.raw >= t.minRaw && r.score >= top.score / 3);
      if (!clear && close.length >= 2) {
        q++;
        continue;
      }
      const got = x.view.actionOf(top.intent);
      if (x.expected.includes(got)) c++;
      else w++;
    }
    rows.push({ t, c, w, q, h });
  }
  const n = result.decisions.length;
  rows.sort((a, b) => a.w - b.w || b.c - a.c);
  const fmt = (r: (typeof rows)[number]) =>
    `${r.t.minRaw.toFixed(2)} ${r.t.minShare.toFixed(2)} ${r.t.minLead.toFixed(2)}: ${pct(r.c, n)} ${pct(r.w, n)} ${pct(r.q, n)} ${pct(r.h, n)}`;
  // The best correct rate among settings whose clarify rate stays at or below 5 % and 8 %.
  for (const maxQ of [0.03, 0.05, 0.08]) {
    const ok = rows.filter((r) => r.q <= maxQ * n).sort((a, b) => b.c - a.c || a.w - b.w);
    console.log(`best with clarify ≤ ${maxQ * 100} %:`);
    for (const r of ok.slice(0, 5)) console.log(`  ${fmt(r)}`);
  }
  const cur = rows.find(
    (r) => r.t.minRaw === DEFAULT_THRESHOLDS.minRaw && r.t.minShare === DEFAULT_THRESHOLDS.minShare && r.t.minLead === DEFAULT_THRESHOLDS.minLead,
  );
  if (cur) console.log(`current: ${fmt(cur)}`);
}

// ----- the list of actions a blind set's writer reads -----

const ACTIONS_HEADER = `# akut's chat: the actions, for the writer of a blind set

<!-- Written by \`npm run -s eval:chat -- --actions > docs/chat-actions.md\`; do not edit by hand. -->

akut is a German/English reverse lead marketplace, chat-first. **Seekers** tell the assistant (Aki) what they
urgently need, for free (a plumber tonight, a removal van on Saturday, a wedding photographer), with place,
budget and time. **Providers** (tradespeople, service companies) pay Goints (1 EUR = 10 Goints; 50 Goints per
request by default) to unlock a request's details and the seeker's contact data, then send an offer. When both
sides confirm a deal, the unlock fees are split between the seeker (who can have their share paid out to a
bank account, PayPal or Stripe) and the platform; with no deal, providers get their Goints back. **Partners**
(affiliates) earn commission on the platform revenue of people they referred, over up to ten levels, and get a
referral link, marketing texts, a network view and payouts. **Admins** run everything: key figures, requests
to moderate, reports of illegal content, payouts to approve, prices per category, the commission plan,
settings, the support inbox, trade documents to review, the chat's follow-up script, marketing texts.

Every role can do its work by talking to the assistant. A **visitor** is not signed in; a **seeker**,
**partner**, **provider** or **admin** is signed in as that role. Each message of a blind set is the first
message of a fresh conversation, and its action is what the assistant should do with it: one id of the table
of the writer's role below. Messages are plain JSON items \`{ "id", "role", "lang", "text", "action" }\`
(\`role\` one of visitor, seeker, partner, provider, admin; \`lang\` de or en).
`;

/** Conversation intents that only answer a question the chat asked; no first message means them. */
const ANSWER_ONLY = new Set(['cancel', 'back', 'repeat', 'skip', 'affirm', 'deny', 'giveName']);

/**
 * The list of actions, per role, that the writer of a blind set reads (docs/chat-actions.md): the action ids
 * the blind set's items name, each with what it does in the product's own words (the clarifying question's
 * button label in both languages), never an example of the corpus.
 */
function printActions(views: readonly RoleView[], corpus: Corpus) {
  const intentsOf = (file: string) => new Set(corpus.examples.filter((e) => e.file === file && !e.near).map((e) => e.intent));
  const PARTNER_INTENTS = intentsOf(PARTNER_FILE);
  const CONVERSATION_INTENTS = intentsOf(CONVERSATION_FILE);
  const ADMIN_INTENTS = new Set([...intentsOf('admin.yaml'), ...intentsOf('admin-commissions.yaml')]);
  const label = (lng: Lang, intent: string) => {
    const t = translator(lng);
    const key = `chat:intents.${intent}.label`;
    const s = t(key);
    return s === key || s === `intents.${intent}.label` ? '' : s;
  };
  const lines: string[] = [ACTIONS_HEADER];
  for (const view of views) {
    lines.push(`## ${view.role.id}`, '', '| action | what it does (en) | what it does (de) |', '| --- | --- | --- |');
    const seen = new Set<string>();
    for (const intent of [...view.candidates].sort()) {
      if (ANSWER_ONLY.has(intent)) continue;
      // A seeker's account answers both the seeker's and the partner's intents: the rows keep them apart.
      if (view.role.id === 'seeker' && PARTNER_INTENTS.has(intent)) continue;
      if (view.role.id === 'partner' && !PARTNER_INTENTS.has(intent) && !CONVERSATION_INTENTS.has(intent)) continue;
      // Providers and admins may be partners too, but their rows are about their own work.
      if ((view.role.id === 'provider' || view.role.id === 'admin') && PARTNER_INTENTS.has(intent)) continue;
      if (view.role.id === 'admin' && !ADMIN_INTENTS.has(intent) && !CONVERSATION_INTENTS.has(intent)) continue;
      const action = intent.startsWith('smallTalk.') ? 'smallTalk' : intent;
      if (seen.has(action)) continue;
      seen.add(action);
      if (intent === 'writeSupportMessage') {
        lines.push('| `writeSupportMessage` | Write a message to the support team | Eine Nachricht an den Support schreiben |');
        continue;
      }
      const en = action === 'smallTalk' ? 'Greetings, thanks, goodbye, how are you, are you a bot (answered in words)' : label('en', intent);
      const de = action === 'smallTalk' ? 'Grüßen, danken, verabschieden, wie geht es dir, bist du ein Bot (Antwort in Worten)' : label('de', intent);
      lines.push(`| \`${action}\` | ${en} | ${de} |`);
    }
    lines.push('');
  }
  console.log(lines.join('\n'));
}

// ----- main -----

async function main() {
  const { values } = parseArgs({
    options: {
      folds: { type: 'string', default: '5' },
      engine: { type: 'string' },
      compare: { type: 'boolean', default: false },
      engines: { type: 'string' },
      misses: { type: 'string', default: '0' },
      confusions: { type: 'string', default: '15' },
      blind: { type: 'string' },
      'show-blind': { type: 'boolean', default: false },
      calibrate: { type: 'boolean', default: false },
      role: { type: 'string' },
      train: { type: 'string' },
      suspects: { type: 'boolean', default: false },
      model: { type: 'string', default: 'offline' },
      actions: { type: 'boolean', default: false },
      sets: { type: 'boolean', default: false },
    },
  });
  const corpus = loadCorpus();
  const views = EVAL_ROLES.map((r) => roleView(r, corpus.intents)).filter((v) => !values.role || v.role.id === values.role);
  const engine = (values.engine ?? ENGINES[0]) as Engine;
  if (!ENGINES.includes(engine)) throw new Error(`unknown engine ${engine}; one of ${ENGINES.join(', ')}`);
  const k = Number(values.folds);
  console.log(
    `corpus: ${corpus.intents.length} intents, ${corpus.examples.filter((e) => e.lang === 'de').length} German and ${corpus.examples.filter((e) => e.lang === 'en').length} English examples (hash ${corpus.hash})`,
  );

  if (values.actions) {
    printActions(views, corpus);
    return;
  }
  if (values.model !== 'offline' && values.model !== 'openai') throw new Error(`--model offline or openai, not ${values.model}`);
  if (values.blind && values.model === 'openai') {
    await runBlindThroughModel(values.blind, views, values['show-blind']);
    return;
  }
  if (values.model === 'openai') throw new Error('--model openai measures a blind set: give it with --blind <file>');
  if (values.sets) {
    runSets(corpus, views, engine, values.misses !== '0');
    return;
  }
  if (values.blind) {
    runBlind(values.blind, corpus, views, engine, values['show-blind']);
    return;
  }

  // --compare: every engine (NLP.js and wink's perceptron take minutes per fold on a loaded machine);
  // --engines a,b: those.
  const engines = values.engines ? (values.engines.split(',') as Engine[]) : values.compare ? [...ENGINES] : [engine];
  const summary: string[] = [];
  for (const eng of engines) {
    const train = values.train ? (JSON.parse(values.train) as Omit<TrainOptions, 'engine'>) : undefined;
    const r = crossValidate(corpus, views, { engine: eng, folds: k, keepDecisions: values.calibrate, train, suspects: values.suspects });
    printTable(`Tuned corpus, ${k}-fold cross-validation, engine ${eng}`, r.table, [...views.map((v) => v.role.id), 'all']);
    const trainTime = `training per language and fold: mean ${(r.trainMs.reduce((s, x) => s + x, 0) / r.trainMs.length / 1000).toFixed(2)} s, max ${(Math.max(...r.trainMs) / 1000).toFixed(2)} s`;
    const lat = `classification: p50 ${quantile(r.times, 0.5).toFixed(2)} ms, p95 ${quantile(r.times, 0.95).toFixed(2)} ms, max ${Math.max(...r.times).toFixed(1)} ms`;
    console.log(`${trainTime}\n${lat}`);
    const all = r.table.get('all|all')!;
    const worst = views
      .flatMap((v) => LANGS.map((l) => [`${v.role.id}/${l}`, r.table.get(`${v.role.id}|${l}`)] as const))
      .filter(([, t]) => t)
      .map(([key, t]) => [key, t!.correct / t!.n] as const)
      .sort((a, b) => a[1] - b[1])[0];
    summary.push(
      `${eng.padEnd(10)} correct ${pct(all.correct, all.n)}  wrong ${pct(all.wrong, all.n)}  clarify ${pct(all.clarify, all.n)}  help ${pct(all.help, all.n)}  worst ${worst?.[0]} ${pct(worst?.[1] ?? 0, 1)}  train ${(Math.max(...r.trainMs) / 1000).toFixed(2)} s  p95 ${quantile(r.times, 0.95).toFixed(2)} ms`,
    );
    // The most frequent confusions: intended intent → what happened.
    const conf = new Map<string, number>();
    for (const m of r.misses) {
      const key = `${m.role}: ${m.intent} → ${m.outcome === 'wrong' ? m.got : m.outcome}`;
      conf.set(key, (conf.get(key) ?? 0) + 1);
    }
    const nConf = Number(values.confusions);
    if (nConf > 0) {
      console.log('most frequent misses:');
      for (const [key, n] of [...conf.entries()].sort((a, b) => b[1] - a[1]).slice(0, nConf)) console.log(`  ${String(n).padStart(3)}  ${key}`);
    }
    const nMiss = Number(values.misses);
    if (nMiss > 0) {
      for (const v of views) {
        const list = r.misses.filter((m) => m.role === v.role.id).slice(0, nMiss);
        if (!list.length) continue;
        console.log(`misses (${v.role.id}):`);
        for (const m of list) console.log(`  [${m.lang}] ${m.intent} → ${m.outcome === 'wrong' ? m.got : m.outcome} (top ${m.top}): ${m.text}`);
      }
    }
    if (values.calibrate) calibrate(r);
    if (values.suspects) {
      console.log(`\nlabel noise suspects (held out, another intent at p ≥ 0.6): ${r.suspects.length}`);
      for (const x of r.suspects.sort((a, b) => b.p - a.p)) console.log(`  ${x.file} [${x.lang}] ${x.intent} → ${x.other} ${x.p.toFixed(2)}: ${x.text}`);
    }
  }
  if (summary.length > 1) {
    console.log('\nengines compared on the same folds:');
    for (const s of summary) console.log(`  ${s}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
