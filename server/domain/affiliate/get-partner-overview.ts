// What a partner sees first: their code and link, earnings (total and this month; pending and available,
// in Goints and euros) and conversion (clicks → sign-ups → first revenue). Only the caller's own figures.
import type { Db } from '../../db.ts';
import { account, refKey } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/get-balance.ts';
import { getReferralCode } from './get-referral-code.ts';
import { referralLink } from './referral-code.ts';
import { moneyView } from '../../../core/money/money-view.ts';
import type { PartnerOverview } from '../../../core/api/affiliate.ts';
export type { PartnerOverview } from '../../../core/api/affiliate.ts';

const COUNTED = ['pending', 'held', 'available'];

export async function getPartnerOverview(prisma: Db, userId: string, opts: { origin: string; now?: Date }): Promise<PartnerOverview> {
  const now = opts.now ?? new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const code = await getReferralCode(prisma, userId);
  const [total, month, held, balances, events] = await Promise.all([
    prisma.commission.aggregate({ where: { partnerId: userId, status: { in: COUNTED } }, _sum: { amount: true } }),
    prisma.commission.aggregate({ where: { partnerId: userId, status: { in: COUNTED }, createdAt: { gte: monthStart } }, _sum: { amount: true } }),
    prisma.commission.aggregate({ where: { partnerId: userId, status: 'held' }, _sum: { amount: true }, _count: { _all: true } }),
    getBalances(prisma, [account.partnerPending(userId), account.partnerEarnings(userId)]),
    prisma.referralEvent.groupBy({ by: ['kind'], where: { partnerId: userId }, _count: { _all: true } }),
  ]);
  const count = (kind: string) => events.find((e) => e.kind === kind)?._count._all ?? 0;
  const clicks = count('click');
  const signups = count('signup');
  const firstRevenue = count('first_revenue');
  const rate = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);
  return {
    code,
    link: referralLink(opts.origin, code),
    earnings: {
      total: moneyView(total._sum.amount ?? 0n),
      thisMonth: moneyView(month._sum.amount ?? 0n),
      pending: moneyView(balances.get(refKey(account.partnerPending(userId)))!),
      held: { ...moneyView(held._sum.amount ?? 0n), count: held._count._all },
      available: moneyView(balances.get(refKey(account.partnerEarnings(userId)))!),
    },
    conversion: { clicks, signups, firstRevenue, signupRate: rate(signups, clicks), revenueRate: rate(firstRevenue, signups) },
  };
}
