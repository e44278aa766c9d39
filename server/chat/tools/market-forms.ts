// The marketplace's typed input: the offer and review forms' 'Label: value;' strings, an offer written in
// one line after the reference, and euros named in a message. Pure.
import { normalize } from '../../ai/offline/intents.ts';
import { parseEuroCents } from '../../../core/money/parse-money.ts';
import { refOf } from './refs.ts';

/** Euros named in a payout request ('Zahl mir 15 € aus', 'pay out 12.50'). */
export function amountOf(text: string): number | null {
  const m = /\d[\d.,]*\d|\d/.exec(text.replace(/\b\d{6}\b/g, ''));
  return m ? parseEuro(m[0]) : null;
}

/**
 * Offer details typed in one line after the reference: 'Angebot für #a1b2c3: 180 €, morgen ab 8 Uhr, inkl.
 * Material' gives price '180', availability 'morgen ab 8 Uhr', description 'inkl. Material' (as written; the
 * form checks them). null when nothing follows the reference.
 */
export function offerLineOf(text: string): { price?: string; verfuegbarkeit?: string; beschreibung?: string } | null {
  const m = /#?[0-9a-f]{6}[0-9a-f-]*\s*[:\-–]\s*([\s\S]+)$/i.exec(text);
  if (!m) return null;
  let rest = m[1]!.trim();
  const out: { price?: string; verfuegbarkeit?: string; beschreibung?: string } = {};
  const price = /^(?:(?:preis|price)\s*:?\s*)?(?:€\s*)?(\d[\d.]*(?:,\d{1,2})?)\s*(?:€|eur|euro)?\s*(?:[,;–-]\s*|$)/i.exec(rest);
  if (price && parseEuro(price[1]!) !== null) {
    out.price = price[1]!;
    rest = rest.slice(price[0].length).trim();
  }
  const [availability, ...description] = rest
    .split(/\s*[,;]\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (availability) out.verfuegbarkeit = availability;
  if (description.length) out.beschreibung = description.join(', ');
  return Object.keys(out).length ? out : null;
}

/** 'Angebot: Anfrage: #a1b2c3; Preis: 450 €; …' / 'Offer: Request: …' — the offer form's string. */
export const OFFER_FORM = /^\s*(angebot|offer)\s*:/i;
/** 'Bewertung: Deal: #a1b2c3; Sterne: 5; …' / 'Review: …' — the review form's string. */
export const REVIEW_FORM = /^\s*(bewertung|review)\s*:/i;

function formFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  // The first pair names the form ('Angebot: Anfrage: #…'), so the label before it is dropped.
  const body = text.replace(/^\s*[^:;]+:\s*/, '');
  for (const part of body.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const label = normalize(part.slice(0, i));
    const value = part.slice(i + 1).trim();
    if (label && value) out[label] = value;
  }
  return out;
}

const pick = (fields: Record<string, string>, ...labels: string[]) => labels.map((l) => fields[l]).find((v) => v !== undefined) ?? null;

/** Euros from '450', '450 €', '1.250,50 €', '€450.50' (the shared parser, decision 049); null unless positive. */
export function parseEuro(text: string): number | null {
  const cents = parseEuroCents(text);
  return cents ? cents / 100 : null;
}

export interface OfferForm {
  ref: string | null;
  price: number | null;
  verfuegbarkeit: string | null;
  beschreibung: string | null;
}

export function parseOfferForm(text: string): OfferForm {
  const f = formFields(text);
  const ref = pick(f, 'anfrage', 'request');
  const price = pick(f, 'preis', 'price');
  return {
    ref: ref ? refOf(ref) : null,
    price: price ? parseEuro(price) : null,
    verfuegbarkeit: pick(f, 'verfuegbarkeit', 'availability'),
    beschreibung: pick(f, 'beschreibung', 'description'),
  };
}

export interface ReviewForm {
  ref: string | null;
  rating: number | null;
  testimonial: string | null;
  showFirstName: boolean;
  contactVisible: boolean;
}

const YES = /^(ja|yes|true|1)$/i;

export function parseReviewForm(text: string): ReviewForm {
  const f = formFields(text);
  const ref = pick(f, 'deal');
  const stars = Number(pick(f, 'sterne', 'stars'));
  return {
    ref: ref ? refOf(ref) : null,
    rating: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null,
    testimonial: pick(f, 'text', 'bewertungstext', 'testimonial'),
    showFirstName: YES.test(pick(f, 'vorname zeigen', 'show first name') ?? ''),
    contactVisible: YES.test(pick(f, 'kontakt', 'contact') ?? ''),
  };
}
