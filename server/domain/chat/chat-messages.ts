// Storage of a chat session's messages (AI SDK UI messages, parts as JSON), in the order they were written.
import type { UIMessage } from 'ai';
import type { Db } from '../../db.ts';
import { toJson } from './chat-sessions.ts';

/** The session's messages, oldest first; with a limit, the newest `limit` of them. */
export async function listChatMessages(prisma: Db, sessionId: string, limit?: number): Promise<UIMessage[]> {
  const rows = await prisma.chatMessage.findMany({
    where: { sessionId },
    orderBy: { seq: limit ? 'desc' : 'asc' },
    ...(limit ? { take: limit } : {}),
  });
  if (limit) rows.reverse();
  return rows.map((r) => ({ id: r.id, role: r.role as UIMessage['role'], parts: r.parts as unknown as UIMessage['parts'] }));
}

export async function insertChatMessage(prisma: Db, sessionId: string, message: UIMessage): Promise<void> {
  await prisma.chatMessage.create({ data: { id: message.id, sessionId, role: message.role, parts: toJson(message.parts) } });
}

/** The newest assistant messages of a session, newest first. */
export async function listRecentAssistantMessages(prisma: Db, sessionId: string, take = 50): Promise<{ id: string; parts: UIMessage['parts'] }[]> {
  const rows = await prisma.chatMessage.findMany({ where: { sessionId, role: 'assistant' }, orderBy: { seq: 'desc' }, take });
  return rows.map((r) => ({ id: r.id, parts: r.parts as unknown as UIMessage['parts'] }));
}

export async function replaceChatMessageParts(prisma: Db, id: string, parts: UIMessage['parts']): Promise<void> {
  await prisma.chatMessage.update({ where: { id }, data: { parts: toJson(parts) } });
}

/**
 * A stored message of the session and the messages written after it (up to `take`, oldest first), or null when
 * the session has no message of that id (a repeated turn: server/chat/turn-retry.ts).
 */
export async function chatMessageAndFollowing(
  prisma: Db,
  sessionId: string,
  messageId: string,
  take = 20,
): Promise<{ id: string; role: UIMessage['role']; parts: UIMessage['parts'] }[] | null> {
  const row = await prisma.chatMessage.findFirst({ where: { id: messageId, sessionId }, select: { seq: true } });
  if (!row) return null;
  const after = await prisma.chatMessage.findMany({ where: { sessionId, seq: { gt: row.seq } }, orderBy: { seq: 'asc' }, take });
  return after.map((m) => ({ id: m.id, role: m.role as UIMessage['role'], parts: m.parts as unknown as UIMessage['parts'] }));
}
