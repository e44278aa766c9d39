// Stores who brought a person in: once, at sign-up, never changed afterwards. The first valid code wins
// (the referral cookie from the first visit, then a code typed at sign-up). A code of the person
// themselves, or of someone in their own downline (a cycle), is refused; an unknown code is ignored.
import type { Db } from '../../db.ts';
import { getUpline } from './get-upline.ts';
import { normalizeReferralCode } from './referral-code.ts';

export type AttributionResult =
  | { attributed: true; partnerId: string }
  | { attributed: false; reason: 'NO_CODE' | 'UNKNOWN_CODE' | 'SELF_REFERRAL' | 'CYCLE' | 'ALREADY_REFERRED' | 'UNKNOWN_USER' };

/**
 * The partner a new person signs up under: the first of the codes that names someone (decision 061). Read
 * before the sign-up's transaction and written with the user row itself, so the person and their referrer
 * commit together. A new person can be nobody's upline, so there is no cycle to refuse.
 */
export async function referrerForSignup(prisma: Db, codes: readonly unknown[]): Promise<string | null> {
  for (const raw of codes) {
    const code = normalizeReferralCode(raw);
    if (!code) continue;
    const partner = await prisma.user.findUnique({ where: { referralCode: code }, select: { id: true } });
    if (partner) return partner.id;
  }
  return null;
}

/** Tries the codes in order and stores the first valid one (an existing person without a referrer). */
export async function attributeReferral(prisma: Db, userId: string, codes: readonly unknown[]): Promise<AttributionResult> {
  let last: AttributionResult = { attributed: false, reason: 'NO_CODE' };
  for (const raw of codes) {
    const code = normalizeReferralCode(raw);
    if (!code) continue;
    last = await attributeOne(prisma, userId, code);
    if (last.attributed || last.reason === 'ALREADY_REFERRED' || last.reason === 'UNKNOWN_USER') return last;
  }
  return last;
}

async function attributeOne(prisma: Db, userId: string, code: string): Promise<AttributionResult> {
  const [user, partner] = await Promise.all([
    prisma.user.findUnique({ where: { id: userId }, select: { id: true, referredById: true } }),
    prisma.user.findUnique({ where: { referralCode: code }, select: { id: true } }),
  ]);
  if (!user) return { attributed: false, reason: 'UNKNOWN_USER' };
  if (user.referredById) return { attributed: false, reason: 'ALREADY_REFERRED' };
  if (!partner) return { attributed: false, reason: 'UNKNOWN_CODE' };
  if (partner.id === userId) return { attributed: false, reason: 'SELF_REFERRAL' };
  // The partner's upline may not contain the person: they would become their own ancestor. The upline is
  // read in full depth here (not only ten levels), since a cycle anywhere would never end.
  const upline = await getUpline(prisma, partner.id, 10_000);
  if (upline.some((u) => u.partnerId === userId)) return { attributed: false, reason: 'CYCLE' };
  const done = await prisma.user.updateMany({ where: { id: userId, referredById: null }, data: { referredById: partner.id } });
  // The partner's 'signup' event is written by the database with the referrer (decision 061).
  if (done.count !== 1) return { attributed: false, reason: 'ALREADY_REFERRED' };
  return { attributed: true, partnerId: partner.id };
}
