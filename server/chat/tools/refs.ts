// The chat's short references and refusals, shared by every tool: requests, offers, deals, payouts and
// favourites are named by the first six characters of their id ('#a1b2c3') as the cards show them and the
// buttons send them (the lookup, scoped to the caller, is server/domain/refs/resolve-ref.ts); a domain
// refusal (AppError) becomes the outcome the model phrases. When a person names no reference, the thing
// they mean is picked from their own candidates by what they said (a company, an amount, 'the cheapest');
// when several still fit, they are offered as buttons (CHOOSE_ONE).
import { z } from 'zod';
import { isAppError } from '../../../core/errors.ts';
import { translator } from '../../i18n.ts';
import { emailOf, euroAmountOf, refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import type { Choice, ToolOutcome } from '../../../core/chat/outcome.ts';
import type { ChatToolContext } from './registry.ts';

export { refOf };

export const shortRef = (id: string) => id.slice(0, 6);

/**
 * The slots of a tool that takes one thing by reference: the reference under `key` when the message names one
 * ('#a1b2c3'), otherwise the message (its first 300 characters) as the hint the tool narrows its candidates by.
 */
export const refOrHint =
  <K extends string>(key: K) =>
  ({ text }: { text: string }): Partial<Record<K | 'hint', string>> => {
    const ref = refOf(text);
    return (ref ? { [key]: ref } : { hint: text.slice(0, 300) }) as Partial<Record<K | 'hint', string>>;
  };
export const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3') or the full id");

export function refuse(ctx: Pick<ChatToolContext, 'machine'>, reason: string, data: Record<string, unknown> = {}): ToolOutcome {
  return { accepted: false, reason, state: ctx.machine.state, data };
}

/** A domain refusal (AppError) as the outcome the model phrases; anything else is a real failure. */
export async function attempt(ctx: ChatToolContext, fn: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await fn();
  } catch (e) {
    if (isAppError(e)) return refuse(ctx, e.code, { ...e.params, message: translator(ctx.lang)(`errors:${e.code}`, e.params ?? {}) as string });
    throw e;
  }
}

/** null when the checks pass, otherwise the refusal (before any confirmation is asked for). */
export async function refusalOf(ctx: ChatToolContext, checks: () => Promise<void>): Promise<ToolOutcome | null> {
  try {
    await checks();
    return null;
  } catch (e) {
    if (isAppError(e)) return refuse(ctx, e.code, { ...e.params, message: translator(ctx.lang)(`errors:${e.code}`, e.params ?? {}) as string });
    throw e;
  }
}

/** How a candidate can be named in words: names (company, person, category, place) and an amount. */
export interface Nameable {
  names: readonly (string | null | undefined)[];
  amountCents?: number | null;
  /** Newer first: 'the newest' / 'the latest' picks the first. */
  order?: number;
}

const STOP = new Set(
  'der die das den dem des ein eine einer einem von vom fur mit und oder the a an of for from and or gmbh ug kg ohg ltd inc co e.k. ek'.split(' '),
);
const tokens = (s: string) =>
  foldText(s, 'de')
    .match(/\p{L}[\p{L}\d-]*|\d+/gu)
    ?.filter((w) => w.length >= 3 && !STOP.has(w)) ?? [];

/**
 * The candidates a message points to without a reference: by a name it contains (all the name's words, or
 * one rare word of it), an amount it names, or 'the cheapest' / 'the newest'. Several when it says nothing
 * that tells them apart; all when it says nothing at all.
 */
export function narrowByWords<T>(items: readonly T[], text: string, nameable: (item: T) => Nameable): T[] {
  if (items.length <= 1) return [...items];
  const words = new Set(tokens(text));
  const f = foldText(text, 'de');
  const described = items.map((item) => ({ item, n: nameable(item) }));
  const byName = described.filter(({ n }) =>
    n.names.some((name) => {
      const t = name ? tokens(name) : [];
      // All its words, or one word of four letters or more ('Kaya' names 'Bad & Heizung Kaya').
      return t.length > 0 && (t.every((w) => words.has(w)) || t.some((w) => w.length >= 4 && words.has(w)));
    }),
  );
  if (byName.length) return byName.map((d) => d.item);
  const euros = euroAmountOf(text);
  if (euros !== null) {
    const byAmount = described.filter(({ n }) => n.amountCents != null && Math.abs(n.amountCents - Math.round(euros * 100)) < 100);
    if (byAmount.length) return byAmount.map((d) => d.item);
  }
  const priced = described.filter(({ n }) => n.amountCents != null);
  if (/\b(gunstig\w*|billig\w*|preiswert\w*|cheap\w*|lowest|least expensive)\b/.test(f) && priced.length) {
    const min = Math.min(...priced.map(({ n }) => n.amountCents!));
    return priced.filter(({ n }) => n.amountCents === min).map((d) => d.item);
  }
  if (/\b(teuerst\w*|most expensive|highest)\b/.test(f) && priced.length) {
    const max = Math.max(...priced.map(({ n }) => n.amountCents!));
    return priced.filter(({ n }) => n.amountCents === max).map((d) => d.item);
  }
  if (/\b(neuest\w*|letzt\w*|jungst\w*|latest|newest|most recent|last)\b/.test(f)) {
    const ordered = described.filter(({ n }) => n.order !== undefined).sort((a, b) => a.n.order! - b.n.order!);
    if (ordered.length) return [ordered[0]!.item];
  }
  if (/\b(erst\w*|first)\b/.test(f)) return [items[0]!];
  return [...items];
}

/** The refusal that offers the candidates as buttons: each completes the action for one of them. */
export function chooseOne(ctx: Pick<ChatToolContext, 'machine'>, choices: Choice[], data: Record<string, unknown> = {}): ToolOutcome {
  return { ...refuse(ctx, 'CHOOSE_ONE', { ...data, count: choices.length }), choices: choices.slice(0, 8) };
}

/** How a person (or a thing of one person: a payout, a document) can be named: their names and e-mail address. */
export interface PersonNameable {
  /** The person's name, their company: any of their words names them ('Lisa', 'Brandt', 'Kaya'). */
  names: readonly (string | null | undefined)[];
  email?: string | null;
}

const nameWords = (s: string) =>
  foldText(s, 'de')
    .match(/\p{L}[\p{L}\d-]*/gu)
    ?.filter((w) => w.length >= 2 && !STOP.has(w)) ?? [];

/** The words of a message as names may appear in it ('Lisas', "Lisa's" and 'Lisa' alike), minus `ignore`. */
export function messageNameWords(text: string, ignore: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  for (const w of nameWords(emailOf(text) ? text.replace(emailOf(text)!, ' ') : text)) {
    // 'Instagram-Text' names Instagram; 'Anna-Maria' names Anna-Maria.
    for (const part of [w, ...(w.includes('-') ? w.split('-') : [])]) {
      if (part.length < 2 || ignore.has(part)) continue;
      out.add(part);
      if (part.length > 3 && part.endsWith('s')) out.add(part.slice(0, -1));
    }
  }
  return out;
}

/**
 * The candidates a message names as people: by the e-mail address it contains (exactly), else by the words of
 * their names it contains (a first name alone is enough), those named by the most words first. null when it
 * names nobody this way (the caller then narrows by other words, or offers them all); [] when its e-mail
 * address is none of theirs. `ignore`: words of the command that may also be part of a name ('Admin').
 */
export function narrowByPerson<T>(items: readonly T[], text: string, nameable: (item: T) => PersonNameable, ignore?: ReadonlySet<string>): T[] | null {
  const email = emailOf(text)?.toLowerCase();
  if (email) return items.filter((item) => nameable(item).email?.toLowerCase() === email);
  const words = messageNameWords(text, ignore);
  const scored = items.map((item) => {
    const own = new Set(nameable(item).names.flatMap((n) => (n ? nameWords(n).flatMap((w) => [w, ...(w.includes('-') ? w.split('-') : [])]) : [])));
    return { item, score: [...own].filter((w) => !ignore?.has(w) && words.has(w)).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best > 0 ? scored.filter((s) => s.score === best).map((s) => s.item) : null;
}
