// The admin team's shared inbox: every partner's conversation, newest activity first, with the number of
// partner messages no admin has read yet.
import type { Db } from '../../db.ts';
import type { SupportConversationSummary } from '../../../core/api/support.ts';
export type { SupportConversationSummary } from '../../../core/api/support.ts';

export async function listSupportConversations(prisma: Db): Promise<{ conversations: SupportConversationSummary[]; unreadTotal: number }> {
  const [rows, unread] = await Promise.all([
    prisma.supportConversation.findMany({
      orderBy: [{ lastMessageAt: 'desc' }, { id: 'asc' }],
      take: 200,
      include: { partner: { select: { id: true, name: true, email: true } }, messages: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1 } },
    }),
    prisma.supportMessage.groupBy({ by: ['conversationId'], where: { recipientId: null, readAt: null }, _count: { _all: true } }),
  ]);
  const unreadBy = new Map(unread.map((u) => [u.conversationId, u._count._all]));
  const conversations = rows.map((c) => {
    const last = c.messages[0];
    return {
      id: c.id,
      partner: c.partner,
      subject: c.subject,
      lastMessageAt: c.lastMessageAt.toISOString(),
      lastMessage: last ? { body: last.body.slice(0, 140), fromTeam: last.recipientId !== null } : null,
      unread: unreadBy.get(c.id) ?? 0,
    };
  });
  return { conversations, unreadTotal: [...unreadBy.values()].reduce((a, b) => a + b, 0) };
}
