import { describe, expect, it } from 'vitest';
import { cleanSpeechText } from '../../../server/integrations/tts/speech-text.ts';

describe('cleanSpeechText', () => {
  it('keeps plain sentences as they are', () => {
    expect(cleanSpeechText('Hallo! Wie kann ich dir helfen?')).toBe('Hallo! Wie kann ich dir helfen?');
  });

  it('reads links and images by their words and drops bare addresses', () => {
    expect(cleanSpeechText('Siehe [unsere Hilfe](https://akut.example/hilfe) und ![Logo](/logo.png).')).toBe('Siehe unsere Hilfe und Logo.');
    expect(cleanSpeechText('Mehr unter https://akut.example/faq?x=1 oder www.akut.example heute.')).toBe('Mehr unter oder heute.');
  });

  it('drops emphasis, headings, quotes, tables, HTML and emoji but keeps words with underscores', () => {
    expect(cleanSpeechText('## Dein **Auftrag** ist ~~alt~~ _neu_ 🎉')).toBe('Dein Auftrag ist alt neu');
    expect(cleanSpeechText('> Zitat <b>fett</b> &amp; gut')).toBe('Zitat fett & gut');
    expect(cleanSpeechText('| Kategorie | Preis |')).toBe('Kategorie Preis');
    expect(cleanSpeechText('Datei snake_case_name bleibt')).toBe('Datei snake_case_name bleibt');
    expect(cleanSpeechText('Daumen 👍🏽 hoch, Flagge 🇩🇪, Familie 👨‍👩‍👧')).toBe('Daumen hoch, Flagge, Familie');
  });

  it('leaves code blocks out and gives list items and lines their pause', () => {
    expect(cleanSpeechText('Vorher\n```js\nconst x = 1;\n```\nNachher')).toBe('Vorher. Nachher');
    expect(cleanSpeechText('Du brauchst:\n- Kategorie\n- Ort\n1. Budget')).toBe('Du brauchst: Kategorie. Ort. 1. Budget');
  });

  it('returns an empty string when nothing readable is left', () => {
    expect(cleanSpeechText('🎉 👍')).toBe('');
    expect(cleanSpeechText('https://akut.example')).toBe('');
    expect(cleanSpeechText('---\n***')).toBe('');
  });

  it('never returns more than 1,000 characters', () => {
    expect(cleanSpeechText('Wort '.repeat(400)).length).toBe(1000);
  });
});
