// Templated replies of the offline rules model, from the chat namespace of the locale files
// (chat:offline.*), so every word a person reads exists in German and English.
import type { TFunction } from 'i18next';
import { isToolOutcome } from '../../../core/chat/outcome.ts';

const MISSING = '\u0000missing';

function maybe(t: TFunction, key: string, params: Record<string, unknown> = {}): string | null {
  const text = t(key, { ...params, defaultValue: MISSING }) as string;
  return text === MISSING ? null : text;
}

export function reasonReply(t: TFunction, reason: string | undefined, params: Record<string, unknown> = {}): string {
  return maybe(t, `chat:offline.reason.${reason ?? 'default'}`, params) ?? (t('chat:offline.reason.default', params) as string);
}

/** The reply to one tool result: refusal reason, then a tool-specific text, then the text of the state reached. */
export function replyForToolResult(t: TFunction, toolName: string, output: unknown, machine: string | undefined): string {
  if (!isToolOutcome(output)) return t('chat:offline.done') as string;
  const data: Record<string, unknown> = { ...(output.data ?? {}), ...replyParams(t, toolName, output.data ?? {}) };
  if (!output.accepted) return reasonReply(t, output.reason, data);
  // A text of the follow-up script the flow says at this point (already in the person's language).
  if (typeof data.say === 'string' && data.say) return data.say;
  return (
    maybe(t, `chat:offline.tool.${toolName}`, data) ??
    (output.state && machine ? maybe(t, `chat:offline.state.${machine}.${output.state}`, data) : null) ??
    (t('chat:offline.done') as string)
  );
}

/** Parameters a reply needs beyond the tool's data: the clarifying question's options as words, the variant to say. */
function replyParams(t: TFunction, toolName: string, data: Record<string, unknown>): Record<string, unknown> {
  if (toolName === 'clarify' && Array.isArray(data.options)) {
    const quoted = (data.options as string[]).map((o) => t('chat:offline.quoted', { text: o }) as string);
    return {
      options: quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} ${t('chat:offline.or') as string} ${quoted[quoted.length - 1]}` : (quoted[0] ?? ''),
    };
  }
  if (toolName === 'showHelp' && data.notUnderstood) return { context: 'notUnderstood' };
  if (toolName === 'cancelRequestDraft' && !data.hadDraft) return { context: 'empty' };
  if (toolName === 'submitFirstName' && data.renamed) return { context: 'renamed' };
  if (toolName === 'showNews' && !data.items) return { context: 'empty' };
  if (toolName === 'addPayoutMethod' && data.onboardingUrl) return { context: 'stripe' };
  return {};
}

/** What to say when no allowed tool matches the message: the state's hint, then what the role can do at any point. */
export function fallbackReply(t: TFunction, machine: string | undefined, state: string | undefined, role?: string): string {
  const hint = stateHint(t, machine, state, role) ?? (t('chat:offline.fallback.default') as string);
  const help = role ? maybe(t, `chat:offline.help.${role}`) : null;
  return help ? `${hint} ${help}` : hint;
}

/**
 * What the conversation waits for in this state: the role's own words where the state has them (an admin
 * resting in the welcome flow is asked what to get done, not what they are looking for), else the state's.
 */
function stateHint(t: TFunction, machine: string | undefined, state: string | undefined, role: string | undefined): string | null {
  if (!machine || !state) return null;
  return (role ? maybe(t, `chat:offline.fallback.${machine}.${state}_${role}`) : null) ?? maybe(t, `chat:offline.fallback.${machine}.${state}`);
}

export function toolErrorReply(t: TFunction): string {
  return reasonReply(t, 'INVALID_INPUT');
}

/** Where the conversation stands, for the words said without a tool. */
export interface SpokenContext {
  machine?: string;
  state?: string;
  role?: string;
  context?: Record<string, unknown>;
}

/**
 * The words for an intent answered without a tool (small talk, 'was war die Frage?', how akut works) or for
 * one that has nothing to act on now ('abbrechen' with nothing open): the intent's own words, then what the
 * conversation is waiting for, so the person is never left without the next step.
 */
export function spokenReply(t: TFunction, intent: string, where: SpokenContext): string {
  const key = intent.replace(/\./g, '_');
  const own = maybe(t, `chat:offline.spoken.${key}`, { name: typeof where.context?.firstName === 'string' ? where.context.firstName : '' });
  const waiting = stateHint(t, where.machine, where.state, where.role) ?? (t('chat:offline.spoken.next') as string);
  // The conversation opened with a greeting: a 'Hallo' is answered with the open question, not a second hello.
  if (intent === 'repeat' || intent === 'smallTalk.greet') return waiting;
  return own ? `${own} ${waiting}` : waiting;
}
