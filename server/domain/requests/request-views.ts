// How a request looks to a provider: a teaser before the unlock (no contact data, the place and postcode
// masked, the public description cut to 80 characters) and everything after it. Built field by field, so
// nothing of the full request can slip into a teaser.
import { categoryLabel, type CategoryId } from '../../ai/nlu/categories.ts';
import type { Lang } from '../../i18n.ts';

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

/** '500€ - 1.000€', '500€', or null when the budget is open. */
export function budgetText(min: number | null, max: number | null, lang: Lang): string | null {
  if (min === null && max === null) return null;
  const fmt = (n: number) => `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB').format(n)}€`;
  if (min !== null && max !== null && min !== max) return `${fmt(min)} - ${fmt(max)}`;
  return fmt((max ?? min)!);
}

// 'Venloer Straße 12', 'Hauptstr. 5a', 'Am Ring 3': an optional capitalised word, a street word, a number.
const STREET = /(?:\p{Lu}[\p{L}.-]*\s+)?[\p{L}.-]*(?:[Ss]tra(?:ß|ss)e|[Ss]tr\.|[Ww]eg|[Gg]asse|[Aa]llee|[Pp]latz|[Rr]ing|[Dd]amm|[Uu]fer|[Cc]haussee)\s+\d+\s?[a-z]?\b/gu;

/**
 * The public description with the location narrowed like the teaser's place and postcode: postcodes
 * become their first two digits and '***', street addresses are hidden. (Contact data is already hidden.)
 */
export function maskLocation(text: string, lang: Lang): string {
  return text.replace(/\b(\d{2})\d{3}\b/g, '$1***').replace(STREET, lang === 'de' ? '[Adresse verborgen]' : '[address hidden]');
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

export interface RequestTeaser {
  id: string;
  kategorie: CategoryId;
  title: string;
  descriptionPreview: string;
  placeMasked: string | null;
  postcodeMasked: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: string | null;
  status: string;
  unlocked: number;
  maxUnlocks: number;
  createdAt: string;
}

export interface RequestDetails extends Omit<RequestTeaser, 'placeMasked' | 'postcodeMasked'> {
  description: string;
  postcode: string | null;
  place: string | null;
  contact: { firstName: string | null; name: string | null; email: string | null };
}

export function toTeaser(r: RequestRow, lang: Lang): RequestTeaser {
  const place = maskPlace(r.ort);
  const label = categoryLabel(r.kategorie as CategoryId, lang);
  return {
    id: r.id,
    kategorie: r.kategorie as CategoryId,
    title: place ? `${label} · ${place.replace(' (****)', '')}` : label,
    descriptionPreview: previewText(maskLocation(r.beschreibungOeffentlich || '', lang)),
    placeMasked: place,
    postcodeMasked: maskPostcode(r.postcode),
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    dringlichkeit: r.dringlichkeit,
    date: r.date ? r.date.toISOString().slice(0, 10) : null,
    status: r.status,
    unlocked: r.unlockCount,
    maxUnlocks: r.maxUnlocks,
    createdAt: (r.releasedAt ?? r.createdAt).toISOString(),
  };
}

export function toDetails(r: RequestRow, seeker: { name: string; email: string } | null, lang: Lang): RequestDetails {
  const { placeMasked: _p, postcodeMasked: _c, ...teaser } = toTeaser(r, lang);
  return {
    ...teaser,
    title: r.ort ? `${categoryLabel(r.kategorie as CategoryId, lang)} · ${r.ort}` : teaser.title,
    description: r.beschreibung,
    postcode: r.postcode,
    place: r.ort,
    contact: { firstName: r.firstName, name: seeker?.name ?? null, email: seeker?.email ?? null },
  };
}
