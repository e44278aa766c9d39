// Any admin answers a partner's conversation. The reply goes to the partner live; a partner with no open
// connection also gets a mail (no message text in it: the reply is read in the app).
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { announce, appLink, queueNotices } from '../notifications/notify.ts';
import { adminView, checkSupportBody, partnerView, publishToTeam, SUPPORT_EVENTS, type AdminMessageView } from './support-message.ts';

export async function replySupportMessage(
  deps: Pick<AppDeps, 'db' | 'bus' | 'logger' | 'mailer' | 'config' | 'presence'>,
  adminId: string,
  conversationId: string,
  body: string,
): Promise<AdminMessageView & { mailed: boolean }> {
  const text = checkSupportBody(body);
  const prisma = deps.db.prisma;
  const { message, told, mailed } = await prisma.$transaction(async (tx) => {
    const conversation = await tx.supportConversation.findUnique({ where: { id: conversationId } });
    if (!conversation) throw new AppError('NOT_FOUND');
    const now = new Date();
    await tx.supportConversation.update({ where: { id: conversation.id }, data: { lastMessageAt: now } });
    // Answering is reading: the partner's open messages count as read by the team.
    await tx.supportMessage.updateMany({ where: { conversationId: conversation.id, recipientId: null, readAt: null }, data: { readAt: now } });
    const message = await tx.supportMessage.create({
      data: {
        conversationId: conversation.id,
        senderId: adminId,
        recipientId: conversation.partnerId,
        subject: conversation.subject,
        body: text,
        createdAt: now,
      },
      include: { sender: { select: { name: true } } },
    });
    // A partner with no open connection is mailed, and the mail commits with the reply (decision 082).
    const mailed = !deps.presence.isOnline(conversation.partnerId);
    const told = await queueNotices(tx, deps, [
      {
        userId: conversation.partnerId,
        event: { type: SUPPORT_EVENTS.message, payload: { message: partnerView(message) } },
        ...(mailed
          ? {
              mail: {
                template: 'supportReply' as const,
                key: `supportReply:${message.id}`,
                params: () => ({ subject: message.subject, url: appLink(deps, '/affiliate/dashboard?support=1') }),
              },
            }
          : {}),
      },
    ]);
    return { message, told, mailed };
  });
  const partnerId = message.recipientId!;
  await announce(deps, told);
  await publishToTeam(deps, SUPPORT_EVENTS.message, { conversationId: message.conversationId, partnerId, message: adminView(message) });
  return { ...adminView(message), mailed };
}
