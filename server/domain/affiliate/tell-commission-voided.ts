// A partner whose commission an admin voided is told why: live (a note in their chat, a toast on the partner
// dashboard) and by e-mail in their language, with the admin's reason as written. Called by the door after the
// decision committed; a lost event or mail never undoes the decision.
import type { AppDeps } from '../../deps.ts';
import { formatEuro, formatGoints } from '../../../core/money/format-money.ts';
import { milliToCents } from '../../../core/money/money.ts';
import { announce, appLink, queueNotices } from '../notifications/notify.ts';
import { inTransaction } from '../../db/tx.ts';

export async function tellCommissionVoided(deps: AppDeps, commissionId: string): Promise<void> {
  const c = await deps.db.prisma.commission.findUnique({ where: { id: commissionId }, select: { partnerId: true, amount: true, decisionReason: true } });
  if (!c) return;
  const goints = Number(c.amount) / 1000;
  const reason = c.decisionReason ?? '';
  // Written after the decision's commit, once per commission (decision 082); not yet in the decision's own transaction.
  const told = await inTransaction(deps.db.prisma, (tx) =>
    queueNotices(tx, deps, [
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
    ]),
  );
  await announce(deps, told);
}
