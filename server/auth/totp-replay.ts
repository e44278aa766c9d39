// One TOTP code works once (issue 24: two admin sign-ins with one code both succeeded). better-auth accepts the
// code of the current 30-second step and of the steps on either side; before it checks a code, this claims the
// code's step for the account in one conditional update: a code of the last accepted step or an earlier one is
// refused with TOTP_CODE_USED, also when two requests bring the same code at once (decision 074).
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../db.ts';
import { langFromRequest, translator } from '../i18n.ts';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export const TOTP_PERIOD_SECONDS = 30;
/** Steps on either side of now that a code may belong to (better-auth's window). */
const TOTP_WINDOW = 1;
const TWO_FACTOR_COOKIE = 'two_factor';
const BASE32_PREFIX = 'base32:';

/** The account a TOTP check is for: the signed-in person (enrolment), else the pending sign-in's two-factor cookie. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!signed) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(signed);
  return pending?.value ?? null;
}

/** The time step whose code this is, within better-auth's window around now; null when it is no valid code. */
export async function totpStepOf(rawSecret: Parameters<typeof createOTP>[0], code: string, now = Date.now()): Promise<number | null> {
  const otp = createOTP(rawSecret, { period: TOTP_PERIOD_SECONDS, digits: 6 });
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step--) if ((await otp.hotp(step)) === code) return step;
  return null;
}

/**
 * Before /two-factor/verify-totp: a right code whose step is not after the account's last accepted step is
 * refused; otherwise that step becomes the last one. A wrong code is left to better-auth (which counts it).
 */
export async function refuseUsedTotpCode(ctx: HookContext, prisma: Db): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return;
  const userId = await accountOf(ctx);
  if (!userId) return;
  const row = await prisma.twoFactor.findFirst({ where: { userId }, select: { id: true, secret: true } });
  if (!row) return;
  const stored = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // Secrets imported from elsewhere are kept as 'base32:<secret>' (as better-auth reads them).
  const secret = stored.startsWith(BASE32_PREFIX) ? base32.decode(stored.slice(BASE32_PREFIX.length).toUpperCase()) : stored;
  const step = await totpStepOf(secret, code);
  if (step === null) return;
  const claimed = await prisma.twoFactor.updateMany({
    where: { id: row.id, OR: [{ lastTotpStep: null }, { lastTotpStep: { lt: step } }] },
    data: { lastTotpStep: step },
  });
  if (claimed.count === 1) return;
  const t = translator(
    langFromRequest({
      headers: { 'x-akut-lang': ctx.headers?.get('x-akut-lang') ?? undefined, 'accept-language': ctx.headers?.get('accept-language') ?? undefined },
    }),
  );
  throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_USED', message: t('auth:errors.TOTP_CODE_USED') });
}
