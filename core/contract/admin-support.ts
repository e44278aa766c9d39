// The admin team's shared support inbox (server/http/support.ts defines the routes): the conversations, one
// conversation (which marks it read for the whole team) and a reply.
import { z } from 'zod';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerMessageSchema, supportMessageBody } from './support.ts';

/** The team's view: who wrote each message (the partner, or which admin replied). */
export const adminMessageSchema = partnerMessageSchema.extend({ senderId: z.string(), senderName: z.string() });

const partnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const supportConversationSummarySchema = z.object({
  id: z.string(),
  partner: partnerSchema,
  subject: z.string(),
  lastMessageAt: z.string(),
  lastMessage: z.object({ body: z.string(), fromTeam: z.boolean() }).nullable(),
  unread: z.number().int(),
});

export const supportConversationDetailSchema = z.object({ id: z.string(), partner: partnerSchema, subject: z.string(), messages: z.array(adminMessageSchema) });

export const adminSupportContract = {
  conversations: endpoint({
    method: 'get',
    path: '/api/admin/support/conversations',
    response: z.object({ conversations: z.array(supportConversationSummarySchema), unreadTotal: z.number().int() }),
  }),
  conversation: endpoint({ method: 'get', path: '/api/admin/support/conversations/:id', params: idParams, response: supportConversationDetailSchema }),
  reply: endpoint({
    method: 'post',
    path: '/api/admin/support/conversations/:id/messages',
    params: idParams,
    body: supportMessageBody,
    status: 201,
    response: adminMessageSchema.extend({ mailed: z.boolean().describe('The partner was offline and got a mail') }),
  }),
};

export type SupportInbox = z.output<typeof adminSupportContract.conversations.response>;
