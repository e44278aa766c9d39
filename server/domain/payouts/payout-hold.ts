// Before a seeker's deal earnings are paid out: does a deal they come from look like one person on both
// sides? The counterparts are the providers whose unlocks the seeker's completed deals settled. Signals:
// the same payout account (keyed hash of IBAN or PayPal address), the same e-mail pattern (one mailbox
// written differently, e.g. Gmail's dots and +tags, or one company domain), the same sign-up network (keyed
// hash of its /24 or /48). Any of them holds the payout for an admin (payout machine: 'held'). Decision 019.
import type { Db, DbTx } from '../../db.ts';
import { emailPatterns } from '../users/email-identity.ts';
import type { HoldReason } from '../../../core/api/payouts.ts';

export { HOLD_REASONS, type HoldReason } from '../../../core/api/payouts.ts';

const overlaps = <T>(a: Iterable<T>, b: Set<T>) => [...a].some((x) => b.has(x));

export async function payoutHoldReasons(db: Db | DbTx, seekerId: string): Promise<HoldReason[]> {
  const rows = await db.$queryRaw<{ providerId: string }[]>`
    SELECT DISTINCT u."providerId" FROM "Deal" d JOIN "Unlock" u ON u."requestId" = d."requestId" AND u."status" = 'settled'
    WHERE d."seekerId" = ${seekerId} AND d."status" = 'completed' AND u."providerId" <> ${seekerId}`;
  const others = rows.map((r) => r.providerId);
  if (!others.length) return [];
  const users = await db.user.findMany({ where: { id: { in: [seekerId, ...others] } }, select: { id: true, email: true, signupNetwork: true } });
  const methods = await db.payoutMethod.findMany({
    where: { userId: { in: [seekerId, ...others] }, accountHash: { not: null } },
    select: { userId: true, accountHash: true },
  });
  const me = users.find((u) => u.id === seekerId);
  const them = users.filter((u) => u.id !== seekerId);
  const reasons: HoldReason[] = [];
  const theirAccounts = new Set(methods.filter((m) => m.userId !== seekerId).map((m) => m.accountHash!));
  if (
    overlaps(
      methods.filter((m) => m.userId === seekerId).map((m) => m.accountHash!),
      theirAccounts,
    )
  )
    reasons.push('same_payout_account');
  const theirPatterns = new Set(them.flatMap((u) => emailPatterns(u.email)));
  if (me && overlaps(emailPatterns(me.email), theirPatterns)) reasons.push('same_email_pattern');
  if (me?.signupNetwork && them.some((u) => u.signupNetwork === me.signupNetwork)) reasons.push('same_signup_network');
  return reasons;
}
