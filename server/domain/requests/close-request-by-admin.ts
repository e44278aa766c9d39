// An admin closes a request without a deal: the same ending as the seeker's close (every unlocking provider
// refunded in full, open offers and matches closed), with the admin's reason stored on the request and an
// audit entry in the same transaction; the seeker is told in their language.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { translator } from '../../i18n.ts';
import { categoryLabel, isCategoryId } from '../../../core/categories/category-labels.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { ENDABLE, endRequest } from './end-request.ts';
import { checkAdminReason } from './moderate-request.ts';

export interface AdminClosedRequest {
  status: 'closed';
  /** Providers refunded and the Goints they got back in total. */
  refunded: number;
  refundedGoints: number;
}

export async function closeRequestByAdmin(
  deps: AppDeps,
  adminId: string,
  requestId: string,
  opts: { reason?: string | null; via?: AuditVia } = {},
): Promise<AdminClosedRequest> {
  const reason = checkAdminReason(opts.reason, false);
  const prisma = deps.db.prisma;
  const r = await prisma.request.findUnique({ where: { id: requestId }, select: { status: true, userId: true, kategorie: true, acceptedOfferId: true } });
  if (!r) throw new AppError('NOT_FOUND');
  // A deal waiting for its confirmations keeps the request: it must be cancelled first.
  if (!ENDABLE.includes(r.status) || r.acceptedOfferId) throw new AppError('REQUEST_NOT_CLOSABLE');
  const userId = r.userId;
  let told: Notice[] = [];
  const { ended, refunded } = await endRequest(deps, requestId, 'closed', { status: [r.status] }, async (tx, refunds) => {
    await tx.request.update({ where: { id: requestId }, data: { adminReason: reason } });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'request.close',
      entityType: 'request',
      entityId: requestId,
      before: { status: r.status },
      after: { status: 'closed', refunds: refunds.map((x) => ({ providerId: x.providerId, goints: x.goints })) },
      reason,
      via: opts.via ?? 'dashboard',
    });
    // The seeker's mail commits with the closing (decision 082).
    if (userId)
      told = await queueNotices(tx, deps, [
        {
          userId,
          event: { type: 'request.closed', payload: { requestId, by: 'admin', reason } },
          mail: {
            template: 'requestClosedByAdmin',
            key: `requestClosedByAdmin:${requestId}`,
            params: (lang) => {
              const t = translator(lang);
              return {
                category: isCategoryId(r.kategorie) ? categoryLabel(r.kategorie, lang) : r.kategorie,
                reason: reason ? (t('email:common.adminReason', { reason }) as string) : '',
                url: appLink(deps, '/suchende-dashboard'),
              };
            },
          },
        },
      ]);
  });
  // Its status moved meanwhile (a deal was accepted, the seeker closed it, moderation decided).
  if (!ended) throw new AppError('REQUEST_NOT_CLOSABLE');
  await announce(deps, told);
  return { status: 'closed', refunded: refunded.length, refundedGoints: refunded.reduce((sum, x) => sum + x.goints, 0) };
}
