// What the offline model passes on when an admin's message leaves something out: a request without its
// reference (the tool offers the waiting ones), a reply without its words, a commission or price change
// without its value (the tool asks for it, naming what is needed). And the look-alikes of a price change that
// never propose one.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

const read = (text: string, lang: 'de' | 'en') => decideFor('admin', text, { lang });

describe('requests without a reference', () => {
  it.each([
    ['de', 'Gib die Anfrage frei', 'adminModerateRequest', { decision: 'approve' }],
    ['en', 'release the held request', 'adminModerateRequest', { decision: 'approve' }],
    ['en', 'reject the request, it is spam', 'adminModerateRequest', { decision: 'reject', reason: 'it is spam' }],
    ['de', 'Schließ die Anfrage in Köln', 'adminCloseRequest', {}],
    ['en', 'close the open request', 'adminCloseRequest', {}],
  ] as const)('%s: %s', (lang, text, tool, input) => {
    const d = read(text, lang);
    expect(d.tool).toBe(tool);
    expect(d.input).toEqual({ hint: text, ...input });
  });
});

describe('values left out', () => {
  it.each([
    ['de', 'Antworte Jana', 'answerSupportMessage', { partner: 'Jana' }],
    ['en', 'reply to Jana', 'answerSupportMessage', { partner: 'Jana' }],
    ['de', 'Ebene 2 auf 15', 'changeCommissionPlan', { target: 'level', level: 2 }],
    ['de', 'Setz Ebene 3 auf', 'changeCommissionPlan', { target: 'level', level: 3 }],
    ['en', 'change level 4', 'changeCommissionPlan', { target: 'level', level: 4 }],
    ['en', 'change the commission pool', 'changeCommissionPlan', { target: 'pool' }],
    ['de', 'Ändere den Preis für Handwerk', 'setCategoryPrice', { category: 'handwerk' }],
    ['en', 'change the price for Handwerk', 'setCategoryPrice', { category: 'handwerk' }],
    ['de', 'Setze den Preis auf 8 €', 'setCategoryPrice', { basePrice: '8' }],
  ] as const)('%s: %s', (lang, text, tool, input) => {
    expect(read(text, lang)).toEqual({ tool, input });
  });
});

describe('look-alikes of a price change', () => {
  it.each([
    ['de', 'Wie viele Anfragen gibt es?'],
    ['de', 'Ich brauche einen Handwerker für 80 € morgen'],
    ['en', 'what does Handwerk cost?'],
    ['de', 'Setze den Preis auf 8 €'],
  ] as const)('propose no change (another action, or the question for what is missing), %s: %s', (lang, text) => {
    const d = read(text, lang);
    const input = (d.input ?? {}) as { category?: string; basePrice?: string; commissionRate?: string };
    expect(d.tool === 'setCategoryPrice' && input.category && (input.basePrice || input.commissionRate)).toBeFalsy();
  });
});
