// Enrols TOTP for a user directly in the database, encrypted with the app's auth secret exactly as
// better-auth stores it; used by browser tests that need an admin who already has two-factor.
import crypto from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { Db } from '../../server/db.ts';

export async function enableTotp(
  prisma: Db,
  opts: { userId: string; email: string; authSecret: string; rawSecret?: string; backupCodes?: string[] },
): Promise<string> {
  const rawSecret = opts.rawSecret ?? crypto.randomBytes(24).toString('base64url').slice(0, 32);
  const backupCodes = opts.backupCodes ?? Array.from({ length: 10 }, () => crypto.randomBytes(5).toString('hex'));
  await prisma.twoFactor.deleteMany({ where: { userId: opts.userId } });
  await prisma.twoFactor.create({
    data: {
      id: crypto.randomUUID(),
      userId: opts.userId,
      secret: await symmetricEncrypt({ key: opts.authSecret, data: rawSecret }),
      backupCodes: await symmetricEncrypt({ key: opts.authSecret, data: JSON.stringify(backupCodes) }),
      verified: true,
    },
  });
  await prisma.user.update({ where: { id: opts.userId }, data: { twoFactorEnabled: true } });
  return createOTP(rawSecret).url('akut', opts.email);
}
