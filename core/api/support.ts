// Support conversations as partners and admins see them (server/http/support.ts), for server and client.
/** A partner's view: their own messages and the team's replies; which admin answered is not shown. */
export interface PartnerMessageView {
  id: string;
  fromTeam: boolean;
  subject: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

/** The team's view: who wrote each message (the partner, or which admin replied). */
export interface AdminMessageView extends PartnerMessageView {
  senderId: string;
  senderName: string;
}

export interface OwnSupportConversation {
  subject: string;
  messages: PartnerMessageView[];
  /** Replies that were unread before this call. */
  unread: number;
}

export interface SupportConversationSummary {
  id: string;
  partner: { id: string; name: string; email: string };
  subject: string;
  lastMessageAt: string;
  lastMessage: { body: string; fromTeam: boolean } | null;
  unread: number;
}

export interface SupportConversationDetail {
  id: string;
  partner: { id: string; name: string; email: string };
  subject: string;
  messages: AdminMessageView[];
}
