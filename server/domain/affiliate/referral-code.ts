// The referral code: 'AKUT-' and six random uppercase letters (the prefix is part of the contract). Pure, so
// the client may import the format check too.
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
