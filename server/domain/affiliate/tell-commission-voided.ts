// A partner whose commission an admin voided is told why: live (a note in their chat, a toast on the partner
// dashboard) and by e-mail in their language, with the admin's reason as written. The mail is written into the
// outbox in the decision's own transaction (decision 082), so a void never commits without it; the live event
// goes out after the commit (a lost one never undoes the decision).
import type { AppDeps } from '../../deps.ts';
import type { DbTx } from '../../db.ts';
import { formatEuro, formatGoints } from '../../../core/money/format-money.ts';
import { milliToCents } from '../../../core/money/money.ts';
import type { CommissionStatus } from '../../../machines/commission.machine.ts';
import { appLink, queueNotices, type Notice } from '../notifications/notify.ts';

/** Inside the decision's transaction: the partner's notice of a void (nothing for a release). Answers it for `announce`. */
export async function queueCommissionVoided(
  tx: DbTx,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  commissionId: string,
  status: CommissionStatus,
): Promise<Notice[]> {
  if (status !== 'canceled') return [];
  const c = await tx.commission.findUnique({ where: { id: commissionId }, select: { partnerId: true, amount: true, decisionReason: true } });
  if (!c) return [];
  const goints = Number(c.amount) / 1000;
  const reason = c.decisionReason ?? '';
  return queueNotices(tx, deps, [
    {
      userId: c.partnerId,
      event: { type: 'commission.voided', payload: { commissionId, goints, reason } },
      mail: {
        template: 'commissionVoided',
        key: `commissionVoided:${commissionId}`,
        params: (lang) => ({
          amount: `${formatGoints(goints, lang)} (${formatEuro(milliToCents(c.amount), lang)})`,
          reason,
          url: appLink(deps, '/affiliate/dashboard'),
        }),
      },
    },
  ]);
}
