import { describe, expect, it } from 'vitest';
import type { UIMessage } from 'ai';
import { messageComplete, messageText, splitForSpeech } from '../../../src/chat/tts/speech-text.ts';

describe('splitForSpeech', () => {
  it('keeps a short text in one piece', () => {
    expect(splitForSpeech('Hallo! Wie geht es dir?')).toEqual(['Hallo! Wie geht es dir?']);
  });

  it('cuts after sentences and keeps every piece within the limit', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Das ist Satz Nummer ${i + 1}.`).join(' ');
    const pieces = splitForSpeech(text, 100);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(100);
      expect(p).toMatch(/\.$/);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('cuts an over-long sentence between words, and a too-long word inside', () => {
    const pieces = splitForSpeech(`${'wort '.repeat(50)}${'x'.repeat(25)}`, 20);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(20);
    expect(pieces.join(' ').replace(/\s+/g, '')).toBe(`${'wort'.repeat(50)}${'x'.repeat(25)}`);
  });

  it('leaves out pieces without words', () => {
    expect(splitForSpeech('🎉 …')).toEqual([]);
    expect(splitForSpeech('')).toEqual([]);
  });
});

describe('message text', () => {
  const message = (parts: UIMessage['parts']): UIMessage => ({ id: 'm1', role: 'assistant', parts });

  it('joins the text parts and ignores tool parts', () => {
    const m = message([
      { type: 'text', text: 'Erstens.', state: 'done' },
      { type: 'tool-showOptions', toolCallId: 't1', state: 'output-available', input: {}, output: {} },
      { type: 'text', text: ' Zweitens. ', state: 'done' },
    ] as UIMessage['parts']);
    expect(messageText(m)).toBe('Erstens.\n\nZweitens.');
    expect(messageComplete(m)).toBe(true);
  });

  it('is incomplete while a text part streams', () => {
    expect(messageComplete(message([{ type: 'text', text: 'Hal', state: 'streaming' }]))).toBe(false);
  });
});
