// Offline detectors of the marketplace tools: the words by which the rules model recognises each command.
import { normalize } from '../../ai/offline/intents.ts';
import { CATEGORY_IDS, CATEGORY_LABELS, type CategoryId } from '../../ai/nlu/categories.ts';

export const LIST_MATCHES = [
  /\b(meine|neue|passende|aktuelle|offene)? ?(anfragen|matches|auftraege|leads|jobs)\b/,
  /\bwas gibt es (neues|fuer mich)\b/,
  /\bgibt es (was|etwas) neues\b/,
  /\b(show|list|see|find)\b.*\b(matches|requests|leads|jobs)\b/,
  /\bany (new |open |matching )?(jobs|requests|matches|leads)\b/,
  /\bwhich (requests|jobs|leads)\b.*\b(match|fit|suit)/,
  /\b(requests|jobs|leads) (for|that match|matching) me\b/,
  /^(matches|anfragen|requests|jobs)[.!?]*$/,
];
export const URGENT_ONLY = /\b(dringend(e|en|er)?|eilig(e|en)?|urgent)\b/;

/** The category a message names ('Anfragen für Elektronik', 'requests for electronics'), or null. */
export function categoryNamed(text: string): CategoryId | null {
  const n = normalize(text);
  for (const id of CATEGORY_IDS) {
    const words = [id, ...CATEGORY_LABELS[id].de.split('/'), ...CATEGORY_LABELS[id].en.split(/\/| & /)].map((w) => normalize(w));
    if (words.some((w) => w.length > 2 && new RegExp(String.raw`\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`).test(n))) return id;
  }
  return null;
}
export const BALANCE = [
  /\b(guthaben|kontostand|wie viele goints|meine goints|meine punkte|verdienst|einnahmen)\b/,
  /\bwie ?viele? (punkte|goints)\b/,
  /\b(was|wie ?viel)\b.*\b(verdient|eingenommen)\b/,
  /\b(balance|how many goints|my goints|my points|earnings)\b/,
  /\bhow many points\b/,
  /\b(what|how much)\b.*\b(have i|did i|i have|i've)\b.*\bearn(ed|t)?\b/,
];
// 'Schalte die Anfrage #a1b2c3 frei': the German separable verb around the reference.
export const UNLOCK = [/\b(freischalten|freigeschaltet werden|entsperren|unlock)\b/, /\bschalte?\b.*\bfrei\b/];
export const START_OFFER = [
  /^(mein )?(angebot|offer) (fuer|for)\b/,
  /\bangebot\b.*\b(erstellen|schreiben|abgeben|machen|senden|schicken)\b/,
  /\b(erstellen|schreiben|abgeben|machen)\b.*\bangebot\b/,
  /\b(create|write|make|send)( an)? offer\b/,
];
export const CANCEL = [/^(abbrechen|abbruch|doch nicht|cancel|stop|never mind)[.!]*$/];
export const CONFIRM_DEAL = [/\bdeal\b.*\b(bestaetigen|bestaetige)\b/, /\b(bestaetige|bestaetigen)\b.*\bdeal\b/, /\bconfirm( the)? deal\b/];
export const LIST_OFFERS = [
  /\b(meine|beste[n]?|alle|erhaltene[n]?|welche) angebote\b/,
  /\bangebote (ansehen|anzeigen|zeigen)\b/,
  /\b(show|see|list)( me)?( my| all| all my)?( best)? offers\b/,
  /\bmy offers\b/,
  /^(angebote|offers)[.!?]*$/,
  // Questions about offers received: 'Habe ich schon Angebote bekommen?', 'Which offers have I received?'
  /\b(habe|hab) ich\b.*\bangebote\b/,
  /\bgibt es (schon |neue |irgendwelche )*angebote\b/,
  /\b(which|what)( new)? offers\b/,
  /\b(have|did) i (got|get|received|receive)\b.*\boffers\b/,
];
export const ACCEPT = [/\b(annehmen|akzeptieren|accept)\b/, /\bnehme\b.*\ban\b/];
export const BUY = [
  /\bgoints\b.*\b(kaufen|aufladen|nachkaufen|bestellen)\b/,
  /\b(kaufen|aufladen)\b.*\bgoints\b/,
  /\b(buy|top up|purchase|get more)\b.*\bgoints\b/,
  /\bpakete?\b/,
  /\bpackages?\b/,
];
export const PAYOUT = [/\b(auszahlen|auszahlung|zahl(e)? mir)\b/, /\b(payout|pay out|pay me|cash out|withdraw)\b/];
