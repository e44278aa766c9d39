// What the offline rules model understands: for each tool name, a deterministic detector that reads the
// person's message and returns the tool input, or null. The model only ever consults the detectors of the
// tools it was given for this step, so a detector can never widen what a person may do.
import type { Lang } from '../../i18n.ts';

export interface IntentInput {
  /** The newest user message, as written. */
  text: string;
  lang: Lang;
  /** The session's machine and its state at the start of the turn (hints; the tools carry the rules). */
  machine?: string;
  state?: string;
}

export interface OfflineIntent {
  /** Higher wins when several tools match the same message. */
  priority: number;
  detect(input: IntentInput): Record<string, unknown> | null;
}

const intents = new Map<string, OfflineIntent>();

/** Registers the detector for a tool; returns a function that removes it again (tests). */
export function registerOfflineIntent(toolName: string, intent: OfflineIntent): () => void {
  intents.set(toolName, intent);
  return () => {
    if (intents.get(toolName) === intent) intents.delete(toolName);
  };
}

export function offlineIntent(toolName: string): OfflineIntent | undefined {
  return intents.get(toolName);
}

/** Lower case, umlauts folded (ä→ae), whitespace collapsed: the form the detectors compare. */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

export function matchesAny(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}
