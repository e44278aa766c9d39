// The id of a conversation's newest message: sent with 'chat.updated' after a turn, so the tab that took the
// turn (which already shows that message) need not load the conversation again (decision 054).
import type { Db } from '../../db.ts';

export async function lastChatMessageId(prisma: Db, sessionId: string): Promise<string | null> {
  const row = await prisma.chatMessage.findFirst({ where: { sessionId }, orderBy: { seq: 'desc' }, select: { id: true } });
  return row?.id ?? null;
}
