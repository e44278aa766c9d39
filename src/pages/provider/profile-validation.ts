// The onboarding and profile form checked in the browser by the rules of the server's zod schema
// (core/providers/providers.schemas.ts), so most mistakes show before a round trip. The
// server still decides: its field errors (an unknown postcode, a radius above the admin's maximum) are
// shown next to the field too.
import { CATEGORY_IDS, type CategoryId, type ProfileInput } from './provider-api';

export const RADIUS_MIN = 5;
export const RADIUS_MAX = 200;

export interface ProfileValues {
  firmenname: string;
  categories: CategoryId[];
  postcode: string;
  radiusKm: string;
  description: string;
  phone: string;
  email: string;
  acceptsMatches: boolean;
  minBudget: string;
}

export type ProfileField = keyof ProfileValues;

/** Field → the key of its message in provider.json (profile.errors.*). */
export type ProfileErrors = Partial<Record<ProfileField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9 ()/.-]{6,40}$/;

export function validateProfile(v: ProfileValues): { errors: ProfileErrors; input: ProfileInput | null } {
  const errors: ProfileErrors = {};
  const firmenname = v.firmenname.trim();
  if (firmenname.length < 2 || firmenname.length > 120) errors.firmenname = 'firmenname';
  const categories = v.categories.filter((c) => (CATEGORY_IDS as readonly string[]).includes(c));
  if (categories.length === 0) errors.categories = 'categories';
  const postcode = v.postcode.trim();
  if (!/^\d{5}$/.test(postcode)) errors.postcode = 'postcode';
  const radius = Number(v.radiusKm.trim());
  if (!v.radiusKm.trim() || !Number.isInteger(radius) || radius < RADIUS_MIN || radius > RADIUS_MAX) errors.radiusKm = 'radiusKm';
  const description = v.description.trim();
  if (description.length < 20) errors.description = 'descriptionShort';
  else if (description.length > 2000) errors.description = 'descriptionLong';
  const phone = v.phone.trim();
  if (phone.length < 6 || phone.length > 40 || !PHONE.test(phone)) errors.phone = 'phone';
  const email = v.email.trim();
  if (!EMAIL.test(email) || email.length > 200) errors.email = 'email';
  let minBudget: number | null = null;
  if (v.minBudget.trim()) {
    const n = Number(v.minBudget.trim());
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) errors.minBudget = 'minBudget';
    else minBudget = n;
  }
  if (Object.keys(errors).length) return { errors, input: null };
  return {
    errors,
    input: { firmenname, categories, postcode, radiusKm: radius, description, phone, email, acceptsMatches: v.acceptsMatches, minBudget },
  };
}
