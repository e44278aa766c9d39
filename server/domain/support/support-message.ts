// What the support chat's commands share: the body rule (one pure function both doors and the client's
// send button follow), the subject, the views of a message and the live events to both sides.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { PartnerMessageView, AdminMessageView } from '../../../core/api/support.ts';
export type { PartnerMessageView, AdminMessageView } from '../../../core/api/support.ts';

export const SUPPORT_SUBJECT = 'Affiliate Support Anfrage';
export const SUPPORT_MESSAGE_MAX = 4000;

/** The body as stored (ends trimmed), or a translated 400 for an empty, whitespace-only or too long one. */
export function checkSupportBody(body: string): string {
  const text = body.trim();
  if (!text) throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if (text.length > SUPPORT_MESSAGE_MAX) throw new AppError('SUPPORT_MESSAGE_TOO_LONG', { params: { max: SUPPORT_MESSAGE_MAX } });
  return text;
}

export interface SupportMessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  recipientId: string | null;
  subject: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  sender?: { name: string } | null;
}

export function partnerView(m: SupportMessageRow): PartnerMessageView {
  return {
    id: m.id,
    fromTeam: m.recipientId !== null,
    subject: m.subject,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
  };
}

export function adminView(m: SupportMessageRow): AdminMessageView {
  return { ...partnerView(m), senderId: m.senderId, senderName: m.sender?.name ?? '' };
}

export const SUPPORT_EVENTS = { message: 'support.message', read: 'support.read' } as const;

type Publisher = Pick<AppDeps, 'bus' | 'logger'>;

/** Live to the admin team (every admin with two factors, through the ws role check). */
export async function publishToTeam(deps: Publisher, type: string, payload: unknown): Promise<void> {
  try {
    await deps.bus.publish({ type, to: { role: 'admin' }, payload });
  } catch (err) {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err), type }, 'support event could not be published');
  }
}
