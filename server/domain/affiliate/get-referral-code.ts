// A person's own referral code, created on the server the first time it is needed and never changed.
import type { Db, DbTx } from '../../db.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../../core/errors.ts';
import { generateReferralCode } from './referral-code.ts';

export async function getReferralCode(db: Db | DbTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { referralCode: true } });
    if (!user) throw new AppError('NOT_FOUND');
    if (user.referralCode) return user.referralCode;
    try {
      // Only where none is set yet: two first requests at once keep one code (the other reads it back).
      await db.user.updateMany({ where: { id: userId, referralCode: null }, data: { referralCode: generateReferralCode() } });
    } catch (e) {
      // The random code is someone else's already: draw again.
      if (!isUniqueViolation(e)) throw e;
    }
  }
  throw new Error('could not create a unique referral code');
}
