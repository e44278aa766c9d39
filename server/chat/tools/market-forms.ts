// The marketplace's typed input: the offer and review forms' 'Label: value;' strings, an offer written in
// one line after the reference, and euros named in a message. Pure.
import { euroAmountOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { parseEuroCents } from '../../../core/money/parse-money.ts';
import { refOf } from '../../ai/understanding/entities.ts';

/** A form label as the parser compares it: lower case, umlauts spelled out ('Verfügbarkeit' → 'verfuegbarkeit'). */
const normalize = (s: string) => s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();

/** Euros named in a payout request ('Zahl mir 15 € aus', 'pay out 12.50'). */
export function amountOf(text: string): number | null {
  return euroAmountOf(text);
}

// Words that say when: a clause with one of them (or a date) is the availability, not the description.
const WHEN =
  /\b(heute|morgen|ubermorgen|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|wochenende|woche|uhr|ab sofort|sofort|vormittag\w*|nachmittag\w*|abend\w*|fruh|termin\w*|zeit|kurzfristig|today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|asap|morning|afternoon|evening|available|from|am|pm|o'?clock|next|this|januar|februar|marz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|june|july|october|december)\b|\b\d{1,2}(?::\d{2})?\s?(?:uhr|h|am|pm)\b|\b\d{1,2}[./]\d{1,2}\.?/;
// Lead-in words before the details ('Angebot für #…:', 'quote them', 'ich biete').
const LEAD =
  /^(?:(?:mein |ein |das )?angebot(?: f(?:u|ü)r| an| zu)?|(?:my |an |the )?offer(?: for| on| to)?|quote(?: them| him| her)?(?: for)?|ich (?:biete|mache|kann)(?: es| das)?(?: f(?:u|ü)r)?|i (?:can|could|offer|will)(?: do it)?(?: for)?|preis|price)\s*/i;

// Words that alone say nothing about the work offered.
const FILLER = new Set([
  'for',
  'fur',
  'at',
  'about',
  'around',
  'approx',
  'ca',
  'circa',
  'etwa',
  'um',
  'rund',
  'so',
  'zu',
  'of',
  'just',
  'only',
  'nur',
  'then',
  'dann',
  'please',
  'bitte',
  'pls',
  'bid',
  'on',
  'auf',
  'an',
]);

/**
 * Offer details typed in a sentence, slotted by what they say: the amount is the price, a clause that says
 * when ('morgen ab 9 Uhr', 'Friday afternoon') is the availability, the rest is the description ('neuer
 * Durchlauferhitzer inkl. Montage'). Values as written; the form checks them. null when nothing is given.
 */
export function offerDetailsOf(text: string): { price?: string; verfuegbarkeit?: string; beschreibung?: string } | null {
  // What follows the reference (or the whole message when there is none).
  const afterRef = /#?[0-9a-f]{6}[0-9a-f-]*\s*[:\-–]?\s*([\s\S]*)$/i.exec(text);
  let rest = (afterRef ? afterRef[1]! : text)
    .trim()
    .replace(LEAD, '')
    .replace(/^[:\-–,\s]+/, '');
  const out: { price?: string; verfuegbarkeit?: string; beschreibung?: string } = {};
  const price = /(?:€\s*)?(\d[\d.]*(?:,\d{1,2})?)\s*(?:€|eur\b|euro\b|euros\b)|€\s*(\d[\d.]*(?:[.,]\d{1,2})?)/i.exec(rest);
  if (price && parseEuro((price[1] ?? price[2])!) !== null) {
    out.price = (price[1] ?? price[2])!;
    rest = `${rest.slice(0, price.index)} ${rest.slice(price.index + price[0].length)}`;
  }
  const clauses = rest
    .split(/\s*[,;]\s*|\s+(?:und|and)\s+(?=(?:ab|from|am|on|bis|until|heute|morgen|today|tomorrow|next|nachste)\b)/i)
    .map((c) => c.replace(/^[\s:\-–.]+|[\s.]+$/g, '').trim())
    .filter((c) => /\p{L}|\d/u.test(c))
    // 'two men and a van for [300 euros]': a word that only led to the price goes with it.
    .map((c) => {
      const words = c.split(/\s+/);
      while (words.length > 1 && FILLER.has(foldText(words[words.length - 1]!.replace(/[.!?]+$/, ''), 'de'))) words.pop();
      return words.join(' ');
    })
    // What is left of 'for 300 euros' or 'für ca. 300 €' once the price is out is no description.
    .filter((c) => !c.split(/\s+/).every((w) => FILLER.has(foldText(w.replace(/[.!?]+$/, ''), 'de'))));
  const when: string[] = [];
  const what: string[] = [];
  for (const c of clauses) (WHEN.test(foldText(c, 'de')) && c.split(/\s+/).length <= 8 ? when : what).push(c);
  if (when.length) out.verfuegbarkeit = when.join(', ');
  if (what.length) out.beschreibung = what.join(', ');
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
