// How many of the team's replies the partner has not read yet (the chat button's badge); reads nothing as read.
import type { Db } from '../../db.ts';

export async function countUnreadSupportReplies(prisma: Db, partnerId: string): Promise<{ unread: number }> {
  return { unread: await prisma.supportMessage.count({ where: { recipientId: partnerId, readAt: null } }) };
}
