// Contact data inside a request text: e-mail addresses, phone numbers, links and social handles.
// The request keeps them (the provider gets them after unlocking); before that, redactContact hides them.
import type { Lang, Span } from './text.ts';

export type ContactKind = 'email' | 'phone' | 'url' | 'handle';

export interface ContactMatch extends Span {
  kind: ContactKind;
  value: string;
}

const TLDS =
  'de|com|net|org|eu|info|io|biz|at|ch|co\\.uk|uk|fr|it|es|nl|be|pl|dk|se|no|app|dev|shop|online|store|site|website|me|tv|berlin|hamburg|koeln|nrw|bayern';

const EMAIL = /(?<![A-Za-z\u00C0-\u024F0-9._%+-])[A-Za-z\u00C0-\u024F0-9._%+-]+@[A-Za-z\u00C0-\u024F0-9-]+(?:\.[A-Za-z\u00C0-\u024F0-9-]+)*\.[A-Za-z\u00C0-\u024F]{2,}(?![A-Za-z\u00C0-\u024F0-9])/gu;

// 'max(at)web.de', 'max [at] web [dot] de', 'anna at gmail dot com': written around spam filters.
// Only with a known top-level domain, so 'meet me at john.doe' stays text.
const AT = '(?:\\s?[([{]\\s?(?:at|ät|@)\\s?[)\\]}]\\s?|\\s+at\\s+)';
const DOT = '(?:\\.|\\s?[([{]\\s?(?:dot|punkt)\\s?[)\\]}]\\s?|\\s+(?:dot|punkt)\\s+)';
const EMAIL_SPELLED = new RegExp(
  `(?<![A-Za-z\\u00C0-\\u024F0-9._%+-])[A-Za-z\\u00C0-\\u024F0-9._%+-]+${AT}[A-Za-z\\u00C0-\\u024F0-9-]+(?:${DOT}[A-Za-z\\u00C0-\\u024F0-9-]+)*${DOT}(?:${TLDS})(?![A-Za-z\\u00C0-\\u024F0-9])`,
  'giu',
);

const URL_RE = new RegExp(
  `(?:https?:\\/\\/|www\\.)[^\\s<>"']+|(?<![A-Za-z\\u00C0-\\u024F0-9@.-])(?:[A-Za-z\\u00C0-\\u024F0-9-]+\\.)+(?:${TLDS})(?:\\/[^\\s<>"']*)?(?![A-Za-z\\u00C0-\\u024F0-9])`,
  'giu',
);

// Phone numbers: '+49 171 1234567', '0049 (0)30 123456', '0171/1234567', '030-123 456 78', '(030) 1234567',
// '+1 (555) 123-4567'. A number must start with +, 00 or 0 and have 7 to 15 digits; after a word like
// 'Tel.' or 'WhatsApp' any digit run of 6 or more counts.
const PHONE = /(?<![A-Za-z\u00C0-\u024F0-9+])(?:\+|00)[1-9][\d\s()./-]{6,22}\d|(?<![A-Za-z\u00C0-\u024F0-9.,])\(?0[1-9]\d{1,5}\)?[\s./-]{0,3}\d[\d\s./-]{3,16}\d(?![\d.,]*\d)/gu;
// Words after which any run of 6+ digits is a phone number ('Tel. 12345678', 'WhatsApp: 1761234567').
const PHONE_CUE =
  /(?<![A-Za-z\u00C0-\u024F0-9])(?:tel(?:efon)?\.?|telefonnummer|handy(?:nummer)?|mobil(?:nummer)?|mobile|phone|cell|whats\s?app|signal|nummer|number|fax|erreichbar\s+unter|call\s+me(?:\s+on)?|ruf(?:e|t)?\s+(?:mich\s+)?an(?:\s+unter)?)\s*:?\s*/giu;
const CUED_DIGITS = /[+\d(][\d\s()./-]{4,22}\d/y;

// 'Insta: anna_nails', 'tiktok @anna', '@anna_nails': a platform name needs ':' or '@' after it.
const HANDLE = /(?<![A-Za-z\u00C0-\u024F0-9])(?:instagram|insta|ig|tiktok|twitter|x|facebook|fb|snapchat|snap|telegram|linkedin)\s*(?::\s*@?|@)[A-Za-z\u00C0-\u024F0-9._]{2,30}|(?<![A-Za-z\u00C0-\u024F0-9.@])@[A-Za-z\u00C0-\u024F0-9_][A-Za-z\u00C0-\u024F0-9._]{1,29}(?![A-Za-z\u00C0-\u024F0-9@])/giu;

function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

// Dates and amounts look like digit runs too: '15.12.2026', '1.000.000', '500-1000'.
function looksLikeDateOrAmount(s: string): boolean {
  const t = s.trim();
  return /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(t) || /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t) || /^\d{1,6}\s*-\s*\d{1,6}$/.test(t) || /^\d{4}-\d{2}-\d{2}$/.test(t);
}

/** All contact data in a text, in order, without overlaps. */
export function findContacts(text: string): ContactMatch[] {
  const out: ContactMatch[] = [];
  const overlaps = (start: number, end: number) => out.some((m) => start < m.end && end > m.start);
  const push = (kind: ContactKind, start: number, end: number) => {
    const value = text.slice(start, end).replace(/[\s.,;:)]+$/, '');
    end = start + value.length;
    if (!overlaps(start, end)) out.push({ kind, value, start, end });
  };
  for (const m of text.matchAll(EMAIL)) push('email', m.index, m.index + m[0].length);
  for (const m of text.matchAll(EMAIL_SPELLED)) push('email', m.index, m.index + m[0].length);
  for (const m of text.matchAll(URL_RE)) push('url', m.index, m.index + m[0].length);
  for (const m of text.matchAll(PHONE)) {
    const s = m[0];
    const n = digitCount(s);
    if (n < 7 || n > 15 || looksLikeDateOrAmount(s)) continue;
    push('phone', m.index, m.index + s.length);
  }
  for (const cue of text.matchAll(PHONE_CUE)) {
    const at = cue.index + cue[0].length;
    CUED_DIGITS.lastIndex = at;
    const m = CUED_DIGITS.exec(text);
    if (m && digitCount(m[0]) >= 6 && !looksLikeDateOrAmount(m[0])) push('phone', at, at + m[0].length);
  }
  for (const m of text.matchAll(HANDLE)) push('handle', m.index, m.index + m[0].length);
  return out.sort((a, b) => a.start - b.start);
}

export const CONTACT_PLACEHOLDER: Record<Lang, string> = { de: '[Kontakt verborgen]', en: '[contact hidden]' };

/** The text with every piece of contact data replaced by '[Kontakt verborgen]' / '[contact hidden]'. */
export function redactContact(text: string, lang: Lang = 'de'): string {
  const found = findContacts(text);
  let out = '';
  let at = 0;
  for (const m of found) {
    out += text.slice(at, m.start) + CONTACT_PLACEHOLDER[lang];
    at = m.end;
  }
  return out + text.slice(at);
}

export function hasContact(text: string): boolean {
  return findContacts(text).length > 0;
}
