// The better-auth side of the password policy (server/domain/users/password-policy.ts): before an endpoint sets a new
// password, a guessable one is refused with 400 PASSWORD_TOO_WEAK and the reason in the request's language.
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { langFromRequest, translator } from '../i18n.ts';
import { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordReason } from '../domain/users/password-policy.ts';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Endpoint → the body field holding the new password. */
const NEW_PASSWORD_FIELD = new Map([
  ['/sign-up/email', 'password'],
  ['/change-password', 'newPassword'],
  ['/reset-password', 'newPassword'],
]);
export const NEW_PASSWORD_PATHS: ReadonlySet<string> = new Set(NEW_PASSWORD_FIELD.keys());

export async function refuseWeakPassword(ctx: HookContext): Promise<void> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const field = NEW_PASSWORD_FIELD.get(ctx.path);
  const password = field && Object.hasOwn(body, field) ? body[field] : undefined;
  // Too short or too long, or no string: better-auth's own checks answer (PASSWORD_TOO_SHORT, …).
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
  const inputs: unknown[] = [body.email, body.name];
  if (ctx.path === '/change-password') {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    inputs.push(session?.user.email, session?.user.name);
  }
  const verdict = await checkPassword(
    password,
    inputs.filter((v): v is string => typeof v === 'string'),
  );
  if (verdict.ok) return;
  const t = translator(
    langFromRequest({
      headers: { 'x-akut-lang': ctx.headers?.get('x-akut-lang') ?? undefined, 'accept-language': ctx.headers?.get('accept-language') ?? undefined },
    }),
  );
  throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: passwordReason(verdict, t) });
}
