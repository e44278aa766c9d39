// The referral code: 'AKUT-' and six random uppercase letters (the prefix is part of the contract), and the
// cookie that carries it from the visit to sign-up. No database here.
import crypto from 'node:crypto';

export const REFERRAL_PREFIX = 'AKUT-';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const REFERRAL_CODE_PATTERN = /^AKUT-[A-Z]{6}$/;

/** A fresh random code (26^6 ≈ 309 million codes; uniqueness is the database's unique index). */
export function generateReferralCode(): string {
  let out = REFERRAL_PREFIX;
  for (let i = 0; i < 6; i++) out += LETTERS[crypto.randomInt(LETTERS.length)];
  return out;
}

/** The code in its stored form (trimmed, upper case), or null when it cannot be a code at all. */
export function normalizeReferralCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The partner link of a code: the landing page with ?ref= (the server turns it into the referral cookie). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/** The first-party cookie that carries a code from the visit to sign-up (decision 024). */
export const REFERRAL_COOKIE = 'akut_ref';

/** The referral code a request's Cookie header carries (its format only; sign-up checks it is known). */
export function referralCodeFromCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== REFERRAL_COOKIE) continue;
    try {
      return normalizeReferralCode(decodeURIComponent(v.join('=')));
    } catch {
      return null;
    }
  }
  return null;
}
