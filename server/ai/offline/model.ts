// The offline rules model: an AI SDK language model (LanguageModelV4) without a network. It reads the
// newest user message, the results of the tools it called in this turn and the tools it is given for this
// step, and answers with the same tool calls and templated replies in German or English that a real model
// would produce. It can only call tools it was given, so it never decides what a person may do.
// See docs/decisions/004-offline-model.md.
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
import { offlineIntent } from './intents.ts';
import { fallbackReply, replyForToolResult, toolErrorReply } from './replies.ts';

/** Hints the chat turn passes as providerOptions.akut; real providers ignore them. */
export interface OfflineHints {
  lang?: string;
  machine?: string;
  state?: string;
  /** The caller's role: the help after an unknown request lists what this role can do. */
  role?: string;
}

type Decision = { kind: 'tool'; toolName: string; input: Record<string, unknown> } | { kind: 'text'; text: string };

function hintsOf(options: LanguageModelV4CallOptions): OfflineHints {
  const raw = options.providerOptions?.akut;
  if (!raw || typeof raw !== 'object') return {};
  const h = raw as Record<string, unknown>;
  return {
    lang: typeof h.lang === 'string' ? h.lang : undefined,
    machine: typeof h.machine === 'string' ? h.machine : undefined,
    state: typeof h.state === 'string' ? h.state : undefined,
    role: typeof h.role === 'string' ? h.role : undefined,
  };
}

function textOf(message: LanguageModelV4Message | undefined): string {
  if (!message || message.role !== 'user') return '';
  return message.content
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

/** Decides the next step from the prompt: reply to this turn's tool results, or pick one allowed tool, or fall back. */
export function decide(options: LanguageModelV4CallOptions): Decision {
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
    return { kind: 'text', text: replies.join('\n\n') || (t('chat:offline.done') as string) };
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
  let best: { toolName: string; input: Record<string, unknown>; priority: number } | null = null;
  if (text && options.toolChoice?.type !== 'none') {
    for (const toolName of allowed) {
      const intent = offlineIntent(toolName);
      if (!intent) continue;
      const input = intent.detect({ text, lang, machine: hints.machine, state: hints.state });
      if (input && (!best || intent.priority > best.priority)) best = { toolName, input, priority: intent.priority };
    }
  }
  if (best) return { kind: 'tool', toolName: best.toolName, input: best.input };
  return { kind: 'text', text: fallbackReply(t, hints.machine, hints.state, hints.role) };
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

export function createOfflineModel(opts: { modelId?: string } = {}): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'akut-offline',
    modelId: opts.modelId ?? 'rules-1',
    supportedUrls: {},

    async doGenerate(options) {
      const d = decide(options);
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
      const d = decide(options);
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', modelId: opts.modelId ?? 'rules-1', timestamp: new Date() },
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
