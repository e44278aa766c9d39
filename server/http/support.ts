// The support chat's doors: a partner's own conversation with the admin team, and the team's shared inbox
// (admins with two factors only). Thin doors; the rules are in server/domain/support.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { sendSupportMessage } from '../domain/support/send-support-message.ts';
import { listOwnSupportMessages } from '../domain/support/list-own-support-messages.ts';
import { countUnreadSupportReplies } from '../domain/support/count-unread-support-replies.ts';
import { listSupportConversations } from '../domain/support/list-support-conversations.ts';
import { readSupportConversation } from '../domain/support/read-support-conversation.ts';
import { replySupportMessage } from '../domain/support/reply-support-message.ts';
import { partnerMessageSchema, supportMessageBody } from '../../core/contract/support.ts';
import { adminSupportContract } from '../../core/contract/admin-support.ts';

const admin = { roles: ['admin'] } as const;

export const supportRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/support/messages',
    summary: "The caller's own conversation with the support team, oldest first; marks the team's replies read",
    tags: ['support'],
    access: 'user',
    response: z.object({ subject: z.string(), messages: z.array(partnerMessageSchema), unread: z.number().int().describe('Replies unread before this call') }),
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
    body: supportMessageBody,
    response: partnerMessageSchema,
    status: 201,
    handler: ({ deps, auth, body }) => sendSupportMessage(deps, auth.user.id, body.body),
  }),
  defineRoute({
    ...adminSupportContract.conversations,
    summary: 'The support inbox: every partner conversation, newest activity first, with unread counts',
    tags: ['admin', 'support'],
    access: admin,
    handler: ({ deps }) => listSupportConversations(deps.db.prisma),
  }),
  defineRoute({
    ...adminSupportContract.conversation,
    summary: "One partner's conversation; marks the partner's messages read for the whole team",
    tags: ['admin', 'support'],
    access: admin,
    handler: ({ deps, params }) => readSupportConversation(deps, params.id),
  }),
  defineRoute({
    ...adminSupportContract.reply,
    summary: 'Replies to a partner (any admin); mailed to the partner when they have no open connection',
    tags: ['admin', 'support'],
    access: admin,
    handler: ({ deps, auth, params, body }) => replySupportMessage(deps, auth.user.id, params.id, body.body),
  }),
];
