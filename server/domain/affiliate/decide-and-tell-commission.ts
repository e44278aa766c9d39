// An admin's decision on a held commission with what the partner is told, for every door that decides one
// (the 'Provisionsprüfung' tab through POST /api/admin/affiliate/commissions/:id/decide, and the admin chat):
// decideCommission books it, the partner's notice of a void is written in the same transaction (decision 082)
// and the live note goes out after the commit.
import type { AppDeps } from '../../deps.ts';
import type { AuditVia } from '../admin/audit.ts';
import { announce, type Notice } from '../notifications/notify.ts';
import { decideCommission } from './decide-commission.ts';
import { queueCommissionVoided } from './tell-commission-voided.ts';

export async function decideAndTellCommission(
  deps: AppDeps,
  adminId: string,
  commissionId: string,
  decision: 'release' | 'void',
  reason: string,
  via: AuditVia,
): Promise<Awaited<ReturnType<typeof decideCommission>>> {
  let told: Notice[] = [];
  const decided = await decideCommission(deps.db.prisma, adminId, commissionId, decision, reason, {
    logger: deps.logger,
    via,
    inTransaction: async (tx, status) => {
      told = await queueCommissionVoided(tx, deps, commissionId, status);
    },
  });
  await announce(deps, told);
  return decided;
}
