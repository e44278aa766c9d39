// The offline model: an AI SDK language model (LanguageModelV4) without a network. It reads the newest user
// message, the results of the tools it called in this turn and the tools it is given for this step, and
// answers with the same tool calls and templated replies in German or English that a real model would
// produce. What a message means is decided by the dialogue policy (policy.ts) over the intent classifier
// trained from the corpus (server/ai/understanding); the model can only call tools it was given, so it never
// decides what a person may do. See docs/decisions/004-offline-model.md and 069-understanding.md.
import crypto from 'node:crypto';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { normalizeLang, translator, type Lang } from '../../i18n.ts';
import { understanding as defaultUnderstanding, type Understanding } from '../understanding/models.ts';
import type { ToolCatalog } from './catalog.ts';
import { decideMessage, type PendingClarify, type PolicyDecision } from './policy.ts';
import { fallbackReply, replyForToolResult, spokenReply, toolErrorReply } from './replies.ts';

/** Hints the chat turn passes as providerOptions.akut; real providers ignore them. */
export interface OfflineHints {
  lang?: string;
  machine?: string;
  state?: string;
  /** The caller's role: the help after an unknown request lists what this role can do. */
  role?: string;
  /** Facts of the machine's context (the request draft, the first name). */
  context?: Record<string, unknown>;
  /** The person is an active partner (MessageInput.partner). */
  partner?: boolean;
  /** What the reference in an admin's message names (MessageInput.refKinds). */
  refKinds?: string[];
}

export type Decision = { kind: 'tool'; toolName: string; input: Record<string, unknown> } | { kind: 'text'; text: string };

function hintsOf(options: LanguageModelV4CallOptions): OfflineHints {
  const raw = options.providerOptions?.akut;
  if (!raw || typeof raw !== 'object') return {};
  const h = raw as Record<string, unknown>;
  return {
    lang: typeof h.lang === 'string' ? h.lang : undefined,
    machine: typeof h.machine === 'string' ? h.machine : undefined,
    state: typeof h.state === 'string' ? h.state : undefined,
    role: typeof h.role === 'string' ? h.role : undefined,
    context: h.context && typeof h.context === 'object' ? (h.context as Record<string, unknown>) : undefined,
    partner: h.partner === true,
    refKinds: Array.isArray(h.refKinds) ? h.refKinds.filter((k): k is string => typeof k === 'string') : undefined,
  };
}

function textOf(message: LanguageModelV4Message | undefined): string {
  if (!message || message.role !== 'user') return '';
  return message.content
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

interface ChoiceLike {
  label: string;
  tool?: string;
  input?: Record<string, unknown>;
  intent?: string;
}

/**
 * The buttons the assistant offered in its last answer (a clarifying question's actions, or candidates to
 * pick from), with the message that was unclear: a click sends a button's label as the next message.
 */
export function pendingChoices(prompt: LanguageModelV4CallOptions['prompt']): { choices: ChoiceLike[]; text: string } | null {
  let i = prompt.length - 1;
  while (i >= 0 && prompt[i]!.role !== 'user') i--;
  const choices: ChoiceLike[] = [];
  let unclear = '';
  for (let j = i - 1; j >= 0; j--) {
    const m = prompt[j]!;
    if (m.role === 'user') break;
    if (m.role !== 'tool') continue;
    for (const part of m.content) {
      if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
      const value = part.output.value as { choices?: unknown; data?: { text?: unknown } } | null;
      if (!value || !Array.isArray(value.choices)) continue;
      for (const c of value.choices as ChoiceLike[]) if (c && typeof c.label === 'string') choices.push(c);
      if (typeof value.data?.text === 'string') unclear = value.data.text;
    }
  }
  return choices.length ? { choices, text: unclear } : null;
}

/**
 * The proposal the assistant's last answer is waiting on: a tool whose card asks for the person's click
 * (confirmation pending), with the input it was called with. null when the last answer proposed nothing.
 */
export function pendingProposal(prompt: LanguageModelV4CallOptions['prompt']): { toolName: string; input: Record<string, unknown> } | null {
  let i = prompt.length - 1;
  while (i >= 0 && prompt[i]!.role !== 'user') i--;
  const inputs = new Map<string, Record<string, unknown>>();
  let found: { toolName: string; callId: string } | null = null;
  for (let j = i - 1; j >= 0; j--) {
    const m = prompt[j]!;
    if (m.role === 'user') break;
    if (m.role === 'assistant') {
      for (const part of m.content) {
        if (typeof part === 'object' && part.type === 'tool-call' && part.input && typeof part.input === 'object')
          inputs.set(part.toolCallId, part.input as Record<string, unknown>);
      }
    }
    if (m.role === 'tool' && !found) {
      for (const part of m.content) {
        if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
        const value = part.output.value as { confirmation?: { status?: string } } | null;
        if (value?.confirmation?.status === 'pending') found = { toolName: part.toolName, callId: part.toolCallId };
      }
    }
  }
  return found ? { toolName: found.toolName, input: inputs.get(found.callId) ?? {} } : null;
}

// Words that correct what was just proposed ('nein, 30 km', 'doch lieber 20 €', 'no, make it 30 km').
const CORRECTION = /^\s*(nein|nee|nö|doch|lieber|eher|besser|stattdessen|no|nope|actually|rather|instead|make it|better)\b/i;

export interface OfflineModelOptions {
  modelId?: string;
  /** What the model knows of the tools (intents and entities); the chat's tool registry supplies it. */
  catalog?: () => ToolCatalog;
  /** The trained classifier (default: the corpus in server/chat/intents, trained once per process). */
  understanding?: () => Understanding;
  /** Told the policy's decision for each message (the evaluation reads what was meant and how sure it was). */
  onDecision?: (decision: PolicyDecision) => void;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[.!?…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Decides the next step from the prompt: reply to this turn's tool results, or pick one allowed tool, or answer in words. */
export function decide(options: LanguageModelV4CallOptions, opts: OfflineModelOptions = {}): Decision {
  const hints = hintsOf(options);
  const lang: Lang = normalizeLang(hints.lang ?? 'de');
  const t = translator(lang);
  const prompt = options.prompt;
  const last = prompt[prompt.length - 1];

  if (last?.role === 'tool') {
    // The tools of this turn have run: phrase their results, in call order.
    const replies: string[] = [];
    for (const part of last.content) {
      if (part.type !== 'tool-result') continue;
      const out = part.output;
      if (out.type === 'json') replies.push(replyForToolResult(t, part.toolName, out.value, hints.machine));
      else if (out.type === 'error-text' || out.type === 'error-json' || out.type === 'execution-denied') replies.push(toolErrorReply(t));
      else if (out.type === 'text') replies.push(out.value);
    }
    return { kind: 'text', text: replies.filter(Boolean).join('\n\n') || (t('chat:offline.done') as string) };
  }

  let lastUser: LanguageModelV4Message | undefined;
  for (let i = prompt.length - 1; i >= 0; i--) {
    if (prompt[i]!.role === 'user') {
      lastUser = prompt[i];
      break;
    }
  }
  const text = textOf(lastUser).trim();
  // Only the tools given for this step are candidates.
  const allowed = (options.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name);
  const say = (intent: string) => spokenReply(t, intent, { machine: hints.machine, state: hints.state, role: hints.role, context: hints.context });
  if (!text || options.toolChoice?.type === 'none') return { kind: 'text', text: fallbackReply(t, hints.machine, hints.state, hints.role) };

  const catalog = opts.catalog?.() ?? new Map();
  const model = (opts.understanding ?? defaultUnderstanding)().models[lang];
  const message = {
    text,
    lang,
    now: new Date(),
    machine: hints.machine,
    state: hints.state,
    context: hints.context,
    partner: hints.partner,
    refKinds: hints.refKinds,
  };

  // A button of the previous answer: the candidate it names, or the action of a clarifying question.
  const pending = pendingChoices(prompt);
  const clicked = pending?.choices.find((c) => norm(c.label) === norm(text));
  if (clicked?.tool && clicked.input && allowed.includes(clicked.tool)) return { kind: 'tool', toolName: clicked.tool, input: clicked.input };
  const clarify: PendingClarify | null =
    pending && pending.choices.some((c) => c.intent)
      ? { text: pending.text || text, options: pending.choices.filter((c) => c.intent).map((c) => ({ intent: c.intent!, label: c.label })) }
      : null;

  const d = decideMessage({ message, allowed, catalog, model, pending: clarify });
  opts.onDecision?.(d);
  // A correction of the card just proposed ('Ab jetzt 25 km Umkreis' → card → 'nein, 30 km'): the same action
  // again with the new details, the rest as proposed, unless the message clearly asks for another action.
  const proposal = pendingProposal(prompt);
  if (
    proposal &&
    allowed.includes(proposal.toolName) &&
    CORRECTION.test(text) &&
    !(d.kind === 'tool' && d.toolName !== proposal.toolName && d.why !== 'answer')
  ) {
    const u = catalog.get(proposal.toolName);
    const read = u?.slots?.(message, u.intents?.[0] ?? '') ?? null;
    const details = read
      ? Object.entries(read).filter(([k, v]) => v !== undefined && v !== null && v !== '' && !['hint', 'text', 'message', 'query'].includes(k))
      : [];
    // Only a new value said in words counts ('30 km', '20 €', a name): a yes/no flag every message fills
    // ('nein danke' reads as an opt-in either way) is no correction, and the same value again is none.
    const changed = details.filter(([k, v]) => typeof v !== 'boolean' && JSON.stringify(v) !== JSON.stringify(proposal.input[k]));
    if (changed.length) return { kind: 'tool', toolName: proposal.toolName, input: { ...proposal.input, ...Object.fromEntries(details) } };
  }
  switch (d.kind) {
    case 'tool':
      return { kind: 'tool', toolName: d.toolName, input: d.input };
    case 'spoken': {
      // 'Say that again': the assistant's last words, as they were.
      const before = d.intent === 'repeat' ? lastAssistantText(prompt) : '';
      return { kind: 'text', text: before || say(d.intent) };
    }
    case 'clarify':
      if (allowed.includes('clarify')) return { kind: 'tool', toolName: 'clarify', input: { options: d.options } };
      return { kind: 'text', text: say(d.options[0]!) };
    case 'unknown':
      if (d.why === 'not-now' && d.intent) return { kind: 'text', text: say(d.intent) };
      if (allowed.includes('showHelp')) return { kind: 'tool', toolName: 'showHelp', input: { notUnderstood: true } };
      return { kind: 'text', text: fallbackReply(t, hints.machine, hints.state, hints.role) };
  }
}

/** The text of the assistant's answer before the person's newest message ('' when there is none). */
function lastAssistantText(prompt: LanguageModelV4CallOptions['prompt']): string {
  let i = prompt.length - 1;
  while (i >= 0 && prompt[i]!.role !== 'user') i--;
  for (let j = i - 1; j >= 0; j--) {
    const m = prompt[j]!;
    if (m.role === 'user') return '';
    if (m.role !== 'assistant') continue;
    const text = m.content
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join('\n')
      .trim();
    if (text) return text;
  }
  return '';
}

function usageFor(options: LanguageModelV4CallOptions, outputText: string): LanguageModelV4Usage {
  const words = (s: string) => (s.match(/\S+/g) ?? []).length;
  const input = options.prompt.reduce((n, m) => n + words(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)), 0);
  const output = words(outputText);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

const STOP: LanguageModelV4FinishReason = { unified: 'stop', raw: 'stop' };
const TOOL_CALLS: LanguageModelV4FinishReason = { unified: 'tool-calls', raw: 'tool_calls' };

/** Splits a reply into word-sized deltas so the client streams it like a real model's. */
function chunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function createOfflineModel(opts: OfflineModelOptions = {}): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'akut-offline',
    modelId: opts.modelId ?? 'rules-2',
    supportedUrls: {},

    async doGenerate(options) {
      const d = decide(options, opts);
      const content: LanguageModelV4Content[] =
        d.kind === 'tool'
          ? [{ type: 'tool-call', toolCallId: `call_${crypto.randomUUID()}`, toolName: d.toolName, input: JSON.stringify(d.input) }]
          : [{ type: 'text', text: d.text }];
      return {
        content,
        finishReason: d.kind === 'tool' ? TOOL_CALLS : STOP,
        usage: usageFor(options, d.kind === 'text' ? d.text : ''),
        warnings: [],
      };
    },

    async doStream(options) {
      const d = decide(options, opts);
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', modelId: opts.modelId ?? 'rules-2', timestamp: new Date() },
      ];
      if (d.kind === 'tool') {
        parts.push({ type: 'tool-call', toolCallId: `call_${crypto.randomUUID()}`, toolName: d.toolName, input: JSON.stringify(d.input) });
        parts.push({ type: 'finish', finishReason: TOOL_CALLS, usage: usageFor(options, '') });
      } else {
        const id = `txt_${crypto.randomUUID()}`;
        parts.push({ type: 'text-start', id });
        for (const delta of chunks(d.text)) parts.push({ type: 'text-delta', id, delta });
        parts.push({ type: 'text-end', id });
        parts.push({ type: 'finish', finishReason: STOP, usage: usageFor(options, d.text) });
      }
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const p of parts) controller.enqueue(p);
          controller.close();
        },
      });
      return { stream };
    },
  };
}
