// One person as the admin sees them: role, dates, verification, two-factor, who referred them, balances from
// the ledger, and how much they did (requests, unlocks, deals).
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { account, refKey } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/get-balance.ts';
import { milliToCents, toGoints } from '../../../core/money/money.ts';
import type { UserDetails } from '../../../core/api/admin.ts';
export type { UserDetails } from '../../../core/api/admin.ts';

export async function getUserDetails(prisma: Db, userId: string): Promise<UserDetails> {
  const u = await prisma.user.findUnique({
    where: { id: userId },
    include: {
      referredBy: { select: { id: true, email: true, name: true } },
      _count: { select: { referrals: true, requests: true, unlocks: true, offers: true, payouts: true } },
    },
  });
  if (!u) throw new AppError('NOT_FOUND');
  const refs = [account.wallet(u.id), account.walletPromo(u.id), account.seekerEarnings(u.id), account.partnerEarnings(u.id), account.partnerPending(u.id)];
  const [balances, sessions, deals, suspender] = await Promise.all([
    getBalances(prisma, refs),
    prisma.session.count({ where: { userId: u.id, expiresAt: { gt: new Date() } } }),
    prisma.deal.count({ where: { OR: [{ seekerId: u.id }, { providerId: u.id }] } }),
    u.suspendedById ? prisma.user.findUnique({ where: { id: u.suspendedById }, select: { email: true } }) : null,
  ]);
  const b = (i: number) => balances.get(refKey(refs[i]!)) ?? 0n;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    locale: u.locale,
    emailVerified: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled,
    createdAt: u.createdAt.toISOString(),
    referrer: u.referredBy,
    referrals: u._count.referrals,
    suspension: u.suspendedAt ? { at: u.suspendedAt.toISOString(), reason: u.suspendedReason, byEmail: suspender?.email ?? null } : null,
    activeSessions: sessions,
    balance: {
      goints: toGoints(b(0)),
      promoGoints: toGoints(b(1)),
      seekerEarningsCents: milliToCents(b(2)),
      partnerEarningsCents: milliToCents(b(3)),
      partnerPendingCents: milliToCents(b(4)),
    },
    counts: { requests: u._count.requests, unlocks: u._count.unlocks, offers: u._count.offers, deals, payouts: u._count.payouts },
  };
}
