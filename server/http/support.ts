// The support chat's doors: a partner's own conversation with the admin team, and the team's shared inbox
// (admins with two factors only). Thin doors; the rules are in server/domain/support.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { sendSupportMessage } from '../domain/support/send-support-message.ts';
import { listOwnSupportMessages } from '../domain/support/list-own-support-messages.ts';
import { countUnreadSupportReplies } from '../domain/support/count-unread-support-replies.ts';
import { listSupportConversations } from '../domain/support/list-support-conversations.ts';
import { readSupportConversation } from '../domain/support/read-support-conversation.ts';
import { replySupportMessage } from '../domain/support/reply-support-message.ts';

const admin = { roles: ['admin'] } as const;

// Emptiness and length are the domain's rule (translated SUPPORT_MESSAGE_* errors), so the schema only asks for a string.
const messageBody = z.object({ body: z.string().max(20_000).describe('The message; not empty after trimming, at most 4000 characters') });

const partnerMessage = z.object({
  id: z.string(),
  fromTeam: z.boolean().describe('A reply of the admin team (false: the partner wrote it)'),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
const adminMessage = partnerMessage.extend({ senderId: z.string(), senderName: z.string() });
const partner = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const supportRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/support/messages',
    summary: "The caller's own conversation with the support team, oldest first; marks the team's replies read",
    tags: ['support'],
    access: 'user',
    response: z.object({ subject: z.string(), messages: z.array(partnerMessage), unread: z.number().int().describe('Replies unread before this call') }),
    handler: ({ deps, auth }) => listOwnSupportMessages(deps, auth.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/support/unread',
    summary: "How many of the team's replies the caller has not read yet (marks nothing read)",
    tags: ['support'],
    access: 'user',
    response: z.object({ unread: z.number().int() }),
    handler: ({ deps, auth }) => countUnreadSupportReplies(deps.db.prisma, auth.user.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/support/messages',
    summary: "Sends a message to the admin team's shared inbox (subject 'Affiliate Support Anfrage')",
    tags: ['support'],
    access: 'user',
    body: messageBody,
    response: partnerMessage,
    status: 201,
    handler: ({ deps, auth, body }) => sendSupportMessage(deps, auth.user.id, body.body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/support/conversations',
    summary: 'The support inbox: every partner conversation, newest activity first, with unread counts',
    tags: ['admin', 'support'],
    access: admin,
    response: z.object({
      conversations: z.array(
        z.object({
          id: z.string(),
          partner,
          subject: z.string(),
          lastMessageAt: z.string(),
          lastMessage: z.object({ body: z.string(), fromTeam: z.boolean() }).nullable(),
          unread: z.number().int(),
        }),
      ),
      unreadTotal: z.number().int(),
    }),
    handler: ({ deps }) => listSupportConversations(deps.db.prisma),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/support/conversations/:id',
    summary: "One partner's conversation; marks the partner's messages read for the whole team",
    tags: ['admin', 'support'],
    access: admin,
    params: idParams,
    response: z.object({ id: z.string(), partner, subject: z.string(), messages: z.array(adminMessage) }),
    handler: ({ deps, params }) => readSupportConversation(deps, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/support/conversations/:id/messages',
    summary: 'Replies to a partner (any admin); mailed to the partner when they have no open connection',
    tags: ['admin', 'support'],
    access: admin,
    params: idParams,
    body: messageBody,
    response: adminMessage.extend({ mailed: z.boolean().describe('The partner was offline and got a mail') }),
    status: 201,
    handler: ({ deps, auth, params, body }) => replySupportMessage(deps, auth.user.id, params.id, body.body),
  }),
];
