// Chat sessions: created by the server (anonymous allowed), attached to the account when a signed-in person
// uses an anonymous one, refused (as not found) when they belong to someone else.
import type { UIMessage } from 'ai';
import { AppError } from '../errors.ts';
import type { AuthContext } from '../auth/guards.ts';
import type { Db } from '../db.ts';
import type { Lang } from '../i18n.ts';
import { DEFAULT_MACHINE } from '../machines/registry.ts';
import { restoreMachine } from '../machines/runtime.ts';
import type { Logger } from '../logger.ts';

export async function createChatSession(prisma: Db, auth: AuthContext, lang: Lang) {
  const machine = restoreMachine(DEFAULT_MACHINE, null);
  const session = await prisma.chatSession.create({
    data: {
      userId: auth.user?.id ?? null,
      locale: lang,
      machine: machine.name,
      machineSnapshot: toJson(machine.persisted()),
      machineState: machine.state,
    },
  });
  machine.stop();
  return session;
}

/**
 * The session if the caller may use it. An anonymous session is attached to the signed-in caller;
 * a session of another person (or of any person, for an anonymous caller) answers CHAT_SESSION_NOT_FOUND,
 * exactly like a session that does not exist.
 */
export async function openChatSession(prisma: Db, auth: AuthContext, id: string) {
  const session = await prisma.chatSession.findUnique({ where: { id } });
  if (!session) throw new AppError('CHAT_SESSION_NOT_FOUND');
  const me = auth.user?.id ?? null;
  if (session.userId) {
    if (session.userId !== me) throw new AppError('CHAT_SESSION_NOT_FOUND');
    return session;
  }
  if (!me) return session;
  // Only an unowned session can be claimed; two people racing for it cannot both win.
  await prisma.chatSession.updateMany({ where: { id, userId: null }, data: { userId: me } });
  const attached = await prisma.chatSession.findUniqueOrThrow({ where: { id } });
  if (attached.userId !== me) throw new AppError('CHAT_SESSION_NOT_FOUND');
  return attached;
}

export type ChatSessionRow = Awaited<ReturnType<typeof openChatSession>>;

export async function loadHistory(prisma: Db, sessionId: string, limit?: number): Promise<UIMessage[]> {
  const rows = await prisma.chatMessage.findMany({
    where: { sessionId },
    orderBy: { seq: limit ? 'desc' : 'asc' },
    ...(limit ? { take: limit } : {}),
  });
  if (limit) rows.reverse();
  return rows.map((r) => ({ id: r.id, role: r.role as UIMessage['role'], parts: r.parts as unknown as UIMessage['parts'] }));
}

export async function appendMessage(prisma: Db, sessionId: string, message: UIMessage) {
  await prisma.chatMessage.create({
    data: { id: message.id, sessionId, role: message.role, parts: toJson(stripTransient(message.parts)) },
  });
}

/** Streaming states are not history: a persisted text part is done. */
function stripTransient(parts: UIMessage['parts']): UIMessage['parts'] {
  return parts.map((p) => (p.type === 'text' || p.type === 'reasoning' ? { ...p, state: 'done' } : p)) as UIMessage['parts'];
}

export async function saveMachine(prisma: Db, sessionId: string, machine: { name: string; state: string; persisted(): unknown }) {
  await prisma.chatSession.update({
    where: { id: sessionId },
    data: { machine: machine.name, machineSnapshot: toJson(machine.persisted()), machineState: machine.state },
  });
}

export function restoreSessionMachine(session: ChatSessionRow, logger?: Logger) {
  return restoreMachine(session.machine, session.machineSnapshot, logger);
}

/** Prisma's Json input: plain JSON only. */
export function toJson<T>(value: T): never {
  return JSON.parse(JSON.stringify(value)) as never;
}
