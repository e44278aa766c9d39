// Storage of pending confirmations: a tool call that spends money or changes settings waits here until the
// person decides through POST /api/chat/confirm (server/chat/confirm.ts decides; this file reads and writes).
import crypto from 'node:crypto';
import type { Db } from '../../db.ts';
import { toJson } from './chat-sessions.ts';

export function insertChatConfirmation(
  prisma: Db,
  c: { sessionId: string; toolCallId: string; toolName: string; input: unknown; expiresAt: Date },
): Promise<{ id: string }> {
  return prisma.chatConfirmation.create({
    data: {
      id: crypto.randomUUID(),
      sessionId: c.sessionId,
      toolCallId: c.toolCallId,
      toolName: c.toolName,
      input: toJson(c.input ?? {}),
      expiresAt: c.expiresAt,
    },
    select: { id: true },
  });
}

/** A confirmation of this session (null for one of another session). */
export function findChatConfirmation(prisma: Db, sessionId: string, id: string) {
  return prisma.chatConfirmation.findFirst({ where: { id, sessionId } });
}

export function getChatConfirmation(prisma: Db, id: string) {
  return prisma.chatConfirmation.findUniqueOrThrow({ where: { id } });
}

/** Moves a pending confirmation to `status`; false when it was no longer pending (someone else decided). */
export async function decidePendingConfirmation(
  prisma: Db,
  id: string,
  decision: { status: 'running' | 'cancelled' | 'expired'; decidedAt: Date; decidedBy?: string | null },
): Promise<boolean> {
  const { count } = await prisma.chatConfirmation.updateMany({
    where: { id, status: 'pending' },
    data: { status: decision.status, decidedAt: decision.decidedAt, ...(decision.decidedBy !== undefined ? { decidedBy: decision.decidedBy } : {}) },
  });
  return count === 1;
}

/** The end of a confirmed run. updateMany: a confirmed account deletion (decision 046) has removed the session with its confirmations. */
export async function finishChatConfirmation(prisma: Db, id: string, status: string, result: unknown): Promise<void> {
  await prisma.chatConfirmation.updateMany({ where: { id }, data: { status, result: toJson(result) } });
}
