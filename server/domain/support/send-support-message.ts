// A partner writes to support: the message goes to the admin team's shared inbox (no single admin is its
// recipient), in the partner's one conversation, created at the first message.
import type { AppDeps } from '../../deps.ts';
import { notify } from '../notifications/notify.ts';
import { adminView, checkSupportBody, partnerView, publishToTeam, SUPPORT_EVENTS, SUPPORT_SUBJECT, type PartnerMessageView } from './support-message.ts';

export async function sendSupportMessage(
  deps: Pick<AppDeps, 'db' | 'bus' | 'logger' | 'mailer' | 'config'>,
  partnerId: string,
  body: string,
): Promise<PartnerMessageView> {
  const text = checkSupportBody(body);
  const prisma = deps.db.prisma;
  const message = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const conversation = await tx.supportConversation.upsert({
      where: { partnerId },
      create: { partnerId, subject: SUPPORT_SUBJECT, lastMessageAt: now },
      update: { lastMessageAt: now },
    });
    return tx.supportMessage.create({
      data: { conversationId: conversation.id, senderId: partnerId, recipientId: null, subject: conversation.subject, body: text, createdAt: now },
      include: { sender: { select: { name: true } } },
    });
  });
  // The partner's other tabs, and the team's inbox.
  await notify(deps, { userId: partnerId, event: { type: SUPPORT_EVENTS.message, payload: { message: partnerView(message) } } });
  await publishToTeam(deps, SUPPORT_EVENTS.message, { conversationId: message.conversationId, partnerId, message: adminView(message) });
  return partnerView(message);
}
