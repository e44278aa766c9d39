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
  const data = output.data ?? {};
  if (!output.accepted) return reasonReply(t, output.reason, data);
  // A text of the follow-up script the flow says at this point (already in the person's language).
  if (typeof data.say === 'string' && data.say) return data.say;
  return (
    maybe(t, `chat:offline.tool.${toolName}`, data) ??
    (output.state && machine ? maybe(t, `chat:offline.state.${machine}.${output.state}`, data) : null) ??
    (t('chat:offline.done') as string)
  );
}

/** What to say when no allowed tool matches the message: the state's hint, then what the role can do at any point. */
export function fallbackReply(t: TFunction, machine: string | undefined, state: string | undefined, role?: string): string {
  const hint = (machine && state ? maybe(t, `chat:offline.fallback.${machine}.${state}`) : null) ?? (t('chat:offline.fallback.default') as string);
  const help = role ? maybe(t, `chat:offline.help.${role}`) : null;
  return help ? `${hint} ${help}` : hint;
}

export function toolErrorReply(t: TFunction): string {
  return reasonReply(t, 'INVALID_INPUT');
}
