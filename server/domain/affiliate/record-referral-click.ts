// A visit through a partner's link. No IP address or visitor id is stored (decision 024): the door counts a
// click only when the visitor's browser gets the referral cookie for the first time.
import type { Db } from '../../db.ts';
import { normalizeReferralCode } from './referral-code.ts';

/** The partner of a valid, known code, or null (unknown codes are ignored without an error). */
export async function findPartnerByCode(prisma: Db, raw: unknown): Promise<{ partnerId: string; code: string } | null> {
  const code = normalizeReferralCode(raw);
  if (!code) return null;
  const user = await prisma.user.findUnique({ where: { referralCode: code }, select: { id: true } });
  return user ? { partnerId: user.id, code } : null;
}

export async function recordReferralClick(prisma: Db, partnerId: string): Promise<void> {
  await prisma.referralEvent.create({ data: { partnerId, kind: 'click' } });
}
