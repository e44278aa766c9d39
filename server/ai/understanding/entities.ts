// The entities a chat message may carry, read by the tools for their input: references, amounts,
// percentages, IBANs, e-mail addresses, star ratings, step numbers, categories and the like. What a message
// asks for is the classifier's business (classifier.ts); these only read values, in German and English.
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { parseAmount, parseEuroCents } from '../../../core/money/parse-money.ts';
import { CATEGORY_IDS, CATEGORY_LABELS, type CategoryId } from '../nlu/categories.ts';
import { foldText } from './features.ts';
import { checkFirstName, isKnownFirstName, isKnownSurname } from '../nlu/names.ts';

// '#a1b2c3', or a bare id with at least one digit (so words like 'facade' are never taken for one).
const REF = /#([0-9a-f]{6})[0-9a-f-]{0,30}\b|\b(?=[0-9a-f-]*\d)([0-9a-f]{6})[0-9a-f-]{0,30}\b/gi;

/** The first reference in the message ('#A1B2C3' → 'a1b2c3'), or null. */
export function refOf(text: string): string | null {
  return refsOf(text)[0] ?? null;
}

/** Every reference in the message, in order. */
export function refsOf(text: string): string[] {
  return [...text.matchAll(REF)].map((m) => (m[1] ?? m[2])!.toLowerCase());
}

const MONEY = [
  /(?:€|\beur\b|\beuro?s?\b)\s?(\d[\d.,]*\d|\d)(\s?k\b)?/gi,
  /(\d[\d.,]*\d|\d)(\s?k)?\s?(?:,-|\.-)?\s?(?:€|\beur\b|\beuros?\b|\bbucks\b|\btacken\b|\bocken\b)/gi,
];

/** Euros named with a currency ('25 €', '€12.50', '1.000 Euro', '2k EUR'), in the order written. */
export function eurosOf(text: string): number[] {
  const found: { at: number; euros: number }[] = [];
  for (const re of MONEY) {
    for (const m of text.matchAll(re)) {
      const cents = parseEuroCents(m[1]!);
      if (cents === null) continue;
      found.push({ at: m.index ?? 0, euros: (cents / 100) * (m[2] ? 1000 : 1) });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.euros);
}

/**
 * An amount of euros: one named with a currency, else a plain number that is not a reference, postcode,
 * percentage or IBAN part ('zahl mir 25 aus'). null when there is none.
 */
export function euroAmountOf(text: string): number | null {
  const named = eurosOf(text)[0];
  if (named !== undefined) return named;
  const plain = withoutIds(text).replace(/\d+(?:[.,]\d+)?\s?(?:%|prozent|percent)/gi, ' ');
  const m = /(?<![\d.,])(\d{1,6}(?:[.,]\d{1,2})?)(?![\d.,]*\d)(?!\s?(?:uhr|h\b|km|goints|sterne|stars|%|prozent|percent))/i.exec(plain);
  if (!m) return null;
  const v = parseAmount(m[1]!);
  return v !== null && v > 0 ? v : null;
}

/** An amount of Goints ('80 Goints', '80 G'). */
export function gointsOf(text: string): number | null {
  const m = /(\d[\d.,]*)\s?(?:goints?|g\b)/i.exec(text);
  if (!m) return null;
  const v = parseAmount(m[1]!);
  return v !== null && Number.isInteger(v) && v > 0 ? v : null;
}

/** A percentage ('15 %', '15%', '15 Prozent', '12,5 percent'). */
export function percentOf(text: string): number | null {
  const m = /(\d{1,3}(?:[.,]\d{1,2})?)\s?(?:%|prozent\b|percent\b|pct\b)/i.exec(text);
  if (!m) return null;
  return parseAmount(m[1]!);
}

/** Text with references, IBANs, e-mails and postcodes taken out (so their digits are not read as amounts). */
export function withoutIds(text: string): string {
  return text
    .replace(/\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/gi, ' ')
    .replace(/[^\s@,;]+@[^\s@,;]+\.[a-z]{2,}/gi, ' ')
    .replace(REF, ' ')
    .replace(/\b\d{5}\b/g, ' ');
}

/** A valid IBAN in the message, in electronic form ('DE89370400440532013000'), or null. */
export function ibanOf(text: string): string | null {
  for (const m of text.matchAll(/\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/gi)) {
    const iban = electronicFormatIBAN(m[0].toUpperCase());
    if (iban && isValidIBAN(iban)) return iban;
  }
  return null;
}

/** Something that looks like an IBAN, valid or not (so a mistyped one gets a clear refusal, not silence). */
export function ibanLikeOf(text: string): string | null {
  return /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/i.exec(text)?.[0]?.toUpperCase() ?? null;
}

/** A BIC written after 'BIC'. */
export function bicOf(text: string): string | null {
  return /\bbic:?\s*([A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?)\b/i.exec(text)?.[1]?.toUpperCase() ?? null;
}

/** An account holder written after 'Kontoinhaber' / 'account holder'. */
export function accountHolderOf(text: string): string | null {
  return /\b(?:kontoinhaber(?:in)?|inhaber(?:in)?|account holder|holder)\s*:?\s*([^,;.\n]+)/i.exec(text)?.[1]?.trim() ?? null;
}

/** The first e-mail address in the message. */
export function emailOf(text: string): string | null {
  return /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}/u.exec(text)?.[0] ?? null;
}

const NUMBER_WORDS: Record<string, number> = {
  eins: 1,
  ein: 1,
  einen: 1,
  one: 1,
  zwei: 2,
  two: 2,
  drei: 3,
  three: 3,
  vier: 4,
  four: 4,
  funf: 5,
  fuenf: 5,
  five: 5,
  sechs: 6,
  six: 6,
  sieben: 7,
  seven: 7,
  acht: 8,
  eight: 8,
  neun: 9,
  nine: 9,
  zehn: 10,
  ten: 10,
};

// Ordinals, folded ('dritten', 'third', '3rd', '3.'): the number they count.
const ORDINALS: [RegExp, number][] = [
  [/^(erst\w*|first)$/, 1],
  [/^(zweit\w*|second)$/, 2],
  [/^(dritt\w*|third)$/, 3],
  [/^(viert\w*|fourth)$/, 4],
  [/^(funft\w*|fuenft\w*|fifth)$/, 5],
  [/^(sechst\w*|sixth)$/, 6],
  [/^(siebt\w*|seventh)$/, 7],
  [/^(achte[nrsm]?|eighth)$/, 8],
  [/^(neunt\w*|ninth)$/, 9],
  [/^(zehnt\w*|tenth)$/, 10],
];

function numberAt(word: string): number | null {
  const digits = /^(\d+)(?:\.|st|nd|rd|th)?$/.exec(word);
  if (digits) return Number(digits[1]);
  if (Object.hasOwn(NUMBER_WORDS, word)) return NUMBER_WORDS[word]!;
  return ORDINALS.find(([re]) => re.test(word))?.[1] ?? null;
}

/** A star rating from 1 to 5 ('5 Sterne', 'vier Sterne', '4/5', '★★★★'). */
export function starsOf(text: string): number | null {
  const glyphs = (text.match(/[★⭐]/gu) ?? []).length;
  if (glyphs >= 1 && glyphs <= 5) return glyphs;
  const f = foldText(text, 'de');
  const m = /\b(\d|eins|ein|einen|zwei|drei|vier|funf|fuenf|one|two|three|four|five)\s*(?:\/\s*5|von 5|out of 5|sterne?n?|stars?)\b/.exec(f);
  const n = m ? numberAt(m[1]!) : null;
  return n !== null && n >= 1 && n <= 5 ? n : null;
}

/** Numbers of steps named in the message ('Schritt 3', 'step 2', 'nach Schritt 3', 'an Position 1'). */
export function stepNumbersOf(text: string): { step?: number; after?: number; before?: number; to?: number } {
  const f = foldText(text, 'de');
  const out: { step?: number; after?: number; before?: number; to?: number } = {};
  const num =
    '(\\d{1,2}(?:st|nd|rd|th)?|eins|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun|zehn|one|two|three|four|five|six|seven|eight|nine|ten|' +
    'erst\\w*|zweit\\w*|dritt\\w*|viert\\w*|funft\\w*|sechst\\w*|siebt\\w*|neunt\\w*|zehnt\\w*|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)';
  // 'nach Schritt 3', 'nach der dritten Nachricht', 'after the 3rd step'.
  const place = (words: string) =>
    new RegExp(`\\b(?:${words})\\s+(?:dem\\s+|der\\s+|den\\s+|the\\s+)?(?:schritt|step|nachricht|message|nr\\.?|nummer|number)?\\s*${num}\\b`);
  const after = place('nach|hinter|after').exec(f);
  const before = place('vor|before').exec(f);
  const to = new RegExp(
    `\\b(?:an|auf|to|into|in|at)\\s+(?:die\\s+|the\\s+)?(?:position|stelle|platz|place|slot)\\s*${num}\\b|\\b(?:zur|zum|to)\\s+(?:schritt|step)\\s*${num}\\b`,
  ).exec(f);
  const step = new RegExp(`\\b(?:schritt|step|nachricht|message|nr\\.?|nummer|number)\\s*${num}\\b`).exec(f);
  if (after) out.after = numberAt(after[1]!) ?? undefined;
  if (before) out.before = numberAt(before[1]!) ?? undefined;
  if (to) out.to = numberAt((to[1] ?? to[2])!) ?? undefined;
  if (
    step &&
    !(after && step.index >= after.index && step.index < after.index + after[0].length) &&
    !(before && step.index >= before.index && step.index < before.index + before[0].length)
  )
    out.step = numberAt(step[1]!) ?? undefined;
  return out;
}

/** The category a message names by its label or id ('Anfragen für Elektronik', 'requests for electronics'), or null. */
export function categoryNamed(text: string): CategoryId | null {
  const n = foldText(text, 'de');
  for (const id of CATEGORY_IDS) {
    const words = [id, ...CATEGORY_LABELS[id].de.split('/'), ...CATEGORY_LABELS[id].en.split(/\/| & /)].map((w) => foldText(w.trim(), 'de'));
    if (words.some((w) => w.length > 2 && new RegExp(String.raw`\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(n))) return id;
  }
  return null;
}

/** Every category the message names. */
export function categoriesNamed(text: string): CategoryId[] {
  const n = foldText(text, 'de');
  return CATEGORY_IDS.filter((id) => {
    const words = [id, ...CATEGORY_LABELS[id].de.split('/'), ...CATEGORY_LABELS[id].en.split(/\/| & /)].map((w) => foldText(w.trim(), 'de'));
    return words.some((w) => w.length > 2 && new RegExp(String.raw`\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(n));
  });
}

/** A language the message names ('auf Englisch', 'in German'), or null. */
export function languageNamed(text: string): 'de' | 'en' | null {
  const f = foldText(text, 'de');
  const en = /\b(englisch\w*|english|engl)\b/.test(f);
  const de = /\b(deutsch\w*|german)\b/.test(f);
  return en === de ? null : en ? 'en' : 'de';
}

/** Whether the message asks for something urgent only ('nur dringende', 'urgent ones'). */
export function urgentNamed(text: string): boolean {
  return /\b(dringend\w*|eilig\w*|urgent\w*|asap|sofort|notfall\w*|emergenc\w*)\b/.test(foldText(text, 'de'));
}

/** 'alle', 'all', 'every', 'sämtliche' ('show all offers'). */
export function allNamed(text: string): boolean {
  return /\b(alle|allen|samtliche\w*|all|every|everything|komplett)\b/.test(foldText(text, 'de'));
}

/** Kind of payout method named ('PayPal', 'Bank'/'IBAN'/'Konto'). */
export function payoutKindNamed(text: string): 'paypal' | 'bank' | 'stripe' | undefined {
  const f = foldText(text, 'de');
  if (/\bstripe\b/.test(f)) return 'stripe';
  if (/\bpay ?pal\b/.test(f)) return 'paypal';
  if (/\b(bank\w*|iban|konto|account|uberweisung|transfer|sepa)\b/.test(f)) return 'bank';
  return undefined;
}

/**
 * The words after a colon or dash, or in quotes: what the person wants said ('Schreib dem Support: meine
 * Provision fehlt', 'antworte Jana "kommt morgen"'). null when the message has no such part.
 */
export function quotedOf(text: string): string | null {
  const q = /["„“”»«'‚‘]([^"„“”»«]{2,})["“”«»'‘’]/u.exec(text);
  if (q) return q[1]!.trim();
  const c = /[:–—]\s*(\S[\s\S]*)$/u.exec(text) ?? /\s-\s(\S[\s\S]*)$/u.exec(text);
  return c ? c[1]!.trim() : null;
}

/** A kilometre radius ('30 km', '30km', '30 Kilometer', '20 miles' → converted). */
export function radiusOf(text: string): number | null {
  const m = /(\d{1,3})\s?(km|kilometer\w*|miles?|meilen)\b/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  return /^m/i.test(m[2]!) ? Math.round(v * 1.609) : v;
}

/** A German postcode (five digits not part of an IBAN or a longer number). */
export function postcodeOf(text: string): string | null {
  return /(?<![\d\w])\d{5}(?![\d\w])/.exec(withoutIdsKeepPostcode(text))?.[0] ?? null;
}

function withoutIdsKeepPostcode(text: string): string {
  return text.replace(/\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/gi, ' ').replace(REF, ' ');
}

const INTRO = [
  /^(?:hallo|hi|hey|moin|servus|guten (?:morgen|tag|abend))?[\s,!.]*(?:(?:also|übrigens|uebrigens|ach so|ach ja)[\s,]+)?(?:ich hei(?:ss|ß)e|ich bin(?: die| der)?|mein (?:vor)?name (?:ist|lautet)|nenn(?:t)? mich|hier (?:ist|schreibt))\s+/i,
  /^(?:hello|hi|hey|good (?:morning|afternoon|evening))?[\s,!.]*(?:(?:oh|btw|by the way)[\s,]+)?(?:my (?:first )?name is|i am called|i'm called|i am|i'm|im|call me|it's|its|it is|this is)\s+/i,
];
const INTRO_AFTER = /[\s,]+(?:(?:und|and)\b.*|übrigens|uebrigens|by the way|btw)$/i;

/**
 * The first name in an answer to the name question: 'Ich heiße Anna.' → { name: 'Anna', introduced: true },
 * 'Anna' → { name: 'Anna', introduced: false }. An introduction around the name is not part of it; what
 * follows the name ('… und brauche einen Maler') is `rest`.
 */
export function firstNameOf(text: string): { name: string; introduced: boolean; certain: boolean; rest: string } {
  let name = text.trim();
  let introduced = false;
  let certain = false;
  for (const re of INTRO) {
    const stripped = name.replace(re, '');
    if (stripped !== name) {
      introduced = true;
      // 'ich heiße', 'my name is', 'call me' name a name; 'ich bin', 'I'm' may go on otherwise ('Ich bin Rentnerin').
      certain ||= !WEAK_INTRO.test(name.slice(0, name.length - stripped.length));
    }
    name = stripped;
  }
  let rest = '';
  if (introduced) {
    const after = INTRO_AFTER.exec(name);
    if (after) {
      rest = after[0].replace(/^[\s,]+(?:und|and)\b\s*/i, '').trim();
      name = name.slice(0, after.index);
    }
  }
  return { name: name.replace(/[.!,;]+$/, '').trim(), introduced, certain, rest };
}
const WEAK_INTRO = /\b(?:ich bin(?: die| der)?|i am|i'm|im|it's|its|it is|this is)\s*$/i;

// Words that say the name that follows is the one to use ('sag einfach Alex', 'call me Jo', 'aber Sandro reicht').
const NICK_CUE = /^(?:sag\w*|nenn\w*|call|aber|but|just|einfach|ruhig|gern|gerne|address)$/i;
// Words that say the name that follows is not wanted ('bitte nicht Alexander').
const NOT_CUE = /^(?:nicht|not)$/i;
// The assistant's own name ('Freut mich, Aki! Ich bin Paulina') is never the person's.
const OWN_NAMES = new Set(['aki']);
// A name told around other words: 'Moin, Hauke hier', 'Yusuf heiß ich', 'Kofi's the name', 'Fiona speaking'.
const NAME_AROUND = [
  /^(?:[\p{L}]+[\s,!.]+)?(\p{Lu}[\p{L}-]+)\s+(?:hier|here|speaking|heiß(?:e)? ich|heiss(?:e)? ich)\b/u,
  /^(\p{Lu}[\p{L}-]+)(?:'s| is) (?:the|my) name\b/u,
  /\b(?:vorname|first name|name)\s*[:?]\s*(\p{L}[\p{L}-]+)/iu,
  /\b(?:first name's|name's)\s+(\p{L}[\p{L}-]+)/iu,
];

/**
 * The first name a message tells, wherever it stands in it: 'Ich heiße Anna' and 'Anna' → 'Anna', 'Moin,
 * Hauke hier' → 'Hauke', 'Ich bin Alessandro, aber Sandro reicht' → 'Sandro' (the name to use wins), 'Bitte
 * nicht Alexander, sag einfach Alex' → 'Alex'. null when no word of it can be taken for a first name.
 */
export function nameInMessage(text: string): string | null {
  if (/[<>&[\]]|javascript:/i.test(text)) return null;
  const { name, introduced, certain } = firstNameOf(text);
  const single = (w: string) => !/\s/.test(w) && checkFirstName(w).ok && !OWN_NAMES.has(w.toLowerCase());
  const words = [...text.matchAll(/[\p{L}][\p{L}\p{M}-]*/gu)].map((m) => m[0].replace(/-+$/, ''));
  // A name to use (after 'sag', 'call me', 'aber') wins over the one given first.
  let preferred: string | null = null;
  for (let i = 0; i < words.length; i++) {
    if (!NICK_CUE.test(words[i]!)) continue;
    for (let j = i + 1; j < Math.min(words.length, i + 4); j++) {
      const w = words[j]!;
      if (NOT_CUE.test(words[j - 1]!)) continue;
      if (single(w) && (isKnownFirstName(w) || /^\p{Lu}/u.test(w)) && !/^(mich|me|zu|mir|einfach|ruhig|gern|gerne|just|as|so)$/i.test(w)) {
        preferred = w;
        break;
      }
    }
  }
  if (preferred) return checkName(preferred);
  // After 'ich bin' / 'I'm' a word in lower case is a name only when it is a known one ('I'm confused', 'ich
  // bin müde' are no names; 'ich bin jonas' is).
  if (name && single(name) && (certain || !introduced || isKnownFirstName(name) || /^\p{Lu}/u.test(name))) return checkName(name);
  for (const re of NAME_AROUND) {
    const m = re.exec(text.trim());
    if (m && single(m[1]!)) return checkName(m[1]!);
  }
  // A full name alone ('Anna Schmidt') is no first name to pick from: the name question explains why.
  if (!introduced && words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w) || isKnownFirstName(w) || isKnownSurname(w))) return null;
  // Otherwise the first known first name that is not refused by a 'nicht' before it.
  const pool = introduced ? name.split(/[\s,]+/) : words;
  for (let i = 0; i < pool.length; i++) {
    const w = pool[i]!.replace(/[^\p{L}\p{M}-]/gu, '');
    if (!w || (i > 0 && NOT_CUE.test(pool[i - 1]!))) continue;
    if (single(w) && isKnownFirstName(w) && /^\p{Lu}/u.test(w)) return checkName(w);
  }
  // 'Ich bin Kalani, freut mich': the word after the introduction, when written as a name (or all is lower case).
  if (introduced) {
    const first = name.split(/[\s,]+/)[0]!.replace(/[^\p{L}\p{M}-]/gu, '');
    const asName = /^\p{Lu}/u.test(first) || isKnownFirstName(first) || (certain && text === text.toLowerCase());
    if (first && asName && single(first)) return checkName(first);
  }
  return null;
}

function checkName(w: string): string | null {
  const c = checkFirstName(w);
  return c.ok ? c.name : null;
}

/** 'Pause' or 'resume' for receiving requests, as the words say ('ich bin im Urlaub', 'wieder Anfragen schicken'). */
export function pauseNamed(text: string): boolean | null {
  const f = foldText(text, 'de');
  if (/\b(wieder|fortsetzen|reaktivier\w*|einschalten|aktivier\w*|resume|back on|turn on|switch on|unpause|start sending|again)\b/.test(f)) return false;
  if (/\b(don'?t|do not|nicht mehr|keine) (send|schick)\w*|\bschick\w* (mir )?(erstmal |vorerst |bis auf weiteres )?keine\b|\bfor the time being\b/.test(f))
    return true;
  if (
    /\b(pausier\w*|pause|urlaub|ferien|keine (neuen )?(anfragen|auftrage|matches)|nicht mehr|aus ?schalten|abschalten|stopp\w*|deaktivier\w*|holiday|vacation|away|stop|turn off|switch off|no more|hold)\b/.test(
      f,
    )
  )
    return true;
  return null;
}

/** Whether the words take something away ('nimm Beauty raus', 'remove Elektronik') rather than add it. */
export function removalNamed(text: string): boolean {
  return /\b(entfern\w*|losch\w*|streich\w*|raus\w*|weg\w*|nicht mehr|ohne|remove\w*|delete\w*|drop\w*|take \w+ (off|out)|no longer|without)\b/.test(
    foldText(text, 'de'),
  );
}

/** A minimum budget named ('Mindestbudget 200 €', 'minimum 150', 'nur Aufträge ab 300 €'); null for 'kein Mindestbudget'. */
export function minBudgetOf(text: string): number | null | undefined {
  const f = foldText(text, 'de');
  if (/\b(kein\w* mindest\w*|no minimum|remove (the |my )?minimum|ohne mindest\w*)\b/.test(f)) return null;
  const m = /\b(mindest\w*|minimum|min\.?|ab|from|at least|uber|over)\b\D{0,25}?(\d[\d.,]*)\s*(?:€|eur|euro)?/.exec(f);
  if (!m) return undefined;
  const v = parseAmount(m[2]!);
  return v !== null ? Math.round(v) : undefined;
}
