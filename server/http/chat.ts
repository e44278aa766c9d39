// The chat doors: sessions, the streaming turn, and the person's confirmation of a proposed action.
// Anonymous visitors may chat; a session of another person answers 404 like a missing one.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { normalizeLang } from '../i18n.ts';
import { createChatSession, loadHistory, openChatSession } from '../chat/session.ts';
import { streamChatTurn, userText } from '../chat/turn.ts';
import { decideConfirmation } from '../chat/confirm.ts';
import { announceChatUpdate } from '../chat/live-notes.ts';
import { findCurrentChatSession, touchChatSession } from '../domain/chat/current-chat-session.ts';
import { lastChatMessageId } from '../domain/chat/last-chat-message-id.ts';
import { inChatSession } from '../realtime/origin.ts';

const uiMessage = z.object({
  id: z.string(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.record(z.string(), z.unknown())),
});

const sessionView = z.object({
  id: z.uuid(),
  machine: z.string(),
  state: z.string().nullable(),
  messages: z.array(uiMessage),
});

const langField = z.string().max(16).optional().describe('UI language; German when it starts with de, otherwise English');

// Lengths are checked by the handler (CHAT_MESSAGE_EMPTY / CHAT_MESSAGE_TOO_LONG); this only bounds the body.
const chatBody = z.object({
  sessionId: z.uuid(),
  lang: langField,
  message: z.object({
    id: z.string().max(128).optional().describe("The browser's id of the message: sent again under the same id, the turn is answered once"),
    role: z.literal('user'),
    parts: z.array(z.object({ type: z.literal('text'), text: z.string().max(20_000) })).max(8),
  }),
});

export const chatRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/chat/session',
    summary: 'Resumes the chat session the browser kept (when the caller may use it) or creates a new one',
    tags: ['chat'],
    access: 'public',
    rateLimit: 'chat',
    body: z.object({
      lang: langField,
      resumeId: z.uuid().optional().describe('The session id the browser kept'),
      current: z
        .boolean()
        .optional()
        .describe("For a signed-in caller: the person's current conversation (the one they used last, on any device or tab) rather than a new one"),
      fresh: z.boolean().optional().describe("A new, empty conversation ('Neues Gespräch'); for a signed-in caller it becomes the current one"),
    }),
    response: sessionView.extend({ resumed: z.boolean() }),
    responseDescription:
      'The resumed session with its messages (resumed: true), or a new one with its greeting (the seeker intake greets from the follow-up script). A session the caller may not use is never revealed: a new one is created instead. With current, a signed-in person gets their current conversation (after the kept anonymous one is attached), so every tab and device shows the same one.',
    handler: async ({ deps, auth, body, lang }) => {
      let existing =
        body.resumeId && !body.fresh
          ? await openChatSession(deps, auth, body.resumeId).catch((e: unknown) => {
              if (e instanceof AppError && e.code === 'CHAT_SESSION_NOT_FOUND') return null;
              throw e;
            })
          : null;
      if (body.current && !body.fresh && auth.user) {
        const current = await findCurrentChatSession(deps.db.prisma, auth.user.id);
        if (current && current.id !== existing?.id) existing = await openChatSession(deps, auth, current.id);
      }
      if (existing) {
        const messages = await loadHistory(deps.db.prisma, existing.id);
        return { id: existing.id, machine: existing.machine, state: existing.machineState, messages: messages as z.infer<typeof uiMessage>[], resumed: true };
      }
      const s = await createChatSession(deps.db.prisma, auth, body.lang ? normalizeLang(body.lang) : lang, deps.logger);
      const messages = await loadHistory(deps.db.prisma, s.id);
      return { id: s.id, machine: s.machine, state: s.machineState, messages: messages as z.infer<typeof uiMessage>[], resumed: false };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/session/:id',
    summary: "A chat session's persisted messages (attaches an anonymous session to the signed-in caller)",
    tags: ['chat'],
    access: 'public',
    rateLimit: 'chat',
    params: z.object({ id: z.uuid() }),
    response: sessionView,
    handler: async ({ deps, auth, params }) => {
      const s = await openChatSession(deps, auth, params.id);
      const messages = await loadHistory(deps.db.prisma, s.id);
      return { id: s.id, machine: s.machine, state: s.machineState, messages: messages as z.infer<typeof uiMessage>[] };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/chat',
    summary: 'One chat turn: the newest user message in, the assistant reply out as a UI message stream (SSE)',
    tags: ['chat'],
    access: 'public',
    rateLimit: 'chat',
    body: chatBody,
    raw: true,
    responseContentType: 'text/event-stream',
    responseDescription: 'AI SDK UI message stream (server-sent events): text, tool and finish chunks',
    handler: async ({ deps, auth, body, res, lang }) => {
      const text = userText(body.message.parts);
      // Events of the turn's actions name this session as their origin (no note about them in it, decision 054).
      await inChatSession(body.sessionId, () =>
        streamChatTurn(
          deps,
          auth,
          res,
          { sessionId: body.sessionId, text, lang: body.lang ? normalizeLang(body.lang) : lang, clientMessageId: body.message.id },
          res.locals.log ?? deps.logger,
        ),
      );
      // The conversation written in last is the person's current one; their other tabs show the turn too.
      // The reply has been sent by now: a failure here is only logged.
      if (auth.user) {
        try {
          await touchChatSession(deps.db.prisma, body.sessionId);
          await announceChatUpdate(deps, auth.user.id, body.sessionId, await lastChatMessageId(deps.db.prisma, body.sessionId));
        } catch (err) {
          (res.locals.log ?? deps.logger).warn({ err: err instanceof Error ? err.message : String(err) }, 'chat update after the turn failed');
        }
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/chat/confirm',
    summary: "The person's decision on an action the assistant proposed (runs it once, for the session's owner)",
    tags: ['chat'],
    access: 'public',
    rateLimit: 'chat',
    body: z.object({ sessionId: z.uuid(), confirmationId: z.uuid(), decision: z.enum(['confirm', 'cancel']) }),
    response: z.object({
      status: z.enum(['pending', 'confirmed', 'cancelled', 'failed', 'expired']),
      result: z.record(z.string(), z.unknown()).nullable(),
      repeated: z.boolean(),
    }),
    handler: async ({ deps, auth, body, lang }) => {
      const r = await inChatSession(body.sessionId, () => decideConfirmation(deps, auth, lang, body));
      if (auth.user) await announceChatUpdate(deps, auth.user.id, body.sessionId);
      return { ...r, result: r.result as Record<string, unknown> | null };
    },
  }),
];
