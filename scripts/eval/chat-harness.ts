// The multi-turn evaluation's harness: a test app on a fresh embedded database, a marketplace built with the
// same domain commands the app uses, and a simulated person who talks to the chat over HTTP exactly as the
// browser does — typing, answering the assistant's questions from the facts of the task, clicking confirm
// buttons and choice buttons. Used by scripts/eval/chat-tasks.ts (npm run eval:chat -- --tasks).
import { startTestApp, type TestApp, type TestClient } from '../../tests/helpers/test-app.ts';
import { clientAs, signedInClient } from '../../tests/helpers/auth.ts';
import { createSession, sendChat, type ChatTurn } from '../../tests/helpers/chat.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly } from '../../tests/factories/marketplace.ts';
import { createUser } from '../../tests/factories/users.ts';
import { unlockRequest } from '../../server/domain/unlocks/unlock-request.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { closeRequest } from '../../server/domain/requests/end-request.ts';
import type { CategoryId } from '../../server/ai/nlu/categories.ts';
import { translator } from '../../server/i18n.ts';

export type Lang = 'de' | 'en';

/** What the simulated person answers when the intake asks a field. */
export interface Facts {
  name?: string;
  category?: string;
  description?: string;
  location?: string;
  budget?: string;
  urgency?: string;
  date?: string;
}

export type Step =
  /** Types this message. */
  | string
  /** Answers the intake's questions from the facts until nothing is asked any more (at most six turns). */
  | { answer: Facts }
  /** Clicks 'Bestätigen' on the newest confirm card. */
  | { click: 'confirm' }
  /** Clicks the choice button whose label matches. */
  | { choose: RegExp }
  /** Sends the rating or offer form the last turn showed, filled as the person's words prefilled it. */
  | { form: 'review' | 'offer' };

export interface Conversation {
  app: TestApp;
  client: TestClient;
  sessionId: string;
  lang: Lang;
  turns: ChatTurn[];
  /** Every tool part of every turn, in order (with confirmations that were clicked). */
  log: string[];
}

const ASKED = /^asking\.(\w+)$/;

function lastOutput(turn: ChatTurn | undefined) {
  const tools = turn?.tools ?? [];
  return tools[tools.length - 1]?.output;
}

/** The words the simulated person uses for an asked field. */
function answerFor(field: string, facts: Facts, lang: Lang): string {
  const f = facts as Record<string, string | undefined>;
  if (f[field]) return f[field]!;
  // Anything not in the facts is left open, as a person would.
  return lang === 'de' ? 'egal' : "doesn't matter";
}

export async function say(c: Conversation, text: string): Promise<ChatTurn> {
  const turn = await sendChat(c.client, c.sessionId, text, { lang: c.lang });
  if (turn.status !== 200) throw new Error(`chat turn answered ${turn.status}: ${turn.res.text}`);
  c.turns.push(turn);
  c.log.push(`> ${text}`, ...turn.tools.map((t) => `  ${t.toolName}${t.output?.reason ? `(${t.output.reason})` : ''}`), `  « ${turn.text.slice(0, 160)}`);
  return turn;
}

export async function run(c: Conversation, steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    if (typeof step === 'string') {
      await say(c, step);
    } else if ('answer' in step) {
      for (let i = 0; i < 6; i++) {
        const out = lastOutput(c.turns.at(-1));
        const state = typeof out?.state === 'string' ? out.state : '';
        const field = ASKED.exec(state)?.[1] ?? (state === 'greeting' ? 'name' : null);
        if (!field) break;
        await say(c, answerFor(field, step.answer, c.lang));
      }
    } else if ('click' in step) {
      const turn = c.turns.at(-1);
      const pending = [...(turn?.tools ?? [])].reverse().find((t) => t.output?.confirmation?.status === 'pending');
      if (!pending) throw new Error('no confirm card to click');
      const res = await c.client.post<{ status: string }>('/api/chat/confirm', {
        sessionId: c.sessionId,
        confirmationId: pending.output!.confirmation!.id,
        decision: 'confirm',
      });
      c.log.push(`  [click confirm ${pending.toolName}: ${res.status} ${res.body.status}]`);
      if (res.status !== 200) throw new Error(`confirm answered ${res.status}`);
    } else if ('form' in step) {
      await say(c, step.form === 'review' ? reviewFormOf(c) : offerFormOf(c));
    } else {
      const turn = c.turns.at(-1);
      const choices = (turn?.tools ?? []).flatMap((t) => ((t.output as { choices?: { label: string }[] } | undefined)?.choices ?? []).map((x) => x.label));
      const label = choices.find((l) => step.choose.test(l));
      if (!label) throw new Error(`no choice ${step.choose} among ${JSON.stringify(choices)}`);
      await say(c, label);
    }
  }
}

/** Opens a conversation for a client (a new session, as the chat panel does). */
export async function converse(app: TestApp, client: TestClient, lang: Lang): Promise<Conversation> {
  client.lang = lang;
  const sessionId = await createSession(client, lang);
  return { app, client, sessionId, lang, turns: [], log: [] };
}

/** The review form as the chat's form sends it, filled from the rating card the last turn showed. */
export function reviewFormOf(c: Conversation): string {
  const part = c.turns.at(-1)?.tools.find((t) => t.toolName === 'rateDeal');
  const data = part?.output?.data as { toRate?: { ref: string }[]; prefill?: { stars: number | null; text: string } } | undefined;
  const deal = data?.toRate?.[0];
  if (!deal) throw new Error('no rating form');
  const t = translator(c.lang);
  return t('chatmarket:reviewForm.output', {
    ref: deal.ref,
    stars: data?.prefill?.stars ?? 5,
    text: data?.prefill?.text || (c.lang === 'de' ? 'Schnell und sauber gearbeitet.' : 'Quick and tidy work.'),
    showName: t('chatmarket:yes'),
    contact: t('chatmarket:no'),
  }) as string;
}

/** The offer form as the chat's form sends it, filled from what the provider typed (the form's prefill). */
export function offerFormOf(c: Conversation): string {
  const part = c.turns.at(-1)?.tools.find((t) => t.toolName === 'startOffer');
  const data = part?.output?.data as { ref?: string; prefill?: { price?: string; verfuegbarkeit?: string; beschreibung?: string } } | undefined;
  if (!data?.ref) throw new Error(`no offer form: ${JSON.stringify(part?.output)}`);
  const t = translator(c.lang);
  return t('chatmarket:offerForm.output', {
    ref: data.ref,
    price: data.prefill?.price ?? '',
    availability: data.prefill?.verfuegbarkeit ?? '',
    description: data.prefill?.beschreibung ?? '',
  }) as string;
}

// ---------------------------------------------------------------------------------------------------
// The marketplace a task starts from.

export interface Market {
  seeker: { id: string; email: string; password: string; name: string };
  seekerClient: TestClient;
  requestId: string;
  providers: { id: string; email: string; password: string; name: string; company: string }[];
  providerClients: TestClient[];
  offers: string[];
}

/**
 * A seeker with a request (a dripping tap in Köln) and two providers who unlocked it and sent offers
 * ('Müller Sanitär' 350 €, 'Bad & Heizung Kaya' 180 €), both holding paid Goints. `deal`: the first offer
 * accepted ('accepted'), or confirmed by both ('completed', which earns the seeker half the unlock fees).
 */
export async function market(
  app: TestApp,
  opts: { deal?: 'accepted' | 'completed'; offers?: boolean; category?: CategoryId; unlockers?: number } = {},
): Promise<Market> {
  const deps = app.deps;
  // Each task starts from a market of its own: the open requests earlier tasks left in Köln are closed by
  // their seekers first (refunds and all), or 'the job in Köln' would rightly ask which of them is meant.
  for (const r of await deps.db.prisma.request.findMany({ where: { status: 'open' }, select: { id: true, userId: true } })) {
    const closed = r.userId ? await closeRequest(deps, r.userId, r.id).catch(() => null) : null;
    // One the seeker cannot close (a deal runs on it) is set aside directly: this database is the evaluation's own.
    if (!closed) await deps.db.prisma.request.update({ where: { id: r.id }, data: { status: 'closed' } });
  }
  const seekerUser = await createSeeker(deps.db.prisma, { name: 'Lena Vogt' });
  const request = await createReleasedRequest(deps, seekerUser.id, {
    kategorie: opts.category ?? 'handwerk',
    beschreibung: 'Der Wasserhahn in der Küche tropft seit gestern und muss dringend repariert werden.',
    postcode: '50667',
  });
  const companies = ['Müller Sanitär', 'Bad & Heizung Kaya'];
  const providers: Market['providers'] = [];
  const providerClients: TestClient[] = [];
  const offers: string[] = [];
  for (const [i, company] of companies.entries()) {
    const p = await createProvider(deps, {
      firmenname: company,
      categories: [opts.category ?? 'handwerk'],
      postcode: '50667',
      user: { name: `Anbieter ${i + 1}` },
    });
    await givePaidGointsOnly(deps.db.prisma, p.user.id, 500);
    providers.push({ ...p.user, company });
    providerClients.push(await clientAs(app, p.user));
    if (opts.offers !== false) {
      await unlockRequest(deps, { providerId: p.user.id, requestId: request.id, price: (await getUnlockQuote(deps.db.prisma, p.user.id, request.id)).price });
      const offer = await createOffer(deps, p.user.id, {
        requestId: request.id,
        price: i === 0 ? 350 : 180,
        verfuegbarkeit: i === 0 ? 'morgen ab 9 Uhr' : 'Freitag Nachmittag',
        beschreibung: i === 0 ? 'Neue Kartusche inklusive Montage und Anfahrt.' : 'Reparatur des Wasserhahns mit Dichtungswechsel.',
      });
      offers.push(offer.id);
    }
  }
  // More providers who only unlocked: their fees make a completed deal pay the seeker enough for a payout.
  for (let i = 0; i < (opts.unlockers ?? 0); i++) {
    const p = await createProvider(deps, { firmenname: `Schnellservice ${i + 1}`, categories: [opts.category ?? 'handwerk'], postcode: '50667' });
    await givePaidGointsOnly(deps.db.prisma, p.user.id, 500);
    await unlockRequest(deps, { providerId: p.user.id, requestId: request.id, price: (await getUnlockQuote(deps.db.prisma, p.user.id, request.id)).price });
  }
  if (opts.deal) {
    const { dealId } = await acceptOffer(deps, seekerUser.id, offers[0]!);
    if (opts.deal === 'completed') {
      await confirmDeal(deps, providers[0]!.id, dealId);
      await confirmDeal(deps, seekerUser.id, dealId);
    }
  }
  return { seeker: seekerUser, seekerClient: await clientAs(app, seekerUser), requestId: request.id, providers, providerClients, offers };
}

export async function partnerClient(app: TestApp, lang: Lang) {
  const { client, user } = await signedInClient(app, { role: 'seeker', name: 'Jana Berg' });
  client.lang = lang;
  return { client, user };
}

export async function adminClient(app: TestApp, lang: Lang) {
  const { client, user } = await signedInClient(app, { role: 'admin', name: 'Ada Admin' });
  client.lang = lang;
  return { client, user };
}

/** The model of the environment when one is configured (server/config.ts reads the same variables). */
export function modelEnvironment(): Record<string, string> {
  return Object.fromEntries(['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_MODEL'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

export async function startEvalApp(): Promise<TestApp> {
  return startTestApp();
}

export { createUser };
