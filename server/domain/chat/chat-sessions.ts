// Storage of chat sessions: the row, its machine snapshot (compare-and-set on machineVersion) and the
// follow-up script the intake session keeps. The chat session layer (server/chat/session.ts) decides; this
// file only reads and writes (decision 052).
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import { sessionFollowUpScript, type FollowUpScript } from '../../intake/follow-up-script.ts';

/** Prisma's Json input: plain JSON only. */
export function toJson<T>(value: T): never {
  return JSON.parse(JSON.stringify(value)) as never;
}

export interface NewChatSession {
  userId: string | null;
  locale: string;
  machine: string;
  machineSnapshot: unknown;
  machineState: string;
  followUp?: { script: FollowUpScript; versionId: string | null } | null;
}

export function insertChatSession(prisma: Db, s: NewChatSession) {
  return prisma.chatSession.create({
    data: {
      userId: s.userId,
      locale: s.locale,
      machine: s.machine,
      machineSnapshot: toJson(s.machineSnapshot),
      machineState: s.machineState,
      ...(s.followUp ? { followUpScript: toJson(s.followUp.script), followUpVersionId: s.followUp.versionId } : {}),
    },
  });
}

export function findChatSession(prisma: Db, id: string) {
  return prisma.chatSession.findUnique({ where: { id } });
}

export function getChatSession(prisma: Db, id: string) {
  return prisma.chatSession.findUniqueOrThrow({ where: { id } });
}

export type ChatSessionRecord = Awaited<ReturnType<typeof getChatSession>>;

/** Gives an unowned session to this user; the session as it is afterwards (owned by whoever won a race). */
export async function claimChatSession(prisma: Db, id: string, userId: string) {
  await prisma.chatSession.updateMany({ where: { id, userId: null }, data: { userId } });
  return getChatSession(prisma, id);
}

/** The language the person last wrote in (for later notifications). */
export async function setChatSessionLocale(prisma: Db, id: string, locale: string): Promise<void> {
  await prisma.chatSession.update({ where: { id }, data: { locale } });
}

/**
 * Stores a machine snapshot if the session still stands on `version` (compare-and-set) and moves the version
 * on. False when another writer came first: nothing is overwritten.
 */
export async function storeSessionMachine(
  prisma: Db,
  id: string,
  version: number,
  machine: { name: string; snapshot: unknown; state: string },
): Promise<boolean> {
  const { count } = await prisma.chatSession.updateMany({
    where: { id, machineVersion: version },
    data: { machine: machine.name, machineSnapshot: toJson(machine.snapshot), machineState: machine.state, machineVersion: { increment: 1 } },
  });
  return count === 1;
}

/** The follow-up script this session runs: its own copy, else the published one. */
export async function getSessionFollowUpScript(prisma: Db, sessionId: string, logger?: Logger): Promise<FollowUpScript> {
  const session = await prisma.chatSession.findUnique({ where: { id: sessionId }, select: { followUpScript: true } });
  return sessionFollowUpScript(prisma, session, logger);
}
