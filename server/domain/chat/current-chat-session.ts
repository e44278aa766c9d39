// A signed-in person has one current conversation: the chat session they used last (written in, or attached
// at sign-in), whatever the tab or device. Every chat of theirs opens it, and notes go to it (decision 054).
import type { Db } from '../../db.ts';

export async function findCurrentChatSession(prisma: Db, userId: string) {
  return prisma.chatSession.findFirst({ where: { userId }, orderBy: [{ updatedAt: 'desc' }, { createdAt: 'desc' }], select: { id: true, locale: true } });
}

/** Marks the session as the one used last (its owner's current conversation). */
export async function touchChatSession(prisma: Db, sessionId: string): Promise<void> {
  await prisma.chatSession.updateMany({ where: { id: sessionId }, data: { updatedAt: new Date() } });
}
