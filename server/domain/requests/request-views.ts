// How a request looks to a provider: a teaser before the unlock (no contact data, the place and postcode
// masked, the public description cut to 80 characters) and everything after it. Built field by field, so
// nothing of the full request can slip into a teaser.
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { categoryLabel } from '../../../core/categories/category-labels.ts';
import { redactContact } from '../../../core/redaction/contact.ts';
import type { Lang } from '../../i18n.ts';
import { DEFAULT_UNLOCK_PRICE } from '../prices/price-list.ts';
import { formatBudget } from '../../../core/money/format-money.ts';
import type { RequestTeaser, RequestDetails } from '../../../core/api/provider.ts';
export type { RequestTeaser, RequestDetails } from '../../../core/api/provider.ts';

export const TEASER_PREVIEW_LENGTH = 80;

export function maskPlace(place: string | null): string | null {
  if (!place) return null;
  const first = place.trim().split(/[\s,/-]+/)[0];
  return first ? `${first} (****)` : null;
}

export function maskPostcode(postcode: string | null): string | null {
  return postcode && /^\d{5}$/.test(postcode) ? `${postcode.slice(0, 2)}***` : null;
}

/** The first 80 characters and '...' when the text is longer. */
export function previewText(text: string, length = TEASER_PREVIEW_LENGTH): string {
  const chars = [...text.trim()];
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}...` : chars.join('');
}

/** '500 € – 1.000 €' / '€500 – €1,000', '500 €', or null when the budget is open (decision 049). */
export function budgetText(min: number | null, max: number | null, lang: Lang): string | null {
  return formatBudget(min, max, lang);
}

/** Postcodes narrowed to their first two digits ('50667' → '50***'), like the teaser's postcode field. */
export function maskPostcodes(text: string): string {
  return text.replace(/\b(\d{2})\d{3}\b/g, '$1***');
}

/**
 * The description as providers may read it before unlocking: contact data and street addresses hidden by
 * the one detector (core/redaction/contact.ts), postcodes narrowed.
 */
export function publicDescription(text: string, lang: Lang): string {
  return maskPostcodes(redactContact(text, lang));
}

/**
 * The description exactly as providers see it before unlocking: publicDescription, cut to 80 characters.
 * Every view before the unlock uses it (feed and chat teaser cards, the newMatch e-mail, the seeker's
 * preview in the summary card and POST /api/intake/extract), always from the full description, so that
 * an improved detector also covers requests stored before it.
 */
export function teaserDescription(text: string, lang: Lang): string {
  return previewText(publicDescription(text, lang));
}

export interface RequestRow {
  id: string;
  kategorie: string;
  beschreibung: string;
  beschreibungOeffentlich: string;
  postcode: string | null;
  ort: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: Date | null;
  status: string;
  maxUnlocks: number;
  unlockCount: number;
  firstName: string | null;
  releasedAt: Date | null;
  createdAt: Date;
}

export function toTeaser(r: RequestRow, lang: Lang, unlockPrice: number = DEFAULT_UNLOCK_PRICE.goints): RequestTeaser {
  const place = maskPlace(r.ort);
  const label = categoryLabel(r.kategorie as CategoryId, lang);
  return {
    id: r.id,
    kategorie: r.kategorie as CategoryId,
    title: place ? `${label} · ${place.replace(' (****)', '')}` : label,
    descriptionPreview: teaserDescription(r.beschreibung, lang),
    placeMasked: place,
    postcodeMasked: maskPostcode(r.postcode),
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    dringlichkeit: r.dringlichkeit,
    date: r.date ? r.date.toISOString().slice(0, 10) : null,
    status: r.status,
    unlocked: r.unlockCount,
    maxUnlocks: r.maxUnlocks,
    unlockPrice,
    createdAt: (r.releasedAt ?? r.createdAt).toISOString(),
  };
}

export function toDetails(
  r: RequestRow,
  seeker: { name: string; email: string } | null,
  lang: Lang,
  unlockPrice?: number,
  opts: { contactHidden?: boolean } = {},
): RequestDetails {
  const { placeMasked: _p, postcodeMasked: _c, ...teaser } = toTeaser(r, lang, unlockPrice);
  if (opts.contactHidden) {
    // After the retention period: the description as before the unlock (contact data and addresses hidden), no contact.
    return {
      ...teaser,
      title: r.ort ? `${categoryLabel(r.kategorie as CategoryId, lang)} · ${r.ort}` : teaser.title,
      description: publicDescription(r.beschreibung, lang),
      postcode: r.postcode,
      place: r.ort,
      contact: { firstName: null, name: null, email: null },
      contactHidden: true,
    };
  }
  return {
    ...teaser,
    title: r.ort ? `${categoryLabel(r.kategorie as CategoryId, lang)} · ${r.ort}` : teaser.title,
    description: r.beschreibung,
    postcode: r.postcode,
    place: r.ort,
    contact: { firstName: r.firstName, name: seeker?.name ?? null, email: seeker?.email ?? null },
  };
}
