// Before a seeker's deal earnings are paid out: does a deal they come from look like one person on both
// sides? The counterparts are the providers whose unlocks the seeker's completed deals settled. Signals:
// the same payout account (keyed hash of IBAN or PayPal address), the same e-mail pattern (one mailbox
// written differently, e.g. Gmail's dots and +tags, or one company domain), the same sign-up network (keyed
// hash of its /24 or /48). Any of them holds the payout for an admin (payout machine: 'held'). Decision 019.
import type { Db, DbTx } from '../../db.ts';

export const HOLD_REASONS = ['same_payout_account', 'same_email_pattern', 'same_signup_network'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

// Domains many unrelated people share (free mail) or nobody receives mail at (reserved for examples and
// tests): there only the same mailbox counts, not the domain.
const SHARED_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'outlook.com',
  'outlook.de',
  'hotmail.com',
  'hotmail.de',
  'live.com',
  'live.de',
  'msn.com',
  'yahoo.com',
  'yahoo.de',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aol.de',
  'freenet.de',
  'posteo.de',
  'mailbox.org',
  'proton.me',
  'protonmail.com',
  'arcor.de',
  'online.de',
  'mail.de',
  'email.de',
  'vodafone.de',
  'kabelmail.de',
  'yandex.com',
  'zoho.com',
  'gmx.com',
  'mail.com',
]);
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost|local)$/;

/** The patterns an address stands for: its mailbox (Gmail without dots, no +tag) and, for a company domain, the domain. */
export function emailPatterns(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at < 1) return [email.toLowerCase()];
  const local = email.slice(0, at).toLowerCase().split('+')[0]!;
  const domain = email.slice(at + 1).toLowerCase();
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const mailbox = gmail ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
  return SHARED_DOMAINS.has(domain) || RESERVED.test(domain) ? [mailbox] : [mailbox, `@${domain}`];
}

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
