// What the voice reads: the words of a chat message without markup, links, code blocks or emoji.
export const MAX_SPEECH_CHARS = 1000;

const ENTITIES: ReadonlyMap<string, string> = new Map(
  Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" } satisfies Record<string, string>),
);

/** Plain text for speech synthesis; an empty string when nothing readable is left. */
export function cleanSpeechText(input: string): string {
  let s = input.replace(/\r\n?/g, '\n');
  // Code is not read aloud; inline code keeps its words.
  s = s.replace(/```[\s\S]*?(```|$)/g, ' ');
  s = s.replace(/`([^`]*)`/g, '$1');
  s = s.replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
  s = s.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES.get(name) ?? ' ');
  // Images and links keep their words, not their addresses; bare addresses are dropped.
  s = s.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
  s = s.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
  s = s.replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ');
  s = s.replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)/gm, '');
  s = s.replace(/^\s*(?:[-*_]\s*){3,}$/gm, '');
  s = s.replace(/\*+|~~/g, '');
  s = s.replace(/(^|[^\p{L}\p{N}])_+([^_\n]+?)_+(?=[^\p{L}\p{N}]|$)/gu, '$1$2');
  s = s.replace(/\|/g, ' ');
  s = s.replace(/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\uFE0E\uFE0F\u200D\u20E3]/gu, '');
  s = s.replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === '\n' ? '\n' : ' '));
  // A line without closing punctuation (a list item, a heading) still gets its pause.
  const lines = s
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        .replace(/ ([,.;:!?])/g, '$1')
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  return lines
    .map((line, i) => (i < lines.length - 1 && !/[.!?:;,…]$/.test(line) ? `${line}.` : line))
    .join(' ')
    .slice(0, MAX_SPEECH_CHARS);
}
