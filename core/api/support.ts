// Support conversations as partners and admins see them (server/http/support.ts), for server and client: the
// messages and the admins' inbox are the responses of their endpoints (core/contract/support.ts, admin-support.ts).
import type { z } from 'zod';
import type { partnerMessageSchema } from '../contract/support.ts';
import type { adminMessageSchema, supportConversationDetailSchema, supportConversationSummarySchema } from '../contract/admin-support.ts';

/** A partner's view: their own messages and the team's replies; which admin answered is not shown. */
export type PartnerMessageView = z.output<typeof partnerMessageSchema>;

/** The team's view: who wrote each message (the partner, or which admin replied). */
export type AdminMessageView = z.output<typeof adminMessageSchema>;

export interface OwnSupportConversation {
  subject: string;
  messages: PartnerMessageView[];
  /** Replies that were unread before this call. */
  unread: number;
}

export type SupportConversationSummary = z.output<typeof supportConversationSummarySchema>;
export type SupportConversationDetail = z.output<typeof supportConversationDetailSchema>;
