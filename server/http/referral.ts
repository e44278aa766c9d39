// Attribution on the server (decision 024). `/ref/{code}` redirects to `/?ref={code}`; a page request with
// `?ref=` of a known code sets the first-party, strictly necessary referral cookie (httpOnly, SameSite=Lax,
// 30 days) that sign-up reads. The first valid code wins: a visitor who carries a valid cookie keeps it. An
// unknown code is ignored without an error. No IP address or visitor id is stored; a click is counted when
// the cookie is set.
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../deps.ts';
import { findPartnerByCode, recordReferralClick } from '../domain/affiliate/record-referral-click.ts';
import { normalizeReferralCode, REFERRAL_COOKIE, referralCodeFromCookie } from '../domain/affiliate/referral-code.ts';

export const REFERRAL_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

export function referralRedirect(req: Request, res: Response) {
  const code = normalizeReferralCode(req.params.code);
  res.redirect(302, code ? `/?ref=${encodeURIComponent(code)}` : '/');
}

export function referralCookie(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const ref = req.query.ref;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof ref !== 'string' || req.path.startsWith('/api/')) return next();
    try {
      const partner = await findPartnerByCode(deps.db.prisma, ref);
      const current = referralCodeFromCookie(req.headers.cookie);
      const currentValid = current ? await findPartnerByCode(deps.db.prisma, current) : null;
      if (partner && !currentValid) {
        res.cookie(REFERRAL_COOKIE, partner.code, {
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.secureCookies,
          maxAge: REFERRAL_COOKIE_MAX_AGE_MS,
          path: '/',
        });
        await recordReferralClick(deps.db.prisma, partner.partnerId);
      }
    } catch (err) {
      // Attribution never stands between a visitor and the page.
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'referral cookie failed');
    }
    next();
  };
}
