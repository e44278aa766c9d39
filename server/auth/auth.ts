// Accounts, sessions, e-mail verification, password reset and TOTP two-factor, by better-auth
// (docs/decisions/003-auth-library.md). Roles live on the user row and are decided here, never by the browser.
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { createAuthMiddleware, APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { z } from 'zod';
import type { Db } from '../db.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { normalizeLang } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { authRequestContext, signupNetworkHash } from './signup-network.ts';

export const SELF_SERVICE_ROLES = ['seeker', 'provider'] as const;

export interface AuthOptions {
  prisma: Db;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  secureCookies: boolean;
  requireEmailVerification: boolean;
  /** Runs after a person verified the e-mail address (failures are logged, the verification stands). */
  onEmailVerified?: (userId: string) => Promise<void>;
}

export function createAuth(opts: AuthOptions) {
  return betterAuth({
    appName: 'akut',
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const entry = { lib: 'better-auth', args: args.length ? args.map(String) : undefined };
        if (level === 'error') opts.logger.error(entry, message);
        else if (level === 'warn') opts.logger.warn(entry, message);
        else opts.logger.debug(entry, message);
      },
    },
    baseURL: opts.baseUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: opts.trustedOrigins,
    database: prismaAdapter(opts.prisma, { provider: 'postgresql' }),
    // Our own limiter guards sign-in/sign-up per IP (server/http/security.ts); better-auth's in-memory one
    // would not be shared between app instances.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    advanced: {
      useSecureCookies: opts.secureCookies,
      cookiePrefix: 'akut',
      database: { generateId: () => crypto.randomUUID() },
    },
    user: {
      additionalFields: {
        // Chosen at sign-up (mode=provider or mode=searcher); 'admin' is only ever set by `npm run admin:create`.
        role: { type: 'string', required: false, defaultValue: 'seeker', input: true, validator: { input: z.enum(SELF_SERVICE_ROLES) } },
        locale: { type: 'string', required: false, defaultValue: 'de', input: true, validator: { input: z.enum(['de', 'en']) } },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: opts.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await opts.mailer.send({ to: user.email, template: 'resetPassword', lang: normalizeLang((user as { locale?: string }).locale), params: { name: user.name, url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await opts.mailer.send({ to: user.email, template: 'verifyEmail', lang: normalizeLang((user as { locale?: string }).locale), params: { name: user.name, url } });
      },
      afterEmailVerification: async (user) => {
        try {
          await opts.onEmailVerified?.(user.id);
        } catch (err) {
          opts.logger.error({ err: err instanceof Error ? err.message : String(err), userId: user.id }, 'after e-mail verification failed');
        }
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Only a keyed hash of the sign-up network is kept (the payout fraud hold compares them).
          after: async (user) => {
            const hash = signupNetworkHash(authRequestContext.getStore()?.ip, opts.secret);
            if (hash) await opts.prisma.user.update({ where: { id: user.id }, data: { signupNetwork: hash } });
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: 'akut', backupCodeOptions: { amount: 10 } })],
    // Client errors (wrong password, refused role change) are answers, not incidents: log them at debug.
    onAPIError: {
      onError: (e) => {
        const status = (e as { status?: string }).status;
        const message = e instanceof Error ? e.message : String(e);
        if (status && status !== 'INTERNAL_SERVER_ERROR') opts.logger.debug({ lib: 'better-auth', status }, message);
        else opts.logger.error({ lib: 'better-auth', err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, 'auth error');
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A signed-in person may change their name or language, never their role.
        if (ctx.path === '/update-user' && ctx.body && typeof ctx.body === 'object' && 'role' in ctx.body) {
          throw new APIError('FORBIDDEN', { message: 'role cannot be changed', code: 'FORBIDDEN' });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
