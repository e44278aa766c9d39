// An admin decides on a request the pre-filter held back: approve opens and matches it, reject ends it.
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../deps.ts';
import { getSettings } from '../settings/settings.ts';
import { matchRequest } from '../matching/match-request.ts';
import { notify, appLink } from '../notifications/notify.ts';
import { rejectRequest } from './end-request.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';

export async function moderateRequest(deps: AppDeps, adminId: string, requestId: string, decision: 'approve' | 'reject', via: AuditVia = 'dashboard'): Promise<{ status: string; matched: number }> {
  const prisma = deps.db.prisma;
  const r = await prisma.request.findUnique({ where: { id: requestId }, select: { status: true, userId: true } });
  if (!r) throw new AppError('NOT_FOUND');
  if (r.status !== 'review') throw new AppError('CONFLICT');
  let matched = 0;
  if (decision === 'approve') {
    const settings = await getSettings(prisma);
    const now = new Date();
    await inTransaction(prisma, async (tx) => {
      const done = await tx.request.updateMany({
        where: { id: requestId, status: 'review' },
        data: { status: 'open', moderatedById: adminId, moderatedAt: now, expiresAt: new Date(now.getTime() + settings['marketplace.requestExpiryDays'] * 86_400_000) },
      });
      if (done.count !== 1) throw new AppError('CONFLICT');
      await recordAudit(tx, { actorId: adminId, action: 'request.approve', entityType: 'request', entityId: requestId, before: { status: 'review' }, after: { status: 'open' }, via });
    });
    matched = await matchRequest(deps, requestId);
  } else {
    await inTransaction(prisma, async (tx) => {
      const done = await tx.request.updateMany({ where: { id: requestId, status: 'review' }, data: { moderatedById: adminId, moderatedAt: new Date() } });
      if (done.count !== 1) throw new AppError('CONFLICT');
      await recordAudit(tx, { actorId: adminId, action: 'request.reject', entityType: 'request', entityId: requestId, before: { status: 'review' }, after: { status: 'rejected' }, via });
    });
    await rejectRequest(deps, requestId);
  }
  if (r.userId) {
    await notify(deps, {
      userId: r.userId,
      event: { type: 'request.moderated', payload: { requestId, decision } },
      mail: {
        template: 'requestModerated',
        params: (lang) => ({
          decision:
            decision === 'approve'
              ? lang === 'de'
                ? 'deine Anfrage wurde freigegeben und an passende Anbieter weitergeleitet.'
                : 'your request has been approved and sent to matching providers.'
              : lang === 'de'
                ? 'deine Anfrage konnte leider nicht freigegeben werden. Bitte formuliere sie neu, ohne Kontaktdaten oder Links.'
                : 'unfortunately your request could not be approved. Please describe it again, without contact data or links.',
          url: appLink(deps, '/suchende-dashboard'),
        }),
      },
    });
  }
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
