// One chat turn: POST /api/chat. Only the newest user message comes from the browser; the history comes
// from the database, so a client cannot rewrite it. See docs/domain/chat.md.
import crypto from 'node:crypto';
import type { Response } from 'express';
import { convertToModelMessages, isStepCount, pipeUIMessageStreamToResponse, streamText, toUIMessageStream, type LanguageModel, type UIMessage } from 'ai';
import { AppError } from '../../core/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { AuthContext } from '../auth/guards.ts';
import type { AppDeps } from '../deps.ts';
import { isActivePartner } from '../domain/affiliate/is-active-partner.ts';
import { adminRefKinds } from '../domain/refs/resolve-ref.ts';
import { refOf } from '../ai/understanding/entities.ts';
import { translator, type Lang } from '../i18n.ts';
import { createChatModel } from '../ai/model.ts';
import { systemPrompt, personaName, type PromptRole } from '../ai/prompts.ts';
import type { MachineRun } from '../machines/runtime.ts';
import type { JSONObject } from '@ai-sdk/provider';
import {
  CHAT_HISTORY_FOR_MODEL,
  CHAT_MAX_STEPS,
  CHAT_MESSAGE_MAX_LENGTH,
  createSessionLimiter,
  createSharedSessionLimiter,
  createTurnLock,
  type KeyedLock,
  type SessionLimiter,
} from './limits.ts';
import { appendMessage, loadHistory, openChatSession, restoreSessionMachine, saveMachine, sessionMachineLogic, type ChatSessionRow } from './session.ts';
import { buildTurnTools, chatTools, type ChatToolContext } from './tools/index.ts';
import { understanding } from '../ai/understanding/models.ts';
import { getChatSession, setChatSessionLocale } from '../domain/chat/chat-sessions.ts';
import { publishChatEvent } from './events.ts';
import { earlierTurn, replayReply, userMessageId } from './turn-retry.ts';

/** Per-app chat state: the model, the per-session limiter, the per-session lock (both shared by all instances on PostgreSQL). */
export interface ChatRuntime {
  model: LanguageModel;
  limiter: SessionLimiter;
  lock: KeyedLock;
}

const runtimes = new WeakMap<AppDeps, ChatRuntime>();

export function chatRuntime(deps: AppDeps): ChatRuntime {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = {
      model: createChatModel(deps.config.ai, { catalog: () => chatTools.catalog() }),
      limiter: deps.db.pools
        ? createSharedSessionLimiter(deps.db.pools.counters, { limit: deps.config.rateLimit.chat, windowMs: deps.config.rateLimit.windowMs })
        : createSessionLimiter({ limit: deps.config.rateLimit.chat, windowMs: deps.config.rateLimit.windowMs }),
      lock: createTurnLock(deps.db.pools?.locks),
    };
    runtimes.set(deps, rt);
  }
  return rt;
}

/** The text of the newest user message, checked for the length limits (nothing is stored when refused). */
export function userText(parts: readonly { type: string; text?: string }[]): string {
  const text = parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text!)
    .join('\n')
    .trim();
  if (!text) throw new AppError('CHAT_MESSAGE_EMPTY');
  if ([...text].length > CHAT_MESSAGE_MAX_LENGTH) throw new AppError('CHAT_MESSAGE_TOO_LONG', { params: { max: CHAT_MESSAGE_MAX_LENGTH } });
  return text;
}

export function promptRoleOf(auth: AuthContext): PromptRole {
  const role = auth.user?.role;
  return role === 'provider' || role === 'admin' ? role : 'seeker';
}

function promptFor(auth: AuthContext, lang: Lang, machine: MachineRun, partner: boolean) {
  const t = translator(lang);
  const name = personaName(lang);
  return systemPrompt(promptRoleOf(auth), lang, {
    greeting: t('chat:greeting', { name }) as string,
    userName: auth.user?.name || (t('chat:prompt.anonymousUser') as string),
    role: auth.user?.role ?? 'anonymous',
    today: new Date().toISOString().slice(0, 10),
    machine: machine.name,
    state: machine.state,
    partnerNote: partner ? (t('chat:prompt.partnerNote') as string) : '',
  });
}

export interface TurnInput {
  sessionId: string;
  text: string;
  lang: Lang;
  /** The browser's id of the message: a turn sent again under it is answered once (turn-retry.ts). */
  clientMessageId?: string;
}

/** Opens the session for the caller and counts the message against the session's limit. */
export async function openTurnSession(deps: AppDeps, auth: AuthContext, sessionId: string): Promise<ChatSessionRow> {
  const session = await openChatSession(deps, auth, sessionId);
  if (!(await chatRuntime(deps).limiter.hit(session.id))) throw new AppError('RATE_LIMITED');
  return session;
}

/**
 * The language to answer in: the message's when it is clearly German or English (someone who writes German
 * in an English page gets German), otherwise the page's.
 */
export function replyLanguage(text: string, pageLang: Lang): Lang {
  // Names of things say nothing about the language (an e-mail address, a reference, an amount, an IBAN), and a
  // word or two that fits both or neither ('Blablub quux?') keeps the page's language: only a clear switch counts.
  const words = text
    .replace(/\S+@\S+|https?:\/\/\S+|#[0-9a-f]{4,}\b|\b[A-Z]{2}\d{2}(?: ?[0-9A-Z]{4}){2,}(?: ?[0-9A-Z]{1,4})?\b|[\d.,]+ ?(?:€|eur|euro|%|km)?/giu, ' ')
    .trim();
  try {
    return understanding().language.detect(words, 1.2).lang ?? pageLang;
  } catch {
    return pageLang;
  }
}

/** What the offline model may know of the machine's context beside its state: the intake's draft and first name. */
function contextHint(machine: MachineRun): JSONObject | null {
  if (machine.name !== 'intake') return null;
  const c = machine.context as { draft?: JSONObject; firstName?: string };
  return { draft: c.draft ?? null, firstName: c.firstName ?? null };
}

/** Runs the turn and streams the assistant's reply as a UI message stream into res. */
export async function streamChatTurn(deps: AppDeps, auth: AuthContext, res: Response, input: TurnInput, log = deps.logger) {
  const rt = chatRuntime(deps);
  input = { ...input, lang: replyLanguage(input.text, input.lang) };
  const session = await openTurnSession(deps, auth, input.sessionId);
  const release = await rt.lock.acquire(session.id);
  try {
    const prisma = deps.db.prisma;
    const t = translator(input.lang);
    // Re-read under the lock: a turn that just finished may have moved the machine.
    const fresh = await getChatSession(prisma, session.id);
    // Not stopped at the end: a tool of a cancelled stream may still be using it; it holds no timers.
    const machine = restoreSessionMachine(fresh, log, await sessionMachineLogic(prisma, fresh, log));
    if (machine.changed) await saveMachine(prisma, session.id, machine);
    // The session remembers the language the person last wrote in (for later notifications).
    if (fresh.locale !== input.lang) await setChatSessionLocale(prisma, session.id, input.lang);
    const userMessage: UIMessage = { id: userMessageId(session.id, input.clientMessageId), role: 'user', parts: [{ type: 'text', text: input.text }] };
    // Sent again (decision 064): an answered message gets its reply again; one stored without a reply (its
    // turn died with its instance) is answered now, and is not stored twice.
    const earlier = await earlierTurn(prisma, session.id, userMessage.id);
    if (earlier.stored && earlier.reply) return await replayReply(res, earlier.reply, { 'x-chat-session': session.id });
    const history = await loadHistory(prisma, session.id, CHAT_HISTORY_FOR_MODEL);
    if (!earlier.stored) await appendMessage(prisma, session.id, userMessage);

    const toolBase: Omit<ChatToolContext, 'toolCallId'> = {
      deps,
      auth,
      lang: input.lang,
      sessionId: session.id,
      machine,
      userText: input.text,
      saveMachine: () => saveMachine(prisma, session.id, machine),
      publish: (event) => publishChatEvent(deps, event),
      registry: chatTools,
    };
    const { tools, activeNames } = buildTurnTools(chatTools, toolBase);
    // A partner's plain 'Wie viel hab ich verdient?' means the commission (the offline model's hint).
    const partner = auth.user && auth.user.role !== 'admin' ? await isActivePartner(prisma, auth.user.id) : false;
    // An admin's 'approve #2b7d4e': what the reference names (a payout, a request under review, …) decides
    // which approval is meant; the tools still check the reference and ask for the admin's confirmation.
    const ref = auth.user?.role === 'admin' ? refOf(input.text) : null;
    const refKinds = ref ? await adminRefKinds(prisma, ref) : undefined;
    const hints = () => ({
      akut: {
        lang: input.lang,
        machine: machine.name,
        state: machine.state,
        role: auth.user?.role ?? 'anonymous',
        context: contextHint(machine),
        partner,
        ...(refKinds ? { refKinds } : {}),
      },
    });
    const messages = await convertToModelMessages(earlier.stored ? history : [...history, userMessage], { tools, ignoreIncompleteToolCalls: true });

    const result = streamText({
      model: rt.model,
      instructions: promptFor(auth, input.lang, machine, partner),
      messages,
      tools,
      activeTools: activeNames(),
      // After a tool moved the machine, the next step offers the new state's tools and prompt.
      prepareStep: () => ({ activeTools: activeNames(), instructions: promptFor(auth, input.lang, machine, partner), providerOptions: hints() }),
      providerOptions: hints(),
      stopWhen: isStepCount(CHAT_MAX_STEPS),
      maxRetries: 1,
      onError: ({ error }: { error: unknown }) =>
        log.warn({ err: error instanceof Error ? error.message : String(error), sessionId: session.id }, 'chat model error'),
    });

    const stream = toUIMessageStream({
      stream: result.stream,
      tools,
      originalMessages: [userMessage],
      generateMessageId: () => crypto.randomUUID(),
      // A database outage in the middle of a turn: the same 'try again shortly' as the HTTP doors' 503.
      onError: (error: unknown) => (isDatabaseUnavailable(error) ? t('errors:SERVICE_UNAVAILABLE') : t('chat:error.generic')) as string,
      onEnd: async ({ responseMessage }) => {
        try {
          if (responseMessage.parts.some((p) => p.type !== 'step-start')) await appendMessage(prisma, session.id, responseMessage);
        } catch (err) {
          log.error({ err: err instanceof Error ? err.message : String(err), sessionId: session.id }, 'could not store the assistant message');
        } finally {
          release();
        }
      },
    });
    await pipeUIMessageStreamToResponse({ response: res, stream, headers: { 'x-chat-session': session.id } });
  } finally {
    release();
  }
}
