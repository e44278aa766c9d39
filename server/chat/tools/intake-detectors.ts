// Offline detectors of the intake tools: how the rules model recognises each tool's message.
import { categoryFromLabel, isFormOutput } from '../../ai/nlu/index.ts';
import { normalize, type IntentInput } from '../../ai/offline/intents.ts';
import { translator } from '../../i18n.ts';
import { MAX_TEXT } from './intake-forms.ts';

const INTRO = [
  /^(?:hallo|hi|hey|moin|servus)?[\s,!.]*(?:ich hei(?:ss|ß)e|ich bin(?: die| der)?|mein (?:vor)?name (?:ist|lautet)|nenn(?:t)? mich)\s+/i,
  /^(?:hello|hi|hey)?[\s,!.]*(?:my (?:first )?name is|i am|i'm|im|call me|it's|this is)\s+/i,
];

/** 'Ich heiße Anna.' → 'Anna': an introduction around the name is not part of it. */
export function nameFromAnswer(text: string): string {
  let name = text.trim();
  for (const re of INTRO) name = name.replace(re, '');
  return name.replace(/[.!]+$/, '').trim();
}

export function isLabelOf(text: string, keys: readonly string[]): boolean {
  const n = normalize(text).replace(/[.!?]+$/, '');
  return (['de', 'en'] as const).some((lng) => keys.some((key) => normalize(translator(lng)(key, { defaultValue: '' }) as string) === n));
}

export const SKIP = [
  /^(ueberspringen|ueberspring|skip|weiter|egal|keine ahnung|weiss (ich )?nicht|weiss nicht|unklar|noch offen|offen|flexibel|nicht wichtig|kein(en)? (feste[nr]? |bestimmte[nr]? )?(termin|datum)|kein budget|budget offen|no idea|(i )?(do not|don't|dont) know|not sure|no fixed date|no date|any time|anytime|whenever|open|flexible|budget open|no budget|doesn'?t matter|does not matter)[.!]*$/,
];
export const CONFIRM = [
  /^(ja|jo|jap|jawohl|passt|stimmt|genau|korrekt|richtig|ok|okay|alles (gut|richtig|korrekt)|yes|yeah|yep|correct|looks good|that'?s right|perfect|perfekt)\b/,
  /\b(absenden|abschicken|bestaetigen|bestaetige|senden|submit|confirm|send it|post it)\b/,
];
export const NEW_REQUEST = [/\b(neue|weitere|noch eine|zweite) anfrage\b/, /\b(new|another|second) request\b/, /\bnochmal\b.*\banfrage\b/];

export function detectCategory({ text }: IntentInput) {
  const category = categoryFromLabel(text.trim().replace(/[.!]+$/, ''));
  return category ? { category } : null;
}

export function detectText({ text }: IntentInput) {
  if (isFormOutput(text)) return null;
  return text.trim() ? { text: text.trim().slice(0, MAX_TEXT) } : null;
}
