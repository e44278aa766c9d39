import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { z } from 'zod';
import type { Db } from '../../db.ts';
import { translator } from '../../i18n.ts';
import { checkPassword, passwordReason } from './password-policy.ts';

export const adminInputSchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(12, 'an admin password needs at least 12 characters').max(128).optional(),
  name: z.string().trim().min(1).max(100).optional(),
});

/**
 * Creates an admin (e-mail verified, no two-factor yet: the first sign-in must enrol TOTP before any admin
 * data is shown) or promotes an existing user. Returns the generated password when one was made.
 */
export async function createOrPromoteAdmin(prisma: Db, input: z.input<typeof adminInputSchema>) {
  const { email, password, name } = adminInputSchema.parse(input);
  if (password) {
    // The policy of every new password (server/domain/users/password-policy.ts); the command speaks English.
    const verdict = await checkPassword(password, [email, name]);
    if (!verdict.ok) throw new Error(passwordReason(verdict, translator('en')));
  }
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) {
    await prisma.user.update({ where: { id: existing.id }, data: { role: 'admin' } });
    let passwordSet = false;
    if (password) {
      const hash = await hashPassword(password);
      const updated = await prisma.account.updateMany({ where: { userId: existing.id, providerId: 'credential' }, data: { password: hash } });
      if (updated.count === 0)
        await prisma.account.create({
          data: { id: crypto.randomUUID(), accountId: existing.id, providerId: 'credential', userId: existing.id, password: hash },
        });
      passwordSet = true;
    }
    return { created: false as const, userId: existing.id, email, generatedPassword: undefined, passwordSet, twoFactorEnabled: existing.twoFactorEnabled };
  }
  const generatedPassword = password ? undefined : crypto.randomBytes(12).toString('base64url');
  const id = crypto.randomUUID();
  await prisma.user.create({
    data: {
      id,
      email,
      name: name ?? email.split('@')[0]!,
      role: 'admin',
      emailVerified: true,
      accounts: { create: { id: crypto.randomUUID(), accountId: id, providerId: 'credential', password: await hashPassword(password ?? generatedPassword!) } },
    },
  });
  return { created: true as const, userId: id, email, generatedPassword, passwordSet: true, twoFactorEnabled: false };
}
