// A chat turn sent again (issue 24, decision 064): the browser's message id names the turn, so a retry after
// a dropped connection or a killed instance neither stores the person's message twice nor answers it twice.
// A message already answered gets its stored reply again; one stored without a reply (the instance died
// mid-turn) is answered now, without a second copy of it.
import crypto from 'node:crypto';
import { createUIMessageStream, pipeUIMessageStreamToResponse, type UIMessage, type UIMessageChunk } from 'ai';
import type { Response } from 'express';
import type { Db } from '../db.ts';
import { chatNoteId } from '../domain/chat/append-chat-note.ts';
import { chatMessageAndFollowing } from '../domain/chat/chat-messages.ts';

/**
 * The stored id of a person's message: derived from the session and the client's id (so a client can name
 * only messages of its own session), or a new one when the client sent none.
 */
export function userMessageId(sessionId: string, clientId: string | undefined): string {
  if (!clientId) return crypto.randomUUID();
  return `u-${crypto.createHash('sha256').update(`${sessionId}\n${clientId}`).digest('hex').slice(0, 32)}`;
}

export type EarlierTurn = { stored: false } | { stored: true; reply: UIMessage | null };

const NOTE_PREFIX = chatNoteId('');

/** Whether this message was stored before, and the reply it got (the next assistant message that is not a note). */
export async function earlierTurn(prisma: Db, sessionId: string, messageId: string): Promise<EarlierTurn> {
  const after = await chatMessageAndFollowing(prisma, sessionId, messageId);
  if (!after) return { stored: false };
  for (const m of after) {
    if (m.role === 'user') break;
    if (m.role === 'assistant' && !m.id.startsWith(NOTE_PREFIX)) {
      return { stored: true, reply: { id: m.id, role: 'assistant', parts: m.parts } };
    }
  }
  return { stored: true, reply: null };
}

/** The chunks that rebuild a stored reply in the client, as the turn once streamed it. */
export function replyChunks(reply: UIMessage): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start', messageId: reply.id }];
  reply.parts.forEach((part, i) => {
    if (part.type === 'step-start') chunks.push({ type: 'start-step' });
    else if (part.type === 'text') {
      const id = `replay-${i}`;
      chunks.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: part.text }, { type: 'text-end', id });
    } else if (part.type.startsWith('tool-')) {
      const tool = part as { type: string; toolCallId: string; input?: unknown; output?: unknown; errorText?: string; state?: string };
      const toolName = tool.type.slice('tool-'.length);
      chunks.push({ type: 'tool-input-available', toolCallId: tool.toolCallId, toolName, input: tool.input ?? {} });
      if (tool.state === 'output-error') chunks.push({ type: 'tool-output-error', toolCallId: tool.toolCallId, errorText: tool.errorText ?? '' });
      else chunks.push({ type: 'tool-output-available', toolCallId: tool.toolCallId, output: tool.output });
    } else if (part.type.startsWith('data-')) chunks.push({ type: part.type as `data-${string}`, data: (part as { data: unknown }).data });
  });
  chunks.push({ type: 'finish' });
  return chunks;
}

/** Answers a repeated turn with its stored reply. */
export async function replayReply(res: Response, reply: UIMessage, headers: Record<string, string>): Promise<void> {
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      for (const chunk of replyChunks(reply)) writer.write(chunk);
    },
  });
  await pipeUIMessageStreamToResponse({ response: res, stream, headers });
}
