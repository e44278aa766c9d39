// Values the admin's chat tools read from a message, beside the shared entities (server/ai/understanding/
// entities.ts): the reason given with a command ('…ablehnen, IBAN passt nicht'), a role named in words
// ('zum Admin', 'to provider'), a platform setting named in words ('Laufzeit', 'contact retention'). What
// the message asks for is the classifier's business; these only read values, in German and English.
import { foldText } from '../../ai/understanding/features.ts';
import type { SettingKey } from '../../domain/settings/settings.ts';
import type { UserRole } from '../../domain/users/admin-user-rules.ts';

const MARKER =
  /\b(?:grund|begr(?:ü|ue|u)ndung|begr(?:ü|ue|u)nde(?:\s+(?:es|das))?\s+mit|reason|weil|wegen|because(?:\s+of)?)\b(?:\s+(?:as|als|is|ist|lautet))?\s*:?\s*(\S[\s\S]*)$/i;
const SEGMENTS = /\s*(?:[,;:–—]|\s-\s|(?<=[.!?])\s+)\s*/;
const ONLY_IDS = /^(?:#?[0-9a-f]{6,36}|[^\s@]+@[^\s@]+\.[a-z]{2,}|bitte|please|ok|okay)[.!]*$/i;

/**
 * The reason an admin gives with a command, as written: after 'Grund:', 'weil', 'wegen', 'because', 'reason:';
 * else the parts of the message around the command's own words ('Lehn die Auszahlung von Markus ab, IBAN passt
 * nicht zum Namen' → 'IBAN passt nicht zum Namen'). '' when there is none. `command` matches the command's
 * words in the folded text (lower case, umlauts folded).
 */
export function reasonAfterCommand(text: string, command: RegExp): string {
  const isCommand = (s: string) => command.test(foldText(s, 'de'));
  const marked = MARKER.exec(text)?.[1];
  const tidy = (s: string) => {
    const words = s
      .trim()
      .replace(/[.!]+$/, '')
      .split(/\s+/);
    // A trailing command word is not part of the reason ('wegen offener Rückfragen ablehnen').
    while (words.length > 1 && isCommand(words[words.length - 1]!)) words.pop();
    return words
      .join(' ')
      .replace(/[,;:]+$/, '')
      .trim();
  };
  if (marked) return tidy(marked);
  const segments = text
    .split(SEGMENTS)
    .map((s) => s.trim())
    .filter((s) => s && !ONLY_IDS.test(s));
  const at = segments.findIndex(isCommand);
  if (at < 0) return '';
  const after = segments.slice(at + 1).filter((s) => !isCommand(s));
  const before = segments.slice(0, at).filter((s) => !isCommand(s));
  return tidy((after.length ? after : before).join(', '));
}

// ---------------------------------------------------------------------------------------------------
// Roles.

const ROLE_PATTERNS: [UserRole, RegExp][] = [
  ['admin', /\b(?:admin\w*|administrator\w*)\b/g],
  ['provider', /\b(?:anbieter\w*|provider\w*|dienstleister\w*)\b/g],
  ['seeker', /\b(?:suchend\w*|seeker\w*|normal\w* (?:nutzer\w*|user\w*|kund\w*|suchend\w*|seeker\w*)|regular (?:user|seeker)s?|plain (?:user|seeker)s?)\b/g],
];
const TO = /\b(?:zu|zum|zur|auf|als|to|into|as|a|an)\s+(?:(?:einen|einer|einem|eine|ein|den|die|der|normal\w*|regular|plain|zweit\w*|second|neu\w*|new)\s+)*$/;
const FROM = /\b(?:aus|von|vom|from)\s+(?:(?:dem|der|den|the|a|an)\s+)*$/;
const REMOVES =
  /\b(?:weg|entzieh\w*|entzog\w*|entfern\w*|zieh\w*\b[^.]*\bab|kein\w*|nicht mehr|no longer|anymore|revok\w*|remov\w*|strip\w*|take\w*\b[^.]*\b(?:away|off)|demot\w*|runter\w*|abstuf\w*|herabstuf\w*)\b/;

/** The words of roles, never part of a person's name ('Mach Lisa zum Admin' names Lisa, not an admin called 'Admin'). */
export const ROLE_WORDS = new Set(
  'admin admins administrator administratorin adminrechte admin-rechte adminrolle adminzugang adminstatus anbieter anbieterin anbieterkonto anbieterrechte anbieterrolle provider providers suchende suchender suchenden seeker seekers rolle role rechte rights nutzer nutzerin user konto account zugang access'.split(
    ' ',
  ),
);

/**
 * The role a message gives someone: the one named after 'zum', 'auf', 'to', 'as' ('Mach max@… zum Admin',
 * 'set … back to seeker'), else the only one named that is not being taken away ('Adminrechte entziehen,
 * Anbieter lassen'). Without a role to give ('Nimm Kevin die Adminrechte weg'), `role` is undefined and
 * `removesAdmin` says what is taken away.
 */
export function roleNamed(text: string): { role?: UserRole; removesAdmin: boolean } {
  const f = foldText(text, 'de').replace(/[^\s@]+@[^\s@]+/g, ' ');
  const found: { role: UserRole; at: number; to: boolean; from: boolean }[] = [];
  for (const [role, re] of ROLE_PATTERNS) {
    for (const m of f.matchAll(re)) {
      const before = f.slice(0, m.index);
      found.push({ role, at: m.index ?? 0, to: TO.test(before), from: FROM.test(before) });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const removesAdmin = REMOVES.test(f) && found.some((x) => x.role === 'admin');
  const target = [...found].reverse().find((x) => x.to && !x.from && !(removesAdmin && x.role === 'admin'));
  if (target) return { role: target.role, removesAdmin };
  const candidates = found.filter((x) => !x.from && !(removesAdmin && x.role === 'admin'));
  const roles = [...new Set(candidates.map((x) => x.role))];
  return roles.length === 1 ? { role: roles[0]!, removesAdmin } : { removesAdmin };
}

// ---------------------------------------------------------------------------------------------------
// Settings.

/** How admins name each platform setting (folded words), and the things they may take for settings but are fixed. */
const SETTING_NAMES: [SettingKey | 'minPayout' | 'gointsRate', RegExp][] = [
  [
    'minPayout',
    /\b(?:mindest ?auszahlung\w*|mindestbetrag\w* (?:fur|der|bei) auszahlung\w*|auszahlung\w* (?:erst )?ab|min(?:imum|\.)? (?:payout|withdrawal)s?|payouts? (?:minimum|from))\b/,
  ],
  [
    'gointsRate',
    /\b(?:umrechnung\w*|wechselkurs\w*|goints (?:pro|je|per|for (?:a|one|1)) (?:euro|eur)|(?:exchange|conversion) rate|1 ?€ ?(?:=|soll|sind|ist)\s*\d+ goints)\b/,
  ],
  ['marketplace.contactRetentionDays', /\b(?:kontaktdaten\w*|kontakt ?daten|contact (?:data|details|retention)|retention|aufbewahr\w*|kontakte? sichtbar)\b/],
  [
    'affiliate.refundWindowDays',
    /\b(?:widerruf\w*|provisions? ?(?:frist|sperr\w*|warte\w*)|refund window|commission (?:window|hold\w*|pending)|ruckerstattungsfrist|erstattungsfrist)\b/,
  ],
  [
    'marketplace.maxUnlocks',
    /\b(?:freischaltungen? (?:pro|je|per) anfrage|anbieter (?:pro|je|per) anfrage|unlocks? per request|providers? per request|max(?:imal|imum|\.)? (?:\d+ )?(?:freischaltung\w*|unlocks?)|freischalt\w* (?:limit|maximum|hochstens)|unlock limit)\b/,
  ],
  [
    'marketplace.requestExpiryDays',
    /\b(?:laufzeit\w*|ablauf\w*|lauf\w* ab|ablaufen|verfall\w*|expir\w*|lifetime|running time|auto(?:matisch)?[ -]?(?:schliess\w*|close\w*|closing)|online bleib\w*|stay online)\b/,
  ],
  ['marketplace.maxRadiusKm', /\b(?:umkreis\w*|radius|radien|einsatzgebiet\w*|service area)\b/],
  [
    'marketplace.minQualityScore',
    /\b(?:vorpruf\w*|vorfilter\w*|pre-?check\w*|pre-?filter\w*|mindest-?qualitat\w*|qualitat\w*|quality|score|schwelle\w*|threshold|spam ?filter\w*|wortfilter\w*|word filter|filter\w*)\b/,
  ],
];

/** The setting a message names, a thing that is fixed rather than a setting, or null. */
export function settingNamed(text: string): SettingKey | 'minPayout' | 'gointsRate' | null {
  const f = foldText(text, 'de');
  return SETTING_NAMES.find(([, re]) => re.test(f))?.[0] ?? null;
}

/** A whole number the message sets a setting to ('auf 45 Tage', 'to 60 days', '= 3'); a decimal as written, for the range check. */
export function settingValueOf(text: string): number | null {
  const m = /(?<![\d#.,-])(\d{1,6}(?:[.,]\d+)?)(?![\d]|[.,]\d)/.exec(text.replace(/#[0-9a-f]{6}\w*/gi, ' ').replace(/[^\s@]+@[^\s@]+/g, ' '));
  return m ? Number(m[1]!.replace(',', '.')) : null;
}
