// Button labels as the client sends them when the person clicks one: a message equal to a label (in either
// language) is that button, whatever else it could mean.
import { translator } from '../../i18n.ts';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[.!?…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the message is the label of one of these locale keys, in German or English. */
export function isLabelOf(text: string, keys: readonly string[]): boolean {
  const n = norm(text);
  return (['de', 'en'] as const).some((lng) => keys.some((key) => norm(translator(lng)(key, { defaultValue: '\u0000' }) as string) === n));
}
