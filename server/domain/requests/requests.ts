// Requests of seekers: stored from a confirmed intake draft, held as a draft until their seeker is
// registered and has verified the e-mail address, then released to providers ('open').
import { redactContact } from '../../ai/nlu/contact.ts';
import type { AuthContext } from '../../auth/guards.ts';
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { RequestDraft } from '../../../machines/intake.machine.ts';

export type RequestStatus = 'draft' | 'open';

export interface SubmitRequestInput {
  draft: RequestDraft;
  firstName: string | null;
  sessionId: string;
  lang: Lang;
  /** Idempotency key: the same key never stores a second request (the confirmation id). */
  sourceKey: string;
}

export interface SubmittedRequest {
  id: string;
  status: RequestStatus;
  /** True when the request was already stored under this key (a repeated confirmation). */
  repeated: boolean;
}

/** Whether a person's requests may be released to providers now. */
export function canRelease(user: { emailVerified: boolean } | null | undefined): boolean {
  return Boolean(user?.emailVerified);
}

/** Stores the confirmed draft: released at once for a verified signed-in person, otherwise held as a draft. */
export async function submitRequest(prisma: Db, auth: AuthContext, input: SubmitRequestInput): Promise<SubmittedRequest> {
  const existing = await prisma.request.findUnique({ where: { sourceKey: input.sourceKey } });
  if (existing) return { id: existing.id, status: existing.status as RequestStatus, repeated: true };
  const { draft } = input;
  if (!draft.category || !draft.description || (!draft.postcode && !draft.place)) throw new Error('submitRequest: the draft is incomplete');
  const user = auth.user ? await prisma.user.findUnique({ where: { id: auth.user.id }, select: { id: true, emailVerified: true } }) : null;
  const release = canRelease(user);
  const now = new Date();
  try {
    const row = await prisma.request.create({
      data: {
        userId: user?.id ?? null,
        sessionId: input.sessionId,
        sourceKey: input.sourceKey,
        firstName: input.firstName,
        lang: input.lang,
        kategorie: draft.category,
        beschreibung: draft.description,
        beschreibungOeffentlich: redactContact(draft.description, input.lang),
        postcode: draft.postcode,
        ort: draft.place,
        budgetMin: draft.budgetMin,
        budgetMax: draft.budgetMax,
        dringlichkeit: draft.urgency ?? 'normal',
        date: draft.date ? new Date(`${draft.date}T00:00:00.000Z`) : null,
        status: release ? 'open' : 'draft',
        releasedAt: release ? now : null,
      },
    });
    return { id: row.id, status: row.status as RequestStatus, repeated: false };
  } catch (err) {
    // Two confirmations racing with the same key: the unique index lets one win; answer with its row.
    const winner = await prisma.request.findUnique({ where: { sourceKey: input.sourceKey } });
    if (winner) return { id: winner.id, status: winner.status as RequestStatus, repeated: true };
    throw err;
  }
}

/** Releases a person's held drafts when they are verified; returns the ids released now. */
export async function releaseUserDrafts(prisma: Db, userId: string, bus?: EventBus): Promise<string[]> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerified: true } });
  if (!canRelease(user)) return [];
  const drafts = await prisma.request.findMany({ where: { userId, status: 'draft' }, select: { id: true } });
  if (!drafts.length) return [];
  const ids = drafts.map((d) => d.id);
  // Conditional update: a request released twice at once is counted once.
  await prisma.request.updateMany({ where: { id: { in: ids }, status: 'draft' }, data: { status: 'open', releasedAt: new Date() } });
  if (bus) {
    for (const id of ids) await bus.publish({ type: 'request.released', to: { role: 'provider' }, payload: { requestId: id } });
  }
  return ids;
}

/**
 * An anonymous chat session was attached to a signed-in seeker: the requests taken in it become theirs
 * (only unowned ones), and are released when the seeker is verified.
 */
export async function claimSessionRequests(prisma: Db, sessionId: string, user: { id: string; role?: string | null }, bus?: EventBus): Promise<string[]> {
  if (user.role && user.role !== 'seeker') return [];
  await prisma.request.updateMany({ where: { sessionId, userId: null }, data: { userId: user.id } });
  return releaseUserDrafts(prisma, user.id, bus);
}
