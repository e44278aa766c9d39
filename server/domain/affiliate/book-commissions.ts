// Commissions of one settled deal, booked in the transaction that settles it (decision 025). For the seeker
// and for the provider of the deal, each partner of their upline (level 1 = who brought them in, up to ten
// levels) gets pool × level fraction × the deal's platform revenue, rounded down to whole milli-Goints, from
// platform revenue to the partner's pending account; the rounding residue stays with the platform. Nothing
// for a partner who is the seeker or provider of the deal, nothing for recruiting itself. One ledger
// transaction and one Commission row per (deal, referred user, level): booking twice books once.
import type { DbTx } from '../../db.ts';
import { commissionMachine } from '../../../machines/commission.machine.ts';
import { initialEntity } from '../../machines/entity.ts';
import { getSettings } from '../settings/settings.ts';
import { account } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { commissionAmount } from '../../../core/affiliate/commission-plan.ts';
import { getCommissionPlan } from './get-commission-plan.ts';
import { getUpline } from './get-upline.ts';
import { checkFraud, loadPeople } from './fraud-rules.ts';
import { transitionCommission } from './commission-transition.ts';

export interface BookCommissionsInput {
  dealId: string;
  requestId: string;
  seekerId: string;
  providerId: string;
  /** milli-Goints: the platform revenue this deal earned (the basis of every commission). */
  platformRevenue: bigint;
}

export interface BookedCommission {
  id: string;
  partnerId: string;
  referredUserId: string;
  level: number;
  amount: bigint;
  status: string;
}

const DAY_MS = 24 * 60 * 60_000;

export async function bookCommissions(tx: DbTx, input: BookCommissionsInput, opts: { now?: Date } = {}): Promise<BookedCommission[]> {
  const now = opts.now ?? new Date();
  const parties = [...new Set([input.seekerId, input.providerId])];
  const uplines = new Map(await Promise.all(parties.map(async (p) => [p, await getUpline(tx, p)] as const)));
  // First revenue of a referred person (conversion figures), whatever the commission amounts.
  if (input.platformRevenue > 0n) {
    const firsts = parties.flatMap((p) => {
      const l1 = uplines.get(p)?.[0];
      return l1 ? [{ partnerId: l1.partnerId, kind: 'first_revenue', userId: p }] : [];
    });
    if (firsts.length) await tx.referralEvent.createMany({ data: firsts, skipDuplicates: true });
  }
  // Nobody brought either side in (most deals): nothing more to read.
  if (input.platformRevenue <= 0n || [...uplines.values()].every((u) => u.length === 0)) return [];
  const plan = await getCommissionPlan(tx);
  const windowDays = (await getSettings(tx))['affiliate.refundWindowDays'];
  const availableAt = new Date(now.getTime() + windowDays * DAY_MS);
  const inUpline = (party: string, partnerId: string) => uplines.get(party)?.some((u) => u.partnerId === partnerId) ?? false;
  const everyone = [...parties, ...[...uplines.values()].flat().map((u) => u.partnerId)];
  const people = await loadPeople(tx, everyone);
  const init = initialEntity(commissionMachine);
  const booked: BookedCommission[] = [];
  for (const referredUserId of parties) {
    for (const { partnerId, level, deleted } of uplines.get(referredUserId) ?? []) {
      // A partner's own deals earn nothing, nor does a deleted account: its share stays with the platform.
      if (parties.includes(partnerId) || deleted) continue;
      const amount = commissionAmount(input.platformRevenue, plan, level);
      if (amount <= 0n) continue;
      const key = { dealId_referredUserId_level: { dealId: input.dealId, referredUserId, level } };
      const existing = await tx.commission.findUnique({ where: key, select: { id: true, partnerId: true, amount: true, status: true } });
      if (existing) {
        booked.push({ ...existing, referredUserId, level });
        continue;
      }
      const row = await tx.commission.create({
        data: {
          dealId: input.dealId,
          referredUserId,
          level,
          partnerId,
          basis: input.platformRevenue,
          amount,
          poolBp: plan.poolBp,
          levelBp: plan.levelsBp[level - 1]!,
          status: init.state,
          machineSnapshot: init.snapshot as never,
          availableAt,
        },
        select: { id: true },
      });
      await postTransaction(tx, {
        idempotencyKey: `commission:${input.dealId}:${referredUserId}:${level}`,
        kind: 'commission',
        reference: input.dealId,
        memo: { commissionId: row.id, requestId: input.requestId, level },
        lines: [
          { account: account.platformRevenue(), amount: -amount },
          { account: account.partnerPending(partnerId), amount },
        ],
      });
      const other = parties.find((p) => p !== referredUserId);
      const flags = await checkFraud(tx, people, { partnerId, referredUserId, level, partnerOnBothSides: other !== undefined && inUpline(other, partnerId) });
      const status = flags.length ? await transitionCommission(tx, row.id, { type: 'FLAGGED' }, { flags: flags as never }) : init.state;
      booked.push({ id: row.id, partnerId, referredUserId, level, amount, status });
    }
  }
  return booked;
}
