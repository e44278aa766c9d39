// The chat's short references and refusals, shared by every tool: requests, offers, deals, payouts and
// favourites are named by the first six characters of their id ('#a1b2c3') as the cards show them and the
// buttons send them (the lookup, scoped to the caller, is server/domain/refs/resolve-ref.ts); a domain
// refusal (AppError) becomes the outcome the model phrases.
import { z } from 'zod';
import { isAppError } from '../../../core/errors.ts';
import { translator } from '../../i18n.ts';
import { matchesAny, normalize, type IntentInput } from '../../ai/offline/intents.ts';
import type { ToolOutcome } from '../../../core/chat/outcome.ts';
import type { ChatToolContext } from './registry.ts';

export const shortRef = (id: string) => id.slice(0, 6);
// '#a1b2c3', or a bare id with at least one digit (so words like 'facade' are never taken for one).
const REF = /#([0-9a-f]{6})|\b(?=[0-9a-f-]*\d)([0-9a-f]{6})[0-9a-f-]{0,30}\b/i;
export const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3') or the full id");

export function refOf(text: string): string | null {
  const m = REF.exec(text);
  return (m?.[1] ?? m?.[2])?.toLowerCase() ?? null;
}

/** The offline detector of a command about one card: the card's reference and one of the command's words give `{ [key]: ref }`. */
export const refCommand =
  (key: string, words: readonly RegExp[]) =>
  ({ text }: IntentInput): Record<string, string> | null => {
    const ref = refOf(text);
    return ref && matchesAny(normalize(text), words) ? { [key]: ref } : null;
  };

export function refuse(ctx: ChatToolContext, reason: string, data: Record<string, unknown> = {}): ToolOutcome {
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
