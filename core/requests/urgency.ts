// A request's urgency (dringlichkeit): its values and their names in German and English.
import type { Lang } from '../text.ts';

export const URGENCY_VALUES = ['sehr_dringend', 'dringend', 'normal', 'niedrig'] as const;
export type Urgency = (typeof URGENCY_VALUES)[number];

export const URGENCY_LABELS: Record<Urgency, { de: string; en: string }> = {
  sehr_dringend: { de: 'Sehr dringend', en: 'Very urgent' },
  dringend: { de: 'Dringend', en: 'Urgent' },
  normal: { de: 'Normal', en: 'Normal' },
  niedrig: { de: 'Niedrig', en: 'Low' },
};

export function urgencyLabel(u: Urgency, lang: Lang): string {
  return URGENCY_LABELS[u][lang];
}

export function isUrgency(v: string): v is Urgency {
  return (URGENCY_VALUES as readonly string[]).includes(v);
}
