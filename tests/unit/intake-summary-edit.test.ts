// The summary card's edit (src/chat/intake/summary-edit.ts): the form string of the contract, its checks,
// and that the server reads it back into the same request.
import { describe, expect, it } from 'vitest';
import { parseFormOutput } from '../../server/ai/nlu/index.ts';
import { editedView, editValuesOf, sameSummary, summaryEditOutput, validateSummary, type SummaryFields } from '../../src/chat/intake/summary-edit.ts';
import { formatBudget, readView } from '../../src/chat/intake/view.ts';

const now = new Date('2026-03-11T09:30:00+01:00');
const today = '2026-03-11';

const view: SummaryFields = {
  category: 'handwerk',
  description: 'Die Heizung; sie ist\nkaputt',
  postcode: '10115',
  place: 'Berlin',
  budgetMin: 300,
  budgetMax: 500,
  budgetOpen: false,
  urgency: 'sehr_dringend',
  date: '2026-06-15',
};

describe('summaryEditOutput', () => {
  it('writes every field with the German labels of the contract', () => {
    expect(summaryEditOutput(view, 'de')).toBe(
      'Kategorie: Handwerk; Beschreibung: Die Heizung, sie ist kaputt; PLZ: 10115; Ort: Berlin; Budget: 300-500 €; Dringlichkeit: Sehr dringend; Datum: 2026-06-15;',
    );
  });

  it('writes the English labels, a single amount, and leaves out what is empty', () => {
    expect(summaryEditOutput({ ...view, budgetMin: 300, budgetMax: 300, date: null, place: null, urgency: null }, 'en')).toBe(
      'Category: Trades & Repairs; Description: Die Heizung, sie ist kaputt; Postcode: 10115; Budget: 300 €;',
    );
  });

  it("writes an open budget as 'offen' / 'open' and no budget as nothing", () => {
    expect(summaryEditOutput({ ...view, budgetOpen: true, budgetMin: null, budgetMax: null }, 'de')).toContain('; Budget: offen;');
    expect(summaryEditOutput({ ...view, budgetOpen: true }, 'en')).toContain('; Budget: open;');
    expect(summaryEditOutput({ ...view, budgetMin: null, budgetMax: null }, 'de')).not.toContain('Budget');
  });

  for (const lang of ['de', 'en'] as const) {
    it(`is read back by the server as the same request (${lang})`, () => {
      const r = parseFormOutput(summaryEditOutput(view, lang), { lang, now });
      expect(r).toMatchObject({
        category: 'handwerk',
        description: 'Die Heizung, sie ist kaputt',
        postcode: '10115',
        place: 'Berlin',
        budget: { min: 300, max: 500 },
        urgency: 'sehr_dringend',
        date: '2026-06-15',
      });
    });
  }
});

describe('the edit form', () => {
  it('starts from the view and gives it back unchanged', () => {
    const values = editValuesOf(view);
    expect(values).toMatchObject({ category: 'handwerk', budgetMin: '300', budgetMax: '500', date: '2026-06-15' });
    expect(validateSummary(values, today)).toEqual({});
    expect(sameSummary(editedView(values), view)).toBe(true);
    expect(sameSummary(editedView({ ...values, place: 'Potsdam' }), view)).toBe(false);
  });

  it('reads a single typed amount as min = max and an open budget as no amount', () => {
    expect(editedView({ ...editValuesOf(view), budgetMin: '', budgetMax: '800' })).toMatchObject({ budgetMin: 800, budgetMax: 800 });
    expect(editedView({ ...editValuesOf(view), budgetOpen: true })).toMatchObject({ budgetMin: null, budgetMax: null, budgetOpen: true });
  });

  it('checks category, description, postcode or place, amounts and the date', () => {
    const values = editValuesOf(view);
    expect(validateSummary({ ...values, category: '', description: ' a ' }, today)).toEqual({
      category: { key: 'choose' },
      description: { key: 'description' },
    });
    expect(validateSummary({ ...values, postcode: '', place: ' ' }, today)).toEqual({ location: { key: 'location' } });
    expect(validateSummary({ ...values, postcode: '1011' }, today)).toEqual({ postcode: { key: 'postcode' } });
    expect(validateSummary({ ...values, budgetMin: '600' }, today)).toEqual({ budgetMax: { key: 'budgetRange' } });
    expect(validateSummary({ ...values, budgetMin: 'viel' }, today)).toEqual({ budgetMin: { key: 'budget' } });
    expect(validateSummary({ ...values, budgetMin: 'viel', budgetOpen: true }, today)).toEqual({});
    expect(validateSummary({ ...values, date: '2026-03-01' }, today)).toEqual({ date: { key: 'datePast' } });
  });
});

describe('the summary view', () => {
  it('reads the tool output defensively and shows the budget as a range, an amount or open', () => {
    const v = readView({ category: 'nope', urgency: 'sofort', budgetMin: 1000, budgetMax: 2500, date: '15.06.2026', version: 3 });
    expect(v).toMatchObject({ category: null, urgency: null, date: null, version: 3, budgetOpen: false });
    expect(formatBudget(v, 'de').replace(/\u00a0/g, ' ')).toBe('1.000 € – 2.500 €');
    expect(formatBudget({ budgetMin: 300, budgetMax: 300, budgetOpen: false }, 'en')).toBe('€300');
    expect(formatBudget({ budgetMin: null, budgetMax: null, budgetOpen: false }, 'de')).toBe('offen');
    expect(formatBudget({ budgetMin: 300, budgetMax: 500, budgetOpen: true }, 'en')).toBe('open');
  });
});
