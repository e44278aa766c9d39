// Location of a request: a German postcode and/or a place named in the text, checked against the
// bundled postcode data ('in 10115 Berlin', 'PLZ 80331', 'in Hamburg', 'near Munich').
//
// - A 5-digit number counts as a postcode only if the data knows it and it is not money ('20000 €').
// - A place counts after a location word ('in', 'aus', 'bei', 'nahe', 'Raum', 'near', 'around',
//   'from', ...) or right after a postcode, or, without such a word, when it is written capitalised,
//   is a town with 3+ postcodes and is not also an everyday word ('Essen', 'Halle', 'Wald').
//   English exonyms are read as the German name (Munich → München, Cologne → Köln).
// - A lower-case place counts when it stands alone as one item of the message (', cologne,', ', leipzig').
// - A district the data names 'Town District' ('Hamburg Eppendorf', 'Berlin Kreuzberg') is its town.
// - 'nach X' / 'to X' is a destination, not where the seeker is; it is used only when nothing else is
//   named and the request is not about travel. For a holiday or trip ('Urlaub', 'Ferienwohnung', 'Reise',
//   'trip', 'holiday'), 'in X' is a destination as well; a stay with no holiday word (a hotel for a trade
//   fair, a business trip, a night after a cancelled flight) is needed where it is, so 'in X' is its place.
// - Postcode and place both named: the postcode wins; the place is the named one if the postcode
//   belongs to it, else the postcode's own place.
// - Only a place named: postcode stays null (we do not invent one) and precision is 'place';
//   placePostcode is the place's most central postcode (nearest to the mean of its postcodes'
//   coordinates, a better stand-in for distances than the lowest), for matching only.
import { isKnownPostcode, placeKey, placeOfPostcode, placesByKey, type PlaceInfo } from '../../integrations/geo/postcodes.ts';
import type { CategoryId } from './categories.ts';
import { fold, isCapitalized, tokenize, type Lang, type Span, type Token } from '../../../core/text.ts';

export interface LocationResult {
  /** A postcode written in the text and known to the data; null otherwise. */
  postcode: string | null;
  /** Place name as in the data ('München', 'Frankfurt am Main'). */
  place: string | null;
  /** 'postcode' when a postcode was given, 'place' when only a place was named, null when neither. */
  precision: 'postcode' | 'place' | null;
  /** Only when precision is 'place': the place's most central postcode, for distance matching. */
  placePostcode: string | null;
  /** A postcode-shaped number after 'PLZ'/'zip' that the data does not know (to ask again). */
  invalidPostcode: string | null;
  /** Where the postcode and place were found. */
  spans: Span[];
}

export interface LocationOptions {
  lang: Lang;
  category?: CategoryId | null;
  /** The text answers 'Where?' (or is a form's place field): a lone place name needs no location word. */
  expectPlace?: boolean;
}

// English names and common nicknames of German places (comparison keys → name in the data). A Map: a
// person's word is looked up here, and a plain object would answer 'constructor' with Object (issue 24).
const EXONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    munich: 'München',
    cologne: 'Köln',
    nuremberg: 'Nürnberg',
    nuremburg: 'Nürnberg',
    hanover: 'Hannover',
    brunswick: 'Braunschweig',
    'aix la chapelle': 'Aachen',
    treves: 'Trier',
    mayence: 'Mainz',
    ratisbon: 'Regensburg',
    constance: 'Konstanz',
    heligoland: 'Helgoland',
    coblenz: 'Koblenz',
    hamelin: 'Hameln',
    'frankfurt on the main': 'Frankfurt am Main',
    'frankfurt on main': 'Frankfurt am Main',
    'frankfurt main': 'Frankfurt am Main',
    'frankfurt oder': 'Frankfurt (Oder)',
    'frankfurt on the oder': 'Frankfurt (Oder)',
    'halle saale': 'Halle',
    dusseldorf: 'Düsseldorf',
    wurzburg: 'Würzburg',
    lubeck: 'Lübeck',
    gottingen: 'Göttingen',
    tubingen: 'Tübingen',
    saarbrucken: 'Saarbrücken',
    osnabruck: 'Osnabrück',
    zweibrucken: 'Zweibrücken',
    // Nicknames and abbreviations people write.
    koelle: 'Köln',
    kolle: 'Köln',
    ffm: 'Frankfurt am Main',
    'frankfurt m': 'Frankfurt am Main',
  }),
);

// Place names that are everyday words: never a place ('bei Regen', 'aus Eiche', 'Rohr verstopft').
const NEVER = new Set(
  `regen wald berg au weil elend ohne lage kirchen heide lehre laufen moos rain stein eiche buch linden burg born haar welt nahe rust
  lauf korb leck list loop kalt acht salz filz dill hahn bell sinn wehr damm saal hain fell much leer horn tann ried wies boll rosa rohr
  murr tamm wang lug rade holm puls lehe hude jade hage sande seth bark siek damp holt wees kuhs bias kade iden rech lind kall igel
  aach kenn karl salm kopp pohl ehr seck rehe baar alf reil rott ense perl bann eich bitz owen weng reut isen waal prem vogt burk
  floss haag thum garten bruecken hausen weiler bergen berge langen zell roth boos mark see senden brake selb mitte zentrum
  bad neu alt bau dorf stadt land wiese feld tal ecke ort grund platz markt kreis teich post ufer ost west sued nord
  nordsee ostsee insel meer strand hafen stern mond sonne schule wiesen weide bach quelle elbe main rhein donau ems weser oder`
    .split(/\s+/)
    .filter(Boolean),
);

// Capitalised place names that are also German nouns: in German text only after a location word ('in Essen').
const NEEDS_CUE = new Set(`essen halle hof werder marl gera`.split(/\s+/));

const HOME_CUE =
  /(?:^|\s)(in|im raum|raum|grossraum|aus|bei|nahe|naehe|nahe bei|in der naehe von|naehe von|in der gegend um|gegend|umgebung|umkreis|region|rund um|um|ab|von|vom|wohne in|wohnhaft in|sitz in|standort|ort|stadt|wohnort|near|around|in the|from|based in|close to|outside|living in|i live in|located in|area|city|town|at|plz|postleitzahl|zip|postcode)\s*:?\s*$/;
const DEST_CUE = /(?:^|\s)(nach|to|richtung|towards|zu|zum|zur)\s*$/;
const WEAK_CUES = new Set(['um', 'von', 'vom', 'at', 'in the', 'ab']);
const LIVE_CUE = /(wohne|wohnen|lebe|leben|live|living|based|aus|from)\s+(in\s+)?$/;
// Words of a holiday or trip (folded); a business trip is a stay where the work is.
const HOLIDAY = /urlaub|ferien|(?<!p)reise|trip|holiday|vacation|getaway|honeymoon|flitterwochen|kreuzfahrt|cruise|camping|wellness/;
const BUSINESS = /dienstreise|geschaeftsreise|business\s+trip|work\s+trip/g;

interface Candidate {
  info: PlaceInfo;
  start: number;
  end: number;
  score: number;
  destination: boolean;
}

// Known postcodes written as 5 digits (also 'D-10115'); money ('20000 €') excluded.
const POSTCODE =
  /(?<![A-Za-z\u00C0-\u024F0-9.,€$£])(?:D-)?(\d{5})(?![0-9]|[.,]\d|\s*(?:€|\$|(?:eur|euro|euros|k|tsd|tausend|dollar|km|qm|m²|einwohner|leute|personen|people)(?![A-Za-z\u00C0-\u024F])))/giu;
const POSTCODE_CUE = /(plz|postleitzahl|zip|zip code|postcode|postal code|post code)\s*:?\s*$/i;
const MONEY_CUE = /(budget|preis|bis|max\.?|maximal|ab|ca\.?|circa|etwa|rund|um die|up to|under|around|about|kosten|zahlen|spend|pay)\s*:?\s*$/i;

/** Whether the words right after a postcode name a place it belongs to ('99084 Erfurt', '30161 Hanover'). */
function followedByItsPlace(text: string, end: number, plz: string): boolean {
  const next = /^\s*,?\s*(\p{L}[\p{L}\p{M}.'-]*(?:\s+\p{L}[\p{L}\p{M}.'-]*){0,3})/u.exec(text.slice(end, end + 60))?.[1];
  if (!next) return false;
  const words = next.split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const name = words.slice(0, n).join(' ');
    const key = placeKey(name);
    const exo = EXONYMS.get(key) ?? EXONYMS.get(placeKey(name, true));
    if (placesByKey(exo ? placeKey(exo) : key).some((info) => info.postcodes.includes(plz))) return true;
  }
  return false;
}

function readPostcodes(text: string): { postcode: string | null; invalid: string | null; span: Span | null } {
  let first: { postcode: string; span: Span; cued: boolean } | null = null;
  let invalid: string | null = null;
  for (const m of text.matchAll(POSTCODE)) {
    const plz = m[1]!;
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    const cued = POSTCODE_CUE.test(before);
    // 'ab 99084 Erfurt', 'around 30161 Hanover': a money word before it, but its own place after it.
    if (!cued && MONEY_CUE.test(before) && !followedByItsPlace(text, m.index + m[0].length, plz)) continue;
    if (!isKnownPostcode(plz)) {
      if (cued) invalid ??= plz;
      continue;
    }
    const span = { start: m.index, end: m.index + m[0].length };
    if (!first || (cued && !first.cued)) first = { postcode: plz, span, cued };
  }
  return { postcode: first?.postcode ?? null, invalid: first ? null : invalid, span: first?.span ?? null };
}

function contiguous(text: string, tokens: Token[], i: number, n: number): boolean {
  for (let k = i; k < i + n - 1; k++) {
    const gap = text.slice(tokens[k]!.end, tokens[k + 1]!.start);
    if (!/^[\s-]$|^ \(|^\) ?$|^\/$|^\. ?$/.test(gap)) return false;
  }
  return true;
}

function lookupPlace(words: string): PlaceInfo | null {
  const key = placeKey(words);
  const exo = EXONYMS.get(key) ?? EXONYMS.get(placeKey(words, true));
  if (exo) return placesByKey(placeKey(exo))[0] ?? null;
  const hit = placesByKey(key)[0] ?? placesByKey(placeKey(words, true))[0];
  if (hit) return hit;
  // 'Hamburg-Altona', 'München-Schwabing': a district the data names differently; its town counts.
  const dash = words.indexOf('-');
  if (dash > 2 && !words.includes(' ')) {
    const town = placesByKey(placeKey(words.slice(0, dash)))[0] ?? placesByKey(placeKey(words.slice(0, dash), true))[0];
    if (town && town.postcodes.length >= 3) return town;
  }
  return null;
}

/** 'Hamburg Eppendorf' → Hamburg: a district the data names after its town, when the town holds its postcodes. */
function townOf(info: PlaceInfo): PlaceInfo {
  const words = info.name.split(' ');
  for (let n = 1; n < words.length; n++) {
    const base = words.slice(0, n).join(' ');
    const town = placesByKey(placeKey(base)).find((p) => p.name === base && p !== info);
    if (town && info.postcodes.every((plz) => town.postcodes.includes(plz))) return town;
  }
  return info;
}

function readPlaces(text: string, options: LocationOptions, postcodeSpan: Span | null): Candidate[] {
  const tokens = tokenize(text);
  const allLower = text === text.toLowerCase();
  const holiday = HOLIDAY.test(fold(text).replace(BUSINESS, ' '));
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(5, tokens.length - i); n >= 1; n--) {
      if (!contiguous(text, tokens, i, n)) continue;
      const first = tokens[i]!;
      const last = tokens[i + n - 1]!;
      if (/^\d/.test(first.norm)) continue;
      const words = text.slice(first.start, last.end);
      const found = lookupPlace(words);
      if (!found) continue;
      const info = townOf(found);
      const key = placeKey(words);
      const isExonym = EXONYMS.has(key) || EXONYMS.has(placeKey(words, true));
      if (n === 1 && NEVER.has(first.norm) && !isExonym) continue;
      // Alone as one item of the message (', cologne,', ', leipzig'): as good as written with a capital.
      const alone = /(?:^|[,;:(]|[.!?–—]\s)\s*$/.test(text.slice(0, first.start)) && /^\s*(?:$|[,;.!?)–—])/.test(text.slice(last.end));
      const written = isCapitalized(first.text) || allLower || alone;
      const before = fold(text.slice(Math.max(0, first.start - 30), first.start)).replace(/[,;:]+\s*$/, ' ');
      const afterPostcode = postcodeSpan !== null && /^\s*$/.test(text.slice(postcodeSpan.end, first.start));
      const beforePostcode = postcodeSpan !== null && /^[\s,]*$/.test(text.slice(last.end, postcodeSpan.start));
      const home = HOME_CUE.exec(before);
      const dest = DEST_CUE.test(before);
      let score = 0;
      let destination = false;
      if (afterPostcode || beforePostcode) score = 100;
      else if (home && written) {
        const cue = home[1]!;
        score = WEAK_CUES.has(cue) ? 30 : 50;
        if (options.category === 'urlaub_reisen' && cue === 'in' && holiday && !LIVE_CUE.test(before.replace(/in\s*$/, ''))) destination = true;
      } else if (dest && written) {
        score = 20;
        destination = true;
      } else if (written && info.postcodes.length >= 3 && !(options.lang === 'de' && NEEDS_CUE.has(first.norm)) && !NEVER.has(first.norm)) score = 15;
      else if (isExonym && written) score = 15;
      else if (options.expectPlace && written && !NEVER.has(first.norm)) score = 40;
      if (score === 0) continue;
      if (!written && !isExonym) score -= 10;
      score += Math.min(10, info.postcodes.length / 10) + n;
      out.push({ info, start: first.start, end: last.end, score, destination });
      i += n - 1;
      break;
    }
  }
  return out;
}

export function extractLocation(text: string, options: LocationOptions): LocationResult {
  const pc = readPostcodes(text);
  const candidates = readPlaces(text, options, pc.span);
  const travel = options.category === 'urlaub_reisen';
  const usable = candidates.filter((c) => !c.destination);
  const pool = usable.length > 0 ? usable : travel ? [] : candidates;
  const best = pool.reduce<Candidate | null>((a, c) => (!a || c.score > a.score ? c : a), null);
  const spans: Span[] = [];
  if (pc.postcode) {
    spans.push(pc.span!);
    const named = candidates.find((c) => c.info.postcodes.includes(pc.postcode!));
    if (named) spans.push({ start: named.start, end: named.end });
    return {
      postcode: pc.postcode,
      place: named ? named.info.name : placeOfPostcode(pc.postcode),
      precision: 'postcode',
      placePostcode: null,
      invalidPostcode: null,
      spans,
    };
  }
  if (best) {
    spans.push({ start: best.start, end: best.end });
    return { postcode: null, place: best.info.name, precision: 'place', placePostcode: best.info.centralPostcode, invalidPostcode: pc.invalid, spans };
  }
  return { postcode: null, place: null, precision: null, placePostcode: null, invalidPostcode: pc.invalid, spans };
}
