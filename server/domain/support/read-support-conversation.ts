// An admin opens a partner's conversation: all its messages, and the partner's unread ones become read
// (for the whole team: the inbox is shared).
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { adminView, publishToTeam, SUPPORT_EVENTS } from './support-message.ts';
import type { SupportConversationDetail } from '../../../core/api/support.ts';
export type { SupportConversationDetail } from '../../../core/api/support.ts';

export async function readSupportConversation(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, conversationId: string): Promise<SupportConversationDetail> {
  const prisma = deps.db.prisma;
  const c = await prisma.supportConversation.findUnique({
    where: { id: conversationId },
    include: {
      partner: { select: { id: true, name: true, email: true } },
      messages: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { sender: { select: { name: true } } } },
    },
  });
  if (!c) throw new AppError('NOT_FOUND');
  const unread = c.messages.filter((m) => m.recipientId === null && !m.readAt);
  if (unread.length) {
    const readAt = new Date();
    await prisma.supportMessage.updateMany({ where: { id: { in: unread.map((m) => m.id) }, readAt: null }, data: { readAt } });
    for (const m of unread) m.readAt = readAt;
    // Other admins' badges, and the partner's 'read' marks.
    await publishToTeam(deps, SUPPORT_EVENTS.read, { conversationId: c.id, by: 'team' });
    try {
      await deps.bus.publish({ type: SUPPORT_EVENTS.read, to: { userId: c.partnerId }, payload: { by: 'team' } });
    } catch {
      // a missed read mark is shown on the next load
    }
  }
  return { id: c.id, partner: c.partner, subject: c.subject, messages: c.messages.map(adminView) };
}
