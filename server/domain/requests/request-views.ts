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

/**
 * What a teaser card is made of, apart from the request's id: the texts already through the one redaction
 * (cardTexts) and the request's plain columns. The feed stores these per match (decision 077), so a card is
 * read, not made, on every view; toTeaser makes them from a request for everything else.
 */
export interface TeaserFields {
  kategorie: string;
  /** teaserDescription in the card's language. */
  preview: string;
  placeMasked: string | null;
  postcodeMasked: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: Date | null;
  status: string;
  unlockCount: number;
  maxUnlocks: number;
  /** releasedAt, else createdAt. */
  postedAt: Date;
}

/** The texts of a teaser, in one language: the redacted preview and the masked place and postcode. */
export function cardTexts(
  r: Pick<RequestRow, 'beschreibung' | 'ort' | 'postcode'>,
  lang: Lang,
): Pick<TeaserFields, 'preview' | 'placeMasked' | 'postcodeMasked'> {
  return { preview: teaserDescription(r.beschreibung, lang), placeMasked: maskPlace(r.ort), postcodeMasked: maskPostcode(r.postcode) };
}

/** The teaser card from its fields: the one place a teaser is assembled. */
export function teaserOf(id: string, f: TeaserFields, lang: Lang, unlockPrice: number = DEFAULT_UNLOCK_PRICE.goints): RequestTeaser {
  const label = categoryLabel(f.kategorie as CategoryId, lang);
  return {
    id,
    kategorie: f.kategorie as CategoryId,
    title: f.placeMasked ? `${label} · ${f.placeMasked.replace(' (****)', '')}` : label,
    descriptionPreview: f.preview,
    placeMasked: f.placeMasked,
    postcodeMasked: f.postcodeMasked,
    budgetMin: f.budgetMin,
    budgetMax: f.budgetMax,
    dringlichkeit: f.dringlichkeit,
    date: f.date ? f.date.toISOString().slice(0, 10) : null,
    status: f.status,
    unlocked: f.unlockCount,
    maxUnlocks: f.maxUnlocks,
    unlockPrice,
    createdAt: f.postedAt.toISOString(),
  };
}

export function toTeaser(r: RequestRow, lang: Lang, unlockPrice: number = DEFAULT_UNLOCK_PRICE.goints): RequestTeaser {
  return teaserFrom(r, cardTexts(r, lang), lang, unlockPrice);
}

/** The teaser of a request whose texts (cardTexts) are made already. */
function teaserFrom(
  r: RequestRow,
  texts: Pick<TeaserFields, 'preview' | 'placeMasked' | 'postcodeMasked'>,
  lang: Lang,
  unlockPrice: number = DEFAULT_UNLOCK_PRICE.goints,
): RequestTeaser {
  return teaserOf(
    r.id,
    {
      ...texts,
      kategorie: r.kategorie,
      budgetMin: r.budgetMin,
      budgetMax: r.budgetMax,
      dringlichkeit: r.dringlichkeit,
      date: r.date,
      status: r.status,
      unlockCount: r.unlockCount,
      maxUnlocks: r.maxUnlocks,
      postedAt: r.releasedAt ?? r.createdAt,
    },
    lang,
    unlockPrice,
  );
}

export function toDetails(
  r: RequestRow,
  seeker: { name: string; email: string } | null,
  lang: Lang,
  unlockPrice?: number,
  /** texts: the card's texts when the caller has them already (a match's card, decision 077), else made here. */
  opts: { contactHidden?: boolean; texts?: Pick<TeaserFields, 'preview' | 'placeMasked' | 'postcodeMasked'> } = {},
): RequestDetails {
  const { placeMasked: _p, postcodeMasked: _c, ...teaser } = opts.texts ? teaserFrom(r, opts.texts, lang, unlockPrice) : toTeaser(r, lang, unlockPrice);
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
