// Requests of seekers: stored from a confirmed intake draft, held as a draft until their seeker is
// registered and has verified the e-mail address, then released to providers ('open').
import type { AuthContext } from '../../auth/guards.ts';
import type { AppDeps } from '../../deps.ts';
import type { Lang } from '../../i18n.ts';
import type { RequestDraft } from '../../../machines/intake.machine.ts';
import { releaseRequest } from './release-request.ts';
import { matchRequest } from '../matching/match-request.ts';
import { publicDescription } from './request-views.ts';

/** What the seeker sees right after confirming: held (draft), waiting for moderation (review) or open. */
export type RequestStatus = 'draft' | 'open' | 'review';

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

const shown = (status: string): RequestStatus => (status === 'draft' || status === 'review' ? status : 'open');

/**
 * Stores the confirmed draft. A verified signed-in person's request is released at once (the pre-filter
 * opens and matches it, or holds it for moderation); otherwise it is held as a draft.
 */
export async function submitRequest(deps: AppDeps, auth: AuthContext, input: SubmitRequestInput): Promise<SubmittedRequest> {
  const prisma = deps.db.prisma;
  const user = auth.user ? await prisma.user.findUnique({ where: { id: auth.user.id }, select: { id: true, emailVerified: true } }) : null;
  const existing = await prisma.request.findUnique({ where: { sourceKey: input.sourceKey } });
  // A repeated confirmation (also one resumed after a crash, decision 060) completes what the first one began.
  if (existing) return { id: existing.id, status: await releasedIfDue(deps, existing, user), repeated: true };
  const { draft } = input;
  if (!draft.category || !draft.description || (!draft.postcode && !draft.place)) throw new Error('submitRequest: the draft is incomplete');
  let row;
  try {
    row = await prisma.request.create({
      data: {
        userId: user?.id ?? null,
        sessionId: input.sessionId,
        sourceKey: input.sourceKey,
        firstName: input.firstName,
        lang: input.lang,
        kategorie: draft.category,
        beschreibung: draft.description,
        beschreibungOeffentlich: publicDescription(draft.description, input.lang),
        postcode: draft.postcode,
        ort: draft.place,
        budgetMin: draft.budgetMin,
        budgetMax: draft.budgetMax,
        dringlichkeit: draft.urgency ?? 'normal',
        date: draft.date ? new Date(`${draft.date}T00:00:00.000Z`) : null,
        status: 'draft',
      },
    });
  } catch (err) {
    // Two confirmations racing with the same key: the unique index lets one win; answer with its row.
    const winner = await prisma.request.findUnique({ where: { sourceKey: input.sourceKey } });
    if (winner) return { id: winner.id, status: shown(winner.status), repeated: true };
    throw err;
  }
  return { id: row.id, status: await releasedIfDue(deps, row, user), repeated: false };
}

/**
 * A verified owner's draft is released now (its status after that); an open request that was never matched is
 * matched now; any other request stays as it is.
 */
async function releasedIfDue(
  deps: AppDeps,
  row: { id: string; status: string; userId: string | null; matchedAt: Date | null },
  user: { id: string; emailVerified: boolean } | null,
) {
  if (row.status === 'open' && !row.matchedAt) await matchRequest(deps, row.id);
  if (row.status !== 'draft' || !canRelease(user) || row.userId !== user?.id) return shown(row.status);
  await releaseRequest(deps, row.id);
  const now = await deps.db.prisma.request.findUniqueOrThrow({ where: { id: row.id }, select: { status: true } });
  return shown(now.status);
}

/** Releases a person's held drafts when they are verified (through the pre-filter); returns the ids released now. */
export async function releaseUserDrafts(deps: AppDeps, userId: string): Promise<string[]> {
  const prisma = deps.db.prisma;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerified: true } });
  if (!canRelease(user)) return [];
  const drafts = await prisma.request.findMany({ where: { userId, status: 'draft' }, select: { id: true }, orderBy: { createdAt: 'asc' } });
  const released: string[] = [];
  // releaseRequest moves a draft only once, however often this runs at the same time.
  for (const d of drafts) if ((await releaseRequest(deps, d.id)).status !== 'unchanged') released.push(d.id);
  return released;
}

/**
 * An anonymous chat session was attached to a signed-in seeker: the requests taken in it become theirs
 * (only unowned ones), and are released when the seeker is verified.
 */
export async function claimSessionRequests(deps: AppDeps, sessionId: string, user: { id: string; role?: string | null }): Promise<string[]> {
  if (user.role && user.role !== 'seeker') return [];
  await deps.db.prisma.request.updateMany({ where: { sessionId, userId: null }, data: { userId: user.id } });
  return releaseUserDrafts(deps, user.id);
}
