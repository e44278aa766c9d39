// A partner's own conversation with support (never anyone else's: the conversation is found by the caller's
// id only). Opening it marks the team's replies read.
import type { AppDeps } from '../../deps.ts';
import { partnerView, publishToTeam, SUPPORT_EVENTS, SUPPORT_SUBJECT } from './support-message.ts';
import type { OwnSupportConversation } from '../../../core/api/support.ts';
export type { OwnSupportConversation } from '../../../core/api/support.ts';

export async function listOwnSupportMessages(
  deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>,
  partnerId: string,
  opts: { markRead?: boolean } = {},
): Promise<OwnSupportConversation> {
  const prisma = deps.db.prisma;
  const conversation = await prisma.supportConversation.findUnique({
    where: { partnerId },
    include: { messages: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
  });
  if (!conversation) return { subject: SUPPORT_SUBJECT, messages: [], unread: 0 };
  const unreadIds = conversation.messages.filter((m) => m.recipientId === partnerId && !m.readAt).map((m) => m.id);
  if (opts.markRead !== false && unreadIds.length) {
    const readAt = new Date();
    await prisma.supportMessage.updateMany({ where: { id: { in: unreadIds }, readAt: null }, data: { readAt } });
    for (const m of conversation.messages) if (unreadIds.includes(m.id)) m.readAt = readAt;
    await publishToTeam(deps, SUPPORT_EVENTS.read, { conversationId: conversation.id, by: 'partner' });
    // The partner's other tabs and their chat button's badge.
    await deps.bus.publish({ type: SUPPORT_EVENTS.read, to: { userId: partnerId }, payload: { by: 'partner' } }).catch(() => {});
  }
  return { subject: conversation.subject, messages: conversation.messages.map(partnerView), unread: unreadIds.length };
}
