// What the offline model does with one message of a person in a role and machine state: the same tools,
// catalog and hints a chat turn gives it (server/chat/turn.ts), without a database.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { decide } from '../../server/ai/offline/model.ts';
import { chatTools } from '../../server/chat/tools/index.ts';
import type { AuthContext, Role } from '../../server/auth/guards.ts';
import type { PolicyDecision } from '../../server/ai/offline/policy.ts';
import type { Understanding } from '../../server/ai/understanding/models.ts';

export type DecideRole = Role | 'anonymous';

export function authAs(role: DecideRole): AuthContext {
  if (role === 'anonymous') return { user: null, sessionId: null };
  return {
    user: { id: `u-${role}`, email: `${role}@example.com`, name: 'Lena', role, locale: 'de', emailVerified: true, twoFactorEnabled: true },
    sessionId: 's1',
  };
}

export interface DecideOptions {
  lang?: 'de' | 'en';
  machine?: 'intake' | 'providerDesk' | 'welcome';
  state?: string;
  context?: Record<string, unknown>;
  /** The person brings others in as a partner (the chat turn's hint). */
  partner?: boolean;
  /** What the reference in an admin's message names (the chat turn looks it up). */
  refKinds?: string[];
  /** Earlier messages of the conversation, as the model sees them (for buttons of the last answer). */
  history?: LanguageModelV4CallOptions['prompt'];
  /** The classifier to decide with (default: the one trained on the whole corpus). */
  understanding?: () => Understanding;
  /** Told the policy's decision (what was meant, the ranking) for the message. */
  onDecision?: (decision: PolicyDecision) => void;
}

/** The machine a role's conversation runs and the state it rests in. */
export function restingOf(role: DecideRole): { machine: 'intake' | 'providerDesk' | 'welcome'; state: string } {
  if (role === 'provider') return { machine: 'providerDesk', state: 'ready' };
  if (role === 'admin') return { machine: 'welcome', state: 'greeting' };
  return { machine: 'intake', state: role === 'seeker' ? 'choosingCategory' : 'greeting' };
}

/** The offline model's decision for this message: a tool call with its input, or words. */
export function decideFor(role: DecideRole, text: string, opts: DecideOptions = {}) {
  const rest = restingOf(role);
  const machine = opts.machine ?? rest.machine;
  const state = opts.state ?? rest.state;
  const tools = chatTools.forState(authAs(role), machine, state).map((d) => ({ type: 'function' as const, name: d.name, inputSchema: {} }));
  const d = decide(
    {
      prompt: [...(opts.history ?? []), { role: 'user', content: [{ type: 'text', text }] }],
      tools,
      providerOptions: {
        akut: {
          lang: opts.lang ?? 'de',
          machine,
          state,
          role,
          context: opts.context ?? null,
          partner: opts.partner ?? false,
          ...(opts.refKinds ? { refKinds: opts.refKinds } : {}),
        },
      },
    } as unknown as LanguageModelV4CallOptions,
    { catalog: () => chatTools.catalog(), understanding: opts.understanding, onDecision: opts.onDecision },
  );
  return d.kind === 'tool' ? { tool: d.toolName, input: d.input } : { tool: null, text: d.text };
}

/** The tools every state of every flow offers (the conversation's own and the signed-in person's account tools). */
export const CONVERSATION_TOOL_NAMES: readonly string[] = ['clarify', 'showHelp', 'startNewConversation', 'showContactForm', 'showNews'];
