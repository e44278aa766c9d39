// requireUser / requireRole: the only way any door (HTTP route, ws upgrade, chat tool) learns who is asking.
import type { IncomingHttpHeaders } from 'node:http';
import { getSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../core/errors.ts';
import type { AppDeps } from '../deps.ts';
import { COOKIE_PREFIX } from './cookie.ts';
import type { Db } from '../db.ts';

export type Role = 'seeker' | 'provider' | 'admin';
export const ROLES: readonly Role[] = ['seeker', 'provider', 'admin'];

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  locale: 'de' | 'en';
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export interface AuthContext {
  user: SessionUser | null;
  sessionId: string | null;
  /** When the session ends (ms since the epoch); the session cache keeps it no longer. */
  expiresAt?: number;
}

/**
 * Who may call a door. 'public': anyone. 'user': any signed-in person (including acting as partner).
 * { roles }: signed in with one of these roles; admins must also have TOTP two-factor enabled.
 */
export type Access = 'public' | 'user' | { roles: readonly Role[] };

export function describeAccess(access: Access): string[] {
  if (access === 'public') return ['anonymous', 'seeker', 'provider', 'partner', 'admin'];
  if (access === 'user') return ['seeker', 'provider', 'partner', 'admin'];
  // A partner is a signed-in person (a seeker account) who brought others in: seeker doors are theirs too.
  return access.roles.includes('seeker') ? [...access.roles, 'partner'] : [...access.roles];
}

/**
 * Who is asking: from the session cache when the app has one and it is warm (decision 048), else from
 * better-auth (one session read).
 */
export async function getAuthContext(deps: Pick<AppDeps, 'auth'> & Partial<Pick<AppDeps, 'sessionCache'>>, headers: IncomingHttpHeaders): Promise<AuthContext> {
  const h = fromNodeHeaders(headers);
  const load = async (): Promise<AuthContext> => {
    const result = await deps.auth.api.getSession({ headers: h });
    if (!result) return { user: null, sessionId: null };
    return { sessionId: result.session.id, user: toSessionUser(result.user), expiresAt: new Date(result.session.expiresAt).getTime() };
  };
  if (!deps.sessionCache) return load();
  return deps.sessionCache.read(getSessionCookie(h, { cookiePrefix: COOKIE_PREFIX }), load);
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role?: string | null;
  locale?: string | null;
  twoFactorEnabled?: boolean | null;
}

function toSessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: (ROLES as readonly string[]).includes(u.role ?? '') ? (u.role as Role) : 'seeker',
    locale: u.locale === 'en' ? 'en' : 'de',
    emailVerified: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled === true,
  };
}

/**
 * A person as a door would see them now, for work done on their behalf without a request (a job completing
 * what they began): null when the account is gone, deleted or suspended.
 */
export async function loadSessionUser(prisma: Db, userId: string): Promise<SessionUser | null> {
  const u = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, emailVerified: true, role: true, locale: true, twoFactorEnabled: true, suspendedAt: true, deletedAt: true },
  });
  return u && !u.suspendedAt && !u.deletedAt ? toSessionUser(u) : null;
}

/**
 * The sessions among these ids that are still valid (not signed out, revoked or expired), with their users as
 * they are now: for long-lived doors (a ws socket) that must re-check who is asking. One query for all.
 */
export async function currentSessionUsers(prisma: Db, sessionIds: readonly string[]): Promise<Map<string, SessionUser>> {
  const rows = await prisma.session.findMany({
    where: { id: { in: [...new Set(sessionIds)] }, expiresAt: { gt: new Date() }, user: { suspendedAt: null } },
    select: { id: true, user: { select: { id: true, email: true, name: true, emailVerified: true, role: true, locale: true, twoFactorEnabled: true } } },
  });
  return new Map(rows.map((r) => [r.id, toSessionUser(r.user)]));
}

export function requireUser(auth: AuthContext): SessionUser {
  if (!auth.user) throw new AppError('UNAUTHENTICATED');
  return auth.user;
}

export function requireRole(auth: AuthContext, roles: readonly Role[]): SessionUser {
  const user = requireUser(auth);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  if (user.role === 'admin' && !user.twoFactorEnabled) throw new AppError('TWO_FACTOR_REQUIRED');
  return user;
}

/** Whether the person may act in the role now (the same rule as requireRole: admins need TOTP). */
export function mayActAs(user: SessionUser, role: Role): boolean {
  try {
    requireRole({ user, sessionId: null }, [role]);
    return true;
  } catch {
    return false;
  }
}

export function checkAccess(auth: AuthContext, access: Access): void {
  if (access === 'public') return;
  if (access === 'user') {
    requireUser(auth);
    return;
  }
  requireRole(auth, access.roles);
}

/** Resolves the session from the request headers and enforces the route's access rule. */
export async function requireAccess(
  deps: Pick<AppDeps, 'auth'> & Partial<Pick<AppDeps, 'sessionCache'>>,
  req: { headers: IncomingHttpHeaders },
  access: Access,
): Promise<AuthContext> {
  const auth = await getAuthContext(deps, req.headers);
  checkAccess(auth, access);
  return auth;
}
