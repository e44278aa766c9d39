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

/**
 * Moves a pending confirmation to `status`; false when it was no longer pending (someone else decided). A
 * move to 'running' takes the first attempt with a lease until `leaseUntil`.
 */
export async function decidePendingConfirmation(
  prisma: Db,
  id: string,
  decision: { status: 'running' | 'cancelled' | 'expired'; decidedAt: Date; decidedBy?: string | null; leaseUntil?: Date },
): Promise<boolean> {
  const { count } = await prisma.chatConfirmation.updateMany({
    where: { id, status: 'pending' },
    data: {
      status: decision.status,
      decidedAt: decision.decidedAt,
      ...(decision.decidedBy !== undefined ? { decidedBy: decision.decidedBy } : {}),
      ...(decision.status === 'running' ? { attempt: 1, leaseUntil: decision.leaseUntil ?? null } : {}),
    },
  });
  return count === 1;
}

/**
 * Takes over a running confirmation whose runner's lease has passed (the runner is gone): the next attempt,
 * with a lease of its own. False when the lease is still held, or someone else took it over first.
 */
export async function takeOverRunningConfirmation(prisma: Db, id: string, seenAttempt: number, now: Date, leaseUntil: Date): Promise<boolean> {
  const { count } = await prisma.chatConfirmation.updateMany({
    where: { id, status: 'running', attempt: seenAttempt, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { attempt: seenAttempt + 1, leaseUntil },
  });
  return count === 1;
}

/** The heartbeat of a running attempt: its lease moves on (false once the attempt is no longer the current one). */
export async function renewConfirmationLease(prisma: Db, id: string, attempt: number, leaseUntil: Date): Promise<boolean> {
  const { count } = await prisma.chatConfirmation.updateMany({ where: { id, status: 'running', attempt }, data: { leaseUntil } });
  return count === 1;
}

/**
 * The end of a confirmed run, written only by the attempt that holds it. updateMany: a confirmed account
 * deletion (decision 046) has removed the session with its confirmations.
 */
export async function finishChatConfirmation(prisma: Db, id: string, attempt: number, status: string, result: unknown): Promise<boolean> {
  const { count } = await prisma.chatConfirmation.updateMany({
    where: { id, status: 'running', attempt },
    data: { status, result: toJson(result), leaseUntil: null },
  });
  return count === 1;
}

/** Running confirmations whose runner's lease has passed, oldest first. */
export function listAbandonedConfirmations(prisma: Db, now: Date, take: number) {
  return prisma.chatConfirmation.findMany({
    where: { status: 'running', OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { decidedAt: 'asc' },
    take,
    select: { id: true, sessionId: true, decidedBy: true, session: { select: { locale: true, userId: true } } },
  });
}
