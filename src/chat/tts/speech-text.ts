// What the voice reads from a chat message, cut into pieces the server accepts.
import type { UIMessage } from 'ai';

/** The server's limit per text (server/integrations/tts/speech-text.ts). */
export const SPEECH_MAX_CHARS = 1000;

/** The words of a message: its text parts, in order. */
export function messageText(message: UIMessage): string {
  return message.parts
    .flatMap((p) => (p.type === 'text' ? [p.text.trim()] : []))
    .filter(Boolean)
    .join('\n\n');
}

/** True when no text part of the message is still streaming. */
export function messageComplete(message: UIMessage): boolean {
  return message.parts.every((p) => p.type !== 'text' || p.state !== 'streaming');
}

export function hasReadableText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * Pieces of at most `max` characters, cut after sentences where possible, then between words;
 * pieces without a letter or digit are left out (the server would find nothing to read).
 */
export function splitForSpeech(text: string, max = SPEECH_MAX_CHARS): string[] {
  // Line breaks stay: the server reads a line without closing punctuation (a list item) with a pause.
  const normalized = text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const sentences = normalized.match(/[^.!?…]+(?:[.!?…]+["'“”»«)\]]*\s*|$)/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  const push = (piece: string) => {
    const p = piece.trim();
    if (hasReadableText(p)) pieces.push(p);
  };
  for (const sentence of sentences) {
    if ((current + sentence).trim().length <= max) {
      current += sentence;
      continue;
    }
    push(current);
    current = '';
    if (sentence.trim().length <= max) {
      current = sentence;
      continue;
    }
    // One sentence longer than the limit: between words, and inside a word only when it alone is too long.
    for (const word of sentence.split(' ')) {
      if ((current ? `${current} ${word}` : word).length <= max) {
        current = current ? `${current} ${word}` : word;
        continue;
      }
      push(current);
      current = word;
      while (current.length > max) {
        push(current.slice(0, max));
        current = current.slice(max);
      }
    }
  }
  push(current);
  return pieces;
}
