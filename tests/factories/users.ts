// Builds users for tests and the demo seed alike. Passwords are hashed the way better-auth does.
import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../server/db.ts';

export interface UserInput {
  email?: string;
  name?: string;
  role?: 'seeker' | 'provider' | 'admin';
  password?: string;
  emailVerified?: boolean;
  locale?: 'de' | 'en';
  referredById?: string | null;
}

let counter = 0;

export async function createUser(prisma: Db, input: UserInput = {}) {
  counter += 1;
  const id = crypto.randomUUID();
  const email = (input.email ?? `user${counter}-${id.slice(0, 8)}@example.com`).toLowerCase();
  const password = input.password ?? 'correct-horse-battery';
  const user = await prisma.user.create({
    data: {
      id,
      email,
      name: input.name ?? `Test ${counter}`,
      role: input.role ?? 'seeker',
      emailVerified: input.emailVerified ?? true,
      locale: input.locale ?? 'de',
      referredById: input.referredById ?? null,
      accounts: { create: { id: crypto.randomUUID(), accountId: id, providerId: 'credential', password: await hashPassword(password) } },
    },
  });
  return { ...user, password };
}

/** Creates the user, or updates the one with that e-mail (idempotent, for the seed). */
export async function upsertUser(prisma: Db, input: UserInput & { email: string }) {
  const existing = await prisma.user.findUnique({ where: { email: input.email.toLowerCase() } });
  if (existing) return { ...existing, password: input.password ?? 'correct-horse-battery' };
  return createUser(prisma, input);
}
