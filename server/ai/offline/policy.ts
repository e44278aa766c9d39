// The offline model's dialogue policy: from the person's message to one step, in this order.
//   1. A message a tool takes exactly (a form's 'Label: value;' string, a button's label).
//   2. The label of a button of the clarifying question just asked: that action, read from the message
//      that was unclear.
//   3. The intent classifier over the intents this person may act on now, and the answer to the question the
//      state asks (a first name, a postcode): an explicit answer is taken; a plain one only when no other
//      intent is clearly meant.
//   4. A clear intent runs its tool (or is answered in words); two close ones are asked back as buttons;
//      nothing that fits gets the help of this role, grouped, with examples.
// Only tools given for this step are ever called, so the policy cannot widen what a person may do.
import { translator, type Lang } from '../../i18n.ts';
import type { IntentModel, IntentScore } from '../understanding/classifier.ts';
import { SPOKEN_INTENTS, type AnswerStrength, type MessageInput, type ToolCatalog } from './catalog.ts';

/** Intents every conversation knows, whether or not a tool of the state serves them. */
export const CONVERSATION_INTENTS = [...SPOKEN_INTENTS, 'help', 'contactHuman', 'cancel', 'back', 'skip', 'affirm', 'deny', 'newConversation', 'need'] as const;

export interface PolicyThresholds {
  /** Below this raw output the best intent is not taken as meant at all. */
  minRaw: number;
  /** The best intent's share of the evidence it needs to be acted on without asking. */
  minShare: number;
  /** How far ahead of the second the best must be; closer and the person is asked. */
  minLead: number;
  /** A plain answer yields to another intent only when that one is at least this clear (raw and share). */
  overrideRaw: number;
  overrideShare: number;
  /**
   * A plain answer also yields when the classifier's own reading of it is this far behind the best one ('add
   * Reinigung Sauber & Co to my faves': a category word, but favourites 0.39 and a need 0.15).
   */
  answerLag: number;
}

export const DEFAULT_THRESHOLDS: PolicyThresholds = { minRaw: 0.2, minShare: 0.45, minLead: 0.2, overrideRaw: 0.4, overrideShare: 0.45, answerLag: 0.6 };

/** The buttons of the clarifying question asked in the previous turn, and the message that was unclear. */
export interface PendingClarify {
  text: string;
  options: { intent: string; label: string }[];
}

export type Decision =
  | { kind: 'tool'; toolName: string; input: Record<string, unknown>; intent?: string; why: DecisionWhy }
  | { kind: 'spoken'; intent: string; why: DecisionWhy }
  | { kind: 'clarify'; options: string[]; why: 'ambiguous' }
  | { kind: 'unknown'; why: 'nothing-fits' | 'not-now'; intent?: string };

export type DecisionWhy = 'exact' | 'clarified' | 'answer' | 'intent';

export interface PolicyInput {
  message: MessageInput;
  /** The tools given for this step, in the registry's order. */
  allowed: readonly string[];
  catalog: ToolCatalog;
  model: IntentModel;
  pending?: PendingClarify | null;
  /** Labels of intents in the person's language (for matching a clicked clarify button). */
  thresholds?: PolicyThresholds;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[.!?…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The allowed tool that serves an intent, with its input read from the message. */
function toolFor(intent: string, message: MessageInput, allowed: readonly string[], catalog: ToolCatalog) {
  for (const name of allowed) {
    const u = catalog.get(name);
    if (!u?.intents?.includes(intent)) continue;
    const input = u.slots ? u.slots(message, intent) : {};
    if (input) return { toolName: name, input };
  }
  return null;
}

/** The intents the classifier weighs for this step: those of the offered tools and the conversation's own. */
export function candidateIntents(allowed: readonly string[], catalog: ToolCatalog, known: readonly string[]): string[] {
  const out = new Set<string>(CONVERSATION_INTENTS);
  for (const name of allowed) for (const intent of catalog.get(name)?.intents ?? []) out.add(intent);
  return [...out].filter((i) => known.includes(i));
}

function act(intent: string, why: DecisionWhy, message: MessageInput, allowed: readonly string[], catalog: ToolCatalog): Decision {
  const tool = toolFor(intent, message, allowed, catalog);
  if (tool) return { kind: 'tool', ...tool, intent, why };
  if ((SPOKEN_INTENTS as readonly string[]).includes(intent)) return { kind: 'spoken', intent, why };
  return { kind: 'unknown', why: 'not-now', intent };
}

/** Whether the ranking names one intent clearly enough to act on it. */
export function isClear(ranked: readonly IntentScore[], t: PolicyThresholds): boolean {
  const [top, second] = ranked;
  if (!top || top.raw < t.minRaw) return false;
  return top.score >= t.minShare && top.score - (second?.score ?? 0) >= t.minLead;
}

/** A decision with the ranking it was made from (absent when a form string or a button decided). */
export type PolicyDecision = Decision & { ranked?: IntentScore[] };

export function decideMessage(input: PolicyInput): PolicyDecision {
  const { message, allowed, catalog, model } = input;
  const t = input.thresholds ?? DEFAULT_THRESHOLDS;

  // 1. Exactly what a tool takes.
  for (const name of allowed) {
    const exact = catalog.get(name)?.exact?.(message);
    if (exact) return { kind: 'tool', toolName: name, input: exact, why: 'exact' };
  }

  // 1b. The example the help shows for an action (clicked, or typed as shown): that action.
  const shown = exampleIntent(message.text, message.lang);
  if (shown && candidateIntents(allowed, catalog, [shown]).length && canAct(shown, allowed, catalog)) return act(shown, 'exact', message, allowed, catalog);

  // 2. A button of the clarifying question just asked.
  if (input.pending) {
    const chosen = input.pending.options.find((o) => norm(o.label) === norm(message.text));
    if (chosen) return act(chosen.intent, 'clarified', { ...message, text: input.pending.text }, allowed, catalog);
  }

  // 3. The classifier, and the answer to the question the state asks. An intent nobody can act on here
  // (a provider's 'need') is only taken when nothing that can be done here comes close.
  const candidates = candidateIntents(allowed, catalog, model.intents);
  let ranked = refKindReading(
    partnerReading(
      sameToolTogether(preferActionable(model.classify(message.text, candidates), allowed, catalog, t), message, allowed, catalog),
      message,
      allowed,
      catalog,
    ),
    message,
    allowed,
    catalog,
  );
  // 'Neue Sprachnachricht: Servus!', 'Antworte Anna: …': what comes after the colon is content to pass on, not
  // what the person asks for. When the words before it say clearly what to do with content, they decide; an
  // action that takes no content is not meant by them ('Meine Daten: Muster GmbH, Hauptstr. 1, … HRB 123' are
  // trader details, not a data export).
  const head = /^([^:]{3,80}):\s*\S/.exec(message.text)?.[1];
  if (head && head.trim().split(/\s+/).length >= 2) {
    const headRanked = sameToolTogether(preferActionable(model.classify(head, candidates), allowed, catalog, t), { ...message, text: head }, allowed, catalog);
    const headTop = headRanked[0];
    const headInput = headTop ? toolFor(headTop.intent, message, allowed, catalog)?.input : undefined;
    const takesContent = Object.keys(headInput ?? {}).length > 0;
    // The whole message still wins when it is clear and fills more of its action's details than the head's
    // reading does ('quote for the moving request: 2 guys + van, 450 euros, available 3rd dec' is an offer with
    // its price and date, whatever the five words before the colon sound like).
    const fullTop = ranked[0];
    const wholeFillsMore =
      fullTop !== undefined && isClear(ranked, t) && filledSlots(toolFor(fullTop.intent, message, allowed, catalog)?.input) > filledSlots(headInput);
    if (isClear(headRanked, t) && headTop!.intent !== fullTop?.intent && canAct(headTop!.intent, allowed, catalog) && takesContent && !wholeFillsMore)
      ranked = headRanked;
  }
  const top = ranked[0];
  let answer: { toolName: string; input: Record<string, unknown>; strength: AnswerStrength } | null = null;
  for (const name of allowed) {
    const a = catalog.get(name)?.answer?.(message);
    if (a) {
      answer = { toolName: name, ...a };
      break;
    }
  }
  const clear = isClear(ranked, t);
  const answered = (a: NonNullable<typeof answer>) => ({ kind: 'tool' as const, toolName: a.toolName, input: a.input, why: 'answer' as const, ranked });
  if (answer?.strength === 'explicit') return answered(answer);
  if (answer?.strength === 'plain') {
    // Another intent as strong as an override needs is meant even when a second one comes close ('any takers
    // on the bathroom tiling job yet?': the offers or the deals, not a new tiling request): the two are asked
    // back below rather than the message taken as the answer.
    const answerIntents = catalog.get(answer.toolName)?.intents ?? [];
    // Only an action on the person's own things outweighs it this way, never small talk or a yes or no.
    const accountAction = (intent: string) => !(CONVERSATION_INTENTS as readonly string[]).includes(intent) && canAct(intent, allowed, catalog);
    const own = Math.max(0, ...ranked.filter((r) => answerIntents.includes(r.intent)).map((r) => r.raw));
    const otherIsMeant =
      top !== undefined &&
      !answerIntents.includes(top.intent) &&
      ((top.raw >= t.overrideRaw && top.score >= t.overrideShare) || (accountAction(top.intent) && top.raw >= t.minRaw && own < top.raw * t.answerLag));
    if (!otherIsMeant) return answered(answer);
  }

  // 4. A word like 'back' with nothing to go back to, while the message fills the details of an action that
  // can be taken ('set Max back to seeker'): that action.
  if (top && ['back', 'skip', 'cancel', 'affirm', 'deny'].includes(top.intent) && !toolFor(top.intent, message, allowed, catalog)) {
    const filled = ranked.find((r) => r !== top && r.raw >= t.minRaw && filledSlots(toolFor(r.intent, message, allowed, catalog)?.input) >= 1);
    if (filled) return { ...act(filled.intent, 'intent', message, allowed, catalog), ranked };
  }

  // 5. A clear intent, two close ones, the open question asked again, or nothing.
  if (top && clear) return { ...act(top.intent, 'intent', message, allowed, catalog), ranked };
  const close = ranked
    .filter((r, i) => i < 3 && r.raw >= t.minRaw && r.score >= (top?.score ?? 0) / 3 && canAct(r.intent, allowed, catalog))
    .map((r) => r.intent);
  if (close.length >= 2) {
    // Two readings are close, but the message fills one's details and not the other's ('set Max back to
    // seeker': a person and a role, no setting): that one is meant.
    const filled = close.map((intent) => ({ intent, n: filledSlots(toolFor(intent, message, allowed, catalog)?.input) }));
    const best = [...filled].sort((a, b) => b.n - a.n);
    if (best[0]!.n >= 1 && best[0]!.n > best[1]!.n) return { ...act(best[0]!.intent, 'intent', message, allowed, catalog), ranked };
    // 'thanks, bye!': close readings that are all small talk are answered, never asked back (the answer to
    // either is a friendly word; a question which of them was meant would be absurd).
    if (close.every((i) => i.startsWith('smallTalk.'))) return { ...act(top!.intent, 'intent', message, allowed, catalog), ranked };
    return { kind: 'clarify', options: close, why: 'ambiguous', ranked };
  }
  if (!top || top.raw < t.minRaw) return answer?.strength === 'fallback' ? answered(answer) : { kind: 'unknown', why: 'nothing-fits', ranked };
  return { ...act(top.intent, 'intent', message, allowed, catalog), ranked };
}

/**
 * Two readings that come to the same action here are one reading: an admin's 'Welche Auszahlungen warten auf
 * meine Freigabe?' is the payouts to approve whether it sounds like the seeker's own payouts or the admin's
 * queue, since for an admin both are the one tool. The first keeps its place with the shares of the others.
 */
function sameToolTogether(ranked: IntentScore[], message: MessageInput, allowed: readonly string[], catalog: ToolCatalog): IntentScore[] {
  const byTool = new Map<string, IntentScore>();
  const out: IntentScore[] = [];
  for (const r of ranked) {
    const tool = toolFor(r.intent, message, allowed, catalog)?.toolName;
    const first = tool ? byTool.get(tool) : undefined;
    if (first) {
      first.raw += r.raw;
      first.score += r.score;
      continue;
    }
    const own = { ...r };
    if (tool) byTool.set(tool, own);
    out.push(own);
  }
  return out.sort((a, b) => b.score - a.score);
}

// A seeker's account reading and the partner's reading of the same plain words ('Wie viel hab ich verdient?',
// 'Zahl mir die 45 € aus'): the seeker's share of a deal, or the commission.
const PARTNER_READINGS: ReadonlyMap<string, string> = new Map([
  ['showBalance', 'showPartnerEarnings'],
  ['requestPayout', 'requestPartnerPayout'],
]);
// Words that name the seeker's own side: a deal, a request, an offer, Goints. 'request' only as a noun:
// 'Request a payout of everything I've got' asks for a payout, it names no request.
const SEEKER_SIDE =
  /\b(deals?|anfragen?|auftr[aä]ge?s?|angebote?s?|goints?|punkte|requests|offers?|jobs?|käufe|kaufen|aufladen|top.?up|buy)\b|\b(my|the|this|that|a|an|one|open|new|old|per) request\b|\b(mein(e[mnrs]?)?|my) (eigene[mnrs]?|own)\b/iu;

// Words that name the partner's side: a commission, the partner programme, the people brought in.
const PARTNER_SIDE = /\b(provision\w*|kommission\w*|commissions?|partner\w*|affiliate\w*|netzwerk\w*|network\w*|geworben\w*|referr\w*|empfehl\w*)/iu;

/**
 * For a person who brings others in as a partner, plain words about earnings or a payout mean the commission:
 * the partner's reading takes the seeker account's place, unless the message names the seeker's side (a deal,
 * a request, Goints). For a person who has brought nobody in, the same plain words mean their own account:
 * the seeker account's reading takes the partner's place, unless the message names the partner's side (a
 * commission, the network).
 */
function partnerReading(ranked: IntentScore[], message: MessageInput, allowed: readonly string[], catalog: ToolCatalog): IntentScore[] {
  const top = ranked[0];
  if (!top) return ranked;
  const pair = [...PARTNER_READINGS].find(([seeker, partner]) => top.intent === seeker || top.intent === partner);
  if (!pair) return ranked;
  const [seekerIntent, partnerIntent] = pair;
  const into = message.partner ? partnerIntent : seekerIntent;
  if ((message.partner ? SEEKER_SIDE : PARTNER_SIDE).test(message.text) || !toolFor(into, message, allowed, catalog)) return ranked;
  const seeker = ranked.find((r) => r.intent === seekerIntent);
  const partner = ranked.find((r) => r.intent === partnerIntent);
  const merged: IntentScore = {
    intent: into,
    raw: (seeker?.raw ?? 0) + (partner?.raw ?? 0),
    score: (seeker?.score ?? 0) + (partner?.score ?? 0),
  };
  return [merged, ...ranked.filter((r) => r !== seeker && r !== partner)];
}

// The admin's intents that act on one thing named by its reference, by the kind of thing.
const REF_KIND_INTENTS: Readonly<Record<string, readonly string[]>> = {
  payout: ['approvePayout', 'rejectPayout'],
  request: ['adminModerateRequest', 'adminCloseRequest'],
  commission: ['adminReleaseCommission', 'adminVoidCommission'],
  document: ['reviewTradeDocument'],
  report: ['adminDecideReport', 'adminDecideObjection'],
};
const kindOfIntent = (intent: string) => Object.keys(REF_KIND_INTENTS).find((k) => REF_KIND_INTENTS[k]!.includes(intent));

/**
 * 'approve #2b7d4e, looks legit': the words fit approving a payout as well as a request under review. When the
 * reference names things of other kinds only (the chat turn looked it up), the best reading that acts on one
 * of those takes the top reading's place, with its evidence. Readings that act on a thing of a kind the
 * reference does not name are dropped, so they cannot make the choice look close. A reference that names
 * nothing changes nothing (the tool says it found nothing).
 */
function refKindReading(ranked: IntentScore[], message: MessageInput, allowed: readonly string[], catalog: ToolCatalog): IntentScore[] {
  const top = ranked[0];
  const kinds = message.refKinds;
  if (!top || !kinds?.length) return ranked;
  const topKind = kindOfIntent(top.intent);
  if (!topKind) return ranked;
  // Readings that act on a thing of another kind than the reference names cannot be meant.
  const fits = (r: IntentScore) => {
    const kind = kindOfIntent(r.intent);
    return kind === undefined || kinds.includes(kind);
  };
  if (kinds.includes(topKind)) return ranked.filter(fits);
  const best = ranked.find((r) => {
    const kind = kindOfIntent(r.intent);
    return kind !== undefined && kinds.includes(kind) && toolFor(r.intent, message, allowed, catalog) !== null;
  });
  if (!best) return ranked;
  const merged: IntentScore = { intent: best.intent, raw: top.raw + best.raw, score: top.score + best.score };
  return [merged, ...ranked.filter((r) => r !== top && r !== best && fits(r))];
}

/** How many details a tool read from the message (its free-text fields, which every message fills, aside). */
function filledSlots(input: Record<string, unknown> | undefined): number {
  if (!input) return 0;
  return Object.entries(input).filter(
    ([k, v]) => v !== undefined && v !== null && v !== '' && !['hint', 'text', 'need', 'message', 'query', 'decision'].includes(k),
  ).length;
}

/**
 * The ranking with an intent that cannot be acted on in this step moved behind the best one that can, when
 * that one has real evidence too (a quarter of the top's share and the minimum output).
 */
function preferActionable(ranked: IntentScore[], allowed: readonly string[], catalog: ToolCatalog, t: PolicyThresholds): IntentScore[] {
  const top = ranked[0];
  if (!top || canAct(top.intent, allowed, catalog) || ['cancel', 'back', 'skip', 'affirm', 'deny'].includes(top.intent)) return ranked;
  const best = ranked.find((r) => canAct(r.intent, allowed, catalog));
  if (!best || best.raw < t.minRaw || best.score < top.score / 4) return ranked;
  return [best, ...ranked.filter((r) => r !== best)];
}

/** Whether an intent can be acted on in this step (a tool serves it, or it is answered in words). */
function canAct(intent: string, allowed: readonly string[], catalog: ToolCatalog): boolean {
  return (SPOKEN_INTENTS as readonly string[]).includes(intent) || allowed.some((n) => catalog.get(n)?.intents?.includes(intent));
}

const examples = new Map<Lang, Map<string, string>>();

/** The intent whose help example (chat:intents.<intent>.example) this message is, word for word. */
export function exampleIntent(text: string, lang: Lang): string | undefined {
  let byText = examples.get(lang);
  if (!byText) {
    byText = new Map();
    const intents = translator(lang)('chat:intents', { returnObjects: true }) as Record<string, { example?: string }>;
    for (const [intent, v] of Object.entries(intents)) if (v && typeof v.example === 'string' && v.example) byText.set(norm(v.example), intent);
    examples.set(lang, byText);
  }
  return byText.get(norm(text));
}

/** For reports: the language's model picked for a message. */
export type ModelsByLang = Record<Lang, IntentModel>;
