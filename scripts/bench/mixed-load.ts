// The mixed workload of `npm run bench:mixed`, run as a child process so the load does not share the app's
// event loop: reads a job (JSON) on stdin, runs every kind of traffic at once for the given time (closed loop:
// each kind has its own number of clients, each client sends its next request when the last one is answered),
// and writes the result (JSON) on stdout: every response's time per kind, and every error with its status
// and code. Requests go through fetch (undici, keep-alive), which asks for gzip/brotli like a browser does.
import type { UIMessageChunk } from 'ai';
import { UNLOCK_PRICE_GOINTS } from '../../core/money/money.ts';

export const KINDS = ['page', 'chat session', 'chat turn', 'feed', 'unlock', 'offer', 'purchase'] as const;
export type Kind = (typeof KINDS)[number];

export interface SignedInProvider {
  providerId: string;
  cookie: string;
}

export interface MixedJob {
  baseUrl: string;
  durationS: number;
  /** Concurrent clients per kind of traffic. */
  clients: { pages: number; chat: number; feed: number; unlock: number; offer: number; purchase: number };
  /** Public pages to view, picked at random (with the language of the visitor). */
  pages: string[];
  providers: SignedInProvider[];
  /** Matched, not yet unlocked (provider, request) pairs, each used once, in order. */
  unlockPairs: { providerId: string; requestId: string }[];
  /** Unlocked pairs without an offer yet; unlocks made during the run are added. */
  offerPairs: { providerId: string; requestId: string }[];
}

export interface KindResult {
  latenciesMs: number[];
  /** 'status code' → how many, and one example of the answer. */
  errors: Record<string, { count: number; example: string }>;
  /** Requests not sent because the data ran out (unlock pairs, offer pairs). */
  starved: number;
}

export interface MixedResult {
  durationS: number;
  kinds: Record<Kind, KindResult>;
  /** Unlocks answered 200 with repeated: true (made before), offers made, purchases credited. */
  notes: { unlocksRepeated: number; unlockPairsLeft: number; offerPairsLeft: number; purchasesNotCredited: number };
}

const CHAT_SCRIPTS: Record<'de' | 'en', { name: string; need: string; answer: string }[]> = {
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

class Failure extends Error {
  readonly key: string;
  readonly example: string;
  constructor(key: string, example: string) {
    super(key);
    this.key = key;
    this.example = example;
  }
}

async function failureOf(res: Response): Promise<Failure> {
  const text = await res.text().catch(() => '');
  let code = '';
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    // not JSON
  }
  return new Failure(`${res.status}${code ? ` ${code}` : ''}`, text.slice(0, 300));
}

async function run(job: MixedJob): Promise<MixedResult> {
  const kinds = Object.fromEntries(KINDS.map((k): [Kind, KindResult] => [k, { latenciesMs: [], errors: {}, starved: 0 }])) as Record<Kind, KindResult>;
  const notes = { unlocksRepeated: 0, unlockPairsLeft: 0, offerPairsLeft: 0, purchasesNotCredited: 0 };
  const base = job.baseUrl;
  const cookieOf = new Map(job.providers.map((p) => [p.providerId, p.cookie]));
  const unlockQueue = [...job.unlockPairs];
  const offerQueue = [...job.offerPairs];
  const started = performance.now();
  const deadline = started + job.durationS * 1000;
  const running = () => performance.now() < deadline;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Times one step of a kind; a thrown Failure (or a network error) is counted, never ends the run. */
  async function timed<T>(kind: Kind, fn: () => Promise<T>): Promise<T | undefined> {
    const t0 = performance.now();
    try {
      const out = await fn();
      kinds[kind].latenciesMs.push(performance.now() - t0);
      return out;
    } catch (e) {
      const f = e instanceof Failure ? e : new Failure(`network ${(e as Error).message}`, String((e as Error).cause ?? ''));
      const slot = (kinds[kind].errors[f.key] ??= { count: 0, example: f.example });
      slot.count++;
      return undefined;
    }
  }

  const json = (cookie: string | null, lang: 'de' | 'en') => ({
    origin: base,
    'content-type': 'application/json',
    'accept-language': lang,
    ...(cookie ? { cookie } : {}),
  });

  const loops: Record<keyof MixedJob['clients'], () => Promise<void>> = {
    async pages() {
      while (running()) {
        const en = Math.random() < 0.3;
        await timed('page', async () => {
          const res = await fetch(`${base}${pick(job.pages)}`, { headers: { 'accept-language': en ? 'en-GB,en;q=0.9' : 'de-DE,de;q=0.9' } });
          if (res.status !== 200) throw await failureOf(res);
          const html = await res.text();
          if (!html.includes('<div id="root" data-ns=')) throw new Failure('200 without server render', html.slice(0, 300));
        });
      }
    },
    async chat() {
      let i = Math.floor(Math.random() * 8);
      while (running()) {
        const lang = i % 2 === 0 ? 'de' : 'en';
        const script = CHAT_SCRIPTS[lang][Math.floor(i / 2) % 4]!;
        i++;
        const session = await timed('chat session', async () => {
          const res = await fetch(`${base}/api/chat/session`, { method: 'POST', headers: json(null, lang), body: JSON.stringify({ lang }) });
          if (res.status !== 200) throw await failureOf(res);
          return ((await res.json()) as { id: string }).id;
        });
        if (!session) continue;
        for (const text of [script.name, script.need, script.answer]) {
          if (!running()) break;
          const ok = await timed('chat turn', async () => {
            const res = await fetch(`${base}/api/chat`, {
              method: 'POST',
              headers: json(null, lang),
              body: JSON.stringify({ sessionId: session, lang, message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] } }),
            });
            if (res.status !== 200) throw await failureOf(res);
            const body = await res.text();
            // The stream answers 200 before the model runs: an error inside it is an error of the turn.
            for (const block of body.split('\n\n')) {
              const data = block.startsWith('data: ') ? block.slice(6) : '';
              if (!data || data === '[DONE]') continue;
              const chunk = JSON.parse(data) as UIMessageChunk;
              if (chunk.type === 'error') throw new Failure('200 stream error', chunk.errorText.slice(0, 300));
            }
            if (!body.includes('"text-delta"')) throw new Failure('200 without text', body.slice(0, 300));
            return true;
          });
          if (!ok) break;
        }
      }
    },
    async feed() {
      while (running()) {
        const p = pick(job.providers);
        await timed('feed', async () => {
          const res = await fetch(`${base}/api/provider/matches`, { headers: json(p.cookie, 'de') });
          if (res.status !== 200) throw await failureOf(res);
          await res.arrayBuffer();
        });
      }
    },
    async unlock() {
      while (running()) {
        const pair = unlockQueue.shift();
        if (!pair) {
          kinds.unlock.starved++;
          await sleep(100);
          continue;
        }
        const ok = await timed('unlock', async () => {
          const res = await fetch(`${base}/api/provider/requests/${pair.requestId}/unlock`, {
            method: 'POST',
            headers: json(cookieOf.get(pair.providerId)!, 'de'),
            // The benchmark's data has no price list entries: every request costs the default price.
            body: JSON.stringify({ price: UNLOCK_PRICE_GOINTS }),
          });
          if (res.status !== 200) throw await failureOf(res);
          const body = (await res.json()) as { repeated: boolean };
          if (body.repeated) notes.unlocksRepeated++;
          return true;
        });
        if (ok) offerQueue.push(pair);
      }
    },
    async offer() {
      while (running()) {
        const pair = offerQueue.shift();
        if (!pair) {
          kinds.offer.starved++;
          await sleep(100);
          continue;
        }
        await timed('offer', async () => {
          const res = await fetch(`${base}/api/provider/offers`, {
            method: 'POST',
            headers: json(cookieOf.get(pair.providerId)!, 'de'),
            body: JSON.stringify({
              requestId: pair.requestId,
              price: 120 + Math.floor(Math.random() * 400),
              beschreibung: 'Angebot aus dem Lasttest: Anfahrt, Arbeit und Material inklusive.',
              verfuegbarkeit: 'Morgen ab 8 Uhr',
            }),
          });
          if (res.status !== 201) throw await failureOf(res);
          await res.arrayBuffer();
        });
      }
    },
    async purchase() {
      while (running()) {
        const p = pick(job.providers);
        await timed('purchase', async () => {
          const checkout = await fetch(`${base}/api/shop/checkout`, {
            method: 'POST',
            headers: json(p.cookie, 'de'),
            body: JSON.stringify({ packageId: 'small' }),
          });
          if (checkout.status !== 200) throw await failureOf(checkout);
          const { purchaseId } = (await checkout.json()) as { purchaseId: string };
          const pay = await fetch(`${base}/api/shop/test-checkout/${purchaseId}/pay`, { method: 'POST', headers: json(p.cookie, 'de'), body: '{}' });
          if (pay.status !== 200) throw await failureOf(pay);
          if (!((await pay.json()) as { credited: boolean }).credited) notes.purchasesNotCredited++;
        });
      }
    },
  };

  await Promise.all((Object.keys(loops) as (keyof MixedJob['clients'])[]).flatMap((k) => Array.from({ length: job.clients[k] }, () => loops[k]())));
  notes.unlockPairsLeft = unlockQueue.length;
  notes.offerPairsLeft = offerQueue.length;
  return { durationS: (performance.now() - started) / 1000, kinds, notes };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    const job = JSON.parse(await readStdin()) as MixedJob;
    process.stdout.write(JSON.stringify(await run(job)));
  } catch (e) {
    console.error('mixed-load: failed:', e instanceof Error ? (e.stack ?? e.message) : e);
    process.exitCode = 1;
  }
}
