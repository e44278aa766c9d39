// Accounts, sessions, e-mail verification, password reset and TOTP two-factor, by better-auth
// (docs/decisions/003-auth-library.md). Roles live on the user row and are decided here, never by the browser.
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { createAuthMiddleware, APIError } from 'better-auth/api';
import { getSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins';
import { z } from 'zod';
import type { Db } from '../db.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { normalizeLang } from '../i18n.ts';
import { referrerForSignup } from '../domain/affiliate/attribute-referral.ts';
import { referralCodeFromCookie } from '../domain/affiliate/referral-code.ts';
import type { Logger } from '../logger.ts';
import { COOKIE_PREFIX } from './cookie.ts';
import { noteAuthError } from './outage.ts';
import { authRequestContext, signupNetworkHash } from './signup-network.ts';
import { refuseUsedTotpCode } from './totp-replay.ts';
import { NEW_PASSWORD_PATHS, refuseWeakPassword } from './weak-password-hook.ts';

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
  /**
   * After a request to better-auth that may end a session or change an account (sign-out, revocation, password,
   * two-factor, profile): the session cache forgets that person at once (decision 048).
   */
  onAccountChange?: (change: { cookie: string | null; userId: string | null }) => void;
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
    // Multi-step writes (sign-up: the user, the password credential and the referrer; password changes) commit
    // as one transaction (issue 24, decision 061). Hooks inside them read through better-auth's adapter, which
    // joins the transaction; a query of their own on the embedded database would wait for it for ever.
    database: prismaAdapter(opts.prisma, { provider: 'postgresql', transaction: true }),
    // Our own limiter guards sign-in/sign-up per IP (server/http/security.ts); better-auth's in-memory one
    // would not be shared between app instances.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    advanced: {
      useSecureCookies: opts.secureCookies,
      cookiePrefix: COOKIE_PREFIX,
      database: { generateId: () => crypto.randomUUID() },
    },
    user: {
      additionalFields: {
        // Chosen at sign-up (mode=provider or mode=searcher); 'admin' is only ever set by `npm run admin:create`.
        role: { type: 'string', required: false, defaultValue: 'seeker', input: true, validator: { input: z.enum(SELF_SERVICE_ROLES) } },
        locale: { type: 'string', required: false, defaultValue: 'de', input: true, validator: { input: z.enum(['de', 'en']) } },
        // Written by akut's hooks only, never from a request, never shown: who brought the person in, the keyed
        // hash of the sign-up network, and what the session check reads inside better-auth's transactions.
        referredById: { type: 'string', required: false, input: false, returned: false },
        signupNetwork: { type: 'string', required: false, input: false, returned: false },
        suspendedAt: { type: 'date', required: false, input: false, returned: false },
        deletedAt: { type: 'date', required: false, input: false, returned: false },
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
        await opts.mailer.send({
          to: user.email,
          template: 'resetPassword',
          lang: normalizeLang((user as { locale?: string }).locale),
          params: { name: user.name, url },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await opts.mailer.send({
          to: user.email,
          template: 'verifyEmail',
          lang: normalizeLang((user as { locale?: string }).locale),
          params: { name: user.name, url },
        });
      },
      afterEmailVerification: async (user) => {
        try {
          await opts.onEmailVerified?.(user.id);
        } catch (err) {
          opts.logger.error({ err: err instanceof Error ? err.message : String(err), userId: user.id }, 'after e-mail verification failed');
        }
      },
    },
    plugins: [twoFactor({ issuer: 'akut', backupCodeOptions: { amount: 10 } })],
    databaseHooks: {
      // A suspended account gets no session, whatever the way in (password, e-mail link, two-factor step):
      // decision 034. Suspending deletes the sessions it had.
      session: {
        create: {
          before: async (session, ctx) => {
            // Through better-auth's adapter when there is an endpoint: it joins the transaction the session is
            // made in (sign-up, password change).
            const user = ctx
              ? ((await ctx.context.internalAdapter.findUserById(session.userId)) as { suspendedAt?: Date | null; deletedAt?: Date | null } | null)
              : await opts.prisma.user.findUnique({ where: { id: session.userId }, select: { suspendedAt: true, deletedAt: true } });
            // A deleted account (decision 046) has no way in either.
            if (user?.deletedAt) throw new APIError('FORBIDDEN', { message: 'account deleted', code: 'ACCOUNT_DELETED' });
            if (user?.suspendedAt) throw new APIError('FORBIDDEN', { message: 'account suspended', code: 'ACCOUNT_SUSPENDED' });
          },
        },
      },
      user: {
        create: {
          // The user row is written with its referrer and the hash of its network, resolved before the
          // transaction (hooks.before below): the person, their credential and their referrer commit together.
          before: async (user) => {
            const signup = authRequestContext.getStore()?.signup;
            if (!signup) return;
            return {
              data: {
                ...user,
                ...(signup.referredById ? { referredById: signup.referredById } : {}),
                ...(signup.signupNetwork ? { signupNetwork: signup.signupNetwork } : {}),
              },
            };
          },
        },
      },
    },
    // Errors that are not answers (a failed database call) go on to the app's error handler, which logs them
    // and maps a database outage to 503 instead of better-call's bare 500 (server/auth/outage.ts).
    onAPIError: { throw: true },
    hooks: {
      // Some endpoints (get-session) catch a failed database call and answer 500 themselves: note an outage.
      after: createAuthMiddleware(async (ctx) => {
        noteAuthError(ctx.context.returned);
        // Signing in or up makes a new session (a new cookie); reading one changes nothing.
        if (ctx.method !== 'GET' && !/^\/(sign-in|sign-up|get-session)/.test(ctx.path)) {
          opts.onAccountChange?.({
            cookie: ctx.headers ? getSessionCookie(ctx.headers, { cookiePrefix: COOKIE_PREFIX }) : null,
            userId: ctx.context.session?.user.id ?? null,
          });
        }
      }),
      before: createAuthMiddleware(async (ctx) => {
        // One TOTP code works once, at sign-in and at enrolment (decision 074).
        if (ctx.path === '/two-factor/verify-totp') await refuseUsedTotpCode(ctx, opts.prisma);
        // Every new password is hard to guess: sign-up, change and reset (decision 075).
        if (NEW_PASSWORD_PATHS.has(ctx.path)) await refuseWeakPassword(ctx);
        // Who brought the person in (decision 024): the referral cookie of the first visit, else the code typed at
        // sign-up (optional body field referralCode); an unknown code never stops the sign-up. Only a keyed hash
        // of the sign-up network is kept (the payout fraud hold compares them). Both are read here, outside the
        // sign-up's transaction, and written with the user row.
        if (ctx.path === '/sign-up/email') {
          const store = authRequestContext.getStore();
          if (store) {
            const typed = (ctx.body as { referralCode?: unknown } | undefined)?.referralCode;
            const codes = [referralCodeFromCookie(ctx.headers?.get('cookie')), typed];
            store.signup = {
              referredById: codes.some(Boolean) ? await referrerForSignup(opts.prisma, codes) : null,
              signupNetwork: signupNetworkHash(store.ip, opts.secret),
            };
          }
        }
        // A signed-in person may change their name or language, never their role.
        if (ctx.path === '/update-user' && ctx.body && typeof ctx.body === 'object' && 'role' in ctx.body) {
          throw new APIError('FORBIDDEN', { message: 'role cannot be changed', code: 'FORBIDDEN' });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
