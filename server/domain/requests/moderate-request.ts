// An admin decides on a request the pre-filter held back: release (approve) opens and matches it, reject
// ends it. The admin gives a reason (required to reject); it is stored on the request, written to the audit
// log in the same transaction, and told to the seeker in their language.
import { AppError } from '../../../core/errors.ts';
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '../../../core/requests/admin-reason.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { translator } from '../../i18n.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { getSettings } from '../settings/settings.ts';
import { announceMatches, matchOpenRequest } from '../matching/match-request.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import type { DbTx } from '../../db.ts';
import { rejectRequest } from './end-request.ts';

export { ADMIN_REASON_MAX, ADMIN_REASON_MIN, adminReasonInput } from '../../../core/requests/admin-reason.ts';

/** The reason, checked: required (at least a few characters) when `required`, otherwise optional. */
export function checkAdminReason(reason: string | null | undefined, required: boolean): string | null {
  const text = reason?.trim() ?? '';
  if (text.length > ADMIN_REASON_MAX) throw new AppError('VALIDATION_FAILED');
  if (required && text.length < ADMIN_REASON_MIN) throw new AppError('REASON_REQUIRED', { params: { min: ADMIN_REASON_MIN } });
  return text || null;
}

export interface ModerateOptions {
  reason?: string | null;
  via?: AuditVia;
}

export async function moderateRequest(
  deps: AppDeps,
  adminId: string,
  requestId: string,
  decision: 'approve' | 'reject',
  opts: ModerateOptions = {},
): Promise<{ status: string; matched: number }> {
  const reason = checkAdminReason(opts.reason, decision === 'reject');
  const via = opts.via ?? 'dashboard';
  const prisma = deps.db.prisma;
  const r = await prisma.request.findUnique({ where: { id: requestId }, select: { status: true, userId: true } });
  if (!r) throw new AppError('NOT_FOUND');
  if (r.status !== 'review') throw new AppError('CONFLICT');
  let matched = 0;
  let told: Notice[] = [];
  const seekerId = r.userId;
  // The seeker's mail commits with the decision (decision 082).
  const moderated = (tx: DbTx) =>
    seekerId
      ? queueNotices(tx, deps, [
          {
            userId: seekerId,
            event: { type: 'request.moderated', payload: { requestId, decision, reason } },
            mail: {
              template: 'requestModerated',
              key: `requestModerated:${requestId}`,
              params: (lang) => {
                const t = translator(lang);
                const text = t(decision === 'approve' ? 'email:requestModerated.approved' : 'email:requestModerated.rejected') as string;
                return { decision: reason ? `${text}\n${t('email:common.adminReason', { reason })}` : text, url: appLink(deps, '/suchende-dashboard') };
              },
            },
          },
        ])
      : Promise.resolve([]);
  const audit = { actorId: adminId, entityType: 'request', entityId: requestId, reason, via } as const;
  if (decision === 'approve') {
    const settings = await getSettings(prisma);
    const now = new Date();
    // Opening and matching commit together (decision 060).
    const written = await inTransaction(prisma, async (tx) => {
      const done = await tx.request.updateMany({
        where: { id: requestId, status: 'review' },
        data: {
          status: 'open',
          moderatedById: adminId,
          moderatedAt: now,
          adminReason: reason,
          expiresAt: new Date(now.getTime() + settings['marketplace.requestExpiryDays'] * 86_400_000),
        },
      });
      if (done.count !== 1) throw new AppError('CONFLICT');
      await recordAudit(tx, { ...audit, action: 'request.release', before: { status: 'review' }, after: { status: 'open' } });
      const opened = await tx.request.findUniqueOrThrow({ where: { id: requestId } });
      told = await moderated(tx);
      return matchOpenRequest(tx, opened, settings['marketplace.maxRadiusKm'], now);
    });
    await announceMatches(deps, written);
    matched = written.created.length;
  } else {
    const ended = await rejectRequest(deps, requestId, async (tx) => {
      await tx.request.update({ where: { id: requestId }, data: { moderatedById: adminId, moderatedAt: new Date(), adminReason: reason } });
      await recordAudit(tx, { ...audit, action: 'request.reject', before: { status: 'review' }, after: { status: 'rejected' } });
      told = await moderated(tx);
    });
    if (!ended) throw new AppError('CONFLICT');
  }
  await announce(deps, told);
  const now = await prisma.request.findUniqueOrThrow({ where: { id: requestId }, select: { status: true } });
  return { status: now.status, matched };
}

export async function listRequestsForModeration(deps: AppDeps) {
  const rows = await deps.db.prisma.request.findMany({ where: { status: 'review' }, orderBy: { releasedAt: 'asc' }, take: 200 });
  return rows.map((r) => ({
    id: r.id,
    kategorie: r.kategorie,
    beschreibung: r.beschreibung,
    ort: r.ort,
    postcode: r.postcode,
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    dringlichkeit: r.dringlichkeit,
    qualityScore: r.qualityScore,
    flags: (r.flags as { code: string; detail?: string }[] | null) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}
