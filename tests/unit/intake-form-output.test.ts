// The category forms of the chat (src/chat/intake/category-forms.ts): the one string a form sends, its
// checks, and that the server's form reader understands every form in both languages.
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { CATEGORY_LABELS } from '../../core/categories/category-labels.ts';
import { parseFormOutput } from '../../server/ai/nlu/index.ts';
import { URGENCY_LABELS } from '../../core/requests/urgency.ts';
import {
  CATEGORY_FORMS,
  fieldLabel,
  fieldOptions,
  formFields,
  formOutput,
  optionLabel,
  validateForm,
  type FormValues,
} from '../../src/chat/intake/category-forms.ts';
import { categoryLabel, INTAKE_CATEGORIES, intakeText, URGENCIES, urgencyLabel } from '../../src/chat/intake/labels.ts';

const now = new Date('2026-03-11T09:30:00+01:00');
const today = '2026-03-11';

const plumbing: FormValues = {
  trade: 'sanitaer',
  job: 'Bad; neu\nfliesen',
  size: '12',
  description: '  Die Dusche tropft.\r\nBitte bald.  ',
  postcode: '10115',
  place: 'Berlin',
  budget: '300 – 500 €',
  urgency: 'dringend',
  date: '2026-06-15',
};

describe('formOutput', () => {
  it('builds the German form string: category first, then the filled fields in form order', () => {
    expect(formOutput('handwerk', plumbing, 'de')).toBe(
      'Kategorie: Handwerk; Gewerk: Sanitär; Auftrag: Bad, neu fliesen; Umfang/Größe (m²): 12; Beschreibung: Die Dusche tropft. Bitte bald.; PLZ: 10115; Ort: Berlin; Budget: 300-500 €; Dringlichkeit: Dringend; Datum: 2026-06-15;',
    );
  });

  it('builds the English form string with English labels and option labels', () => {
    expect(formOutput('handwerk', plumbing, 'en-GB')).toBe(
      'Category: Trades & Repairs; Trade: Plumbing; Job: Bad, neu fliesen; Size (m²): 12; Description: Die Dusche tropft. Bitte bald.; Postcode: 10115; Place: Berlin; Budget: 300-500 €; Urgency: Urgent; Date: 2026-06-15;',
    );
  });

  it('leaves out empty, blank and unknown values and never lets a value split the string', () => {
    const out = formOutput(
      'urlaub_reisen',
      { destination: 'Mallorca;Ibiza', tripType: 'unknown', adults: '2', children: '   ', departure: '15.06.2026', place: 'Köln', budget: '800' },
      'de',
    );
    expect(out).toBe('Kategorie: Urlaub/Reisen; Reiseziel: Mallorca, Ibiza; Erwachsene: 2; Ort: Köln; Budget: 800 €;');
    expect(out.split(';')).toHaveLength(6);
    expect(out).not.toMatch(/\n/);
  });

  it('writes the car brand and model as named, and a typed model for another brand', () => {
    expect(formOutput('auto', { brand: 'Volkswagen', model: 'Golf', year: '2016', purpose: 'reparatur', place: 'Olpe' }, 'de')).toBe(
      'Kategorie: Auto; Marke: Volkswagen; Modell: Golf; Baujahr: 2016; Anliegen: Reparatur; Ort: Olpe;',
    );
    expect(formOutput('auto', { brand: 'other', model: 'Lada Niva', purpose: 'kauf', postcode: '10115' }, 'en')).toBe(
      'Category: Cars; Make: Other make; Model: Lada Niva; Purpose: Buying; Postcode: 10115;',
    );
    // A model of another brand (left over from a change of brand) is not sent.
    expect(formOutput('auto', { brand: 'BMW', model: 'Golf', purpose: 'kauf', place: 'Olpe' }, 'de')).toBe(
      'Kategorie: Auto; Marke: BMW; Anliegen: Kauf; Ort: Olpe;',
    );
  });

  it('takes the budget without its currency and adds one euro sign', () => {
    const budget = (text: string) =>
      formOutput('news', { kind: 'abo', place: 'Köln', budget: text }, 'de')
        .split(/;\s*/)
        .find((p) => p.startsWith('Budget'));
    expect(budget('1.000 EUR')).toBe('Budget: 1.000 €');
    expect(budget('bis 50€')).toBe('Budget: bis 50 €');
    expect(budget(' € ')).toBeUndefined();
  });

  for (const lang of ['de', 'en'] as const) {
    it(`every category's form string is read back by the server (${lang})`, () => {
      for (const category of INTAKE_CATEGORIES) {
        const form = CATEGORY_FORMS[category];
        const key = formFields(category).find((f) => f.key === form.keyField)!;
        const keyValue = key.kind === 'select' ? key.options![0]! : 'Mallorca';
        const text = formOutput(
          category,
          {
            [form.keyField]: keyValue,
            description: 'Bitte schnell melden',
            postcode: '10115',
            budget: '300-500',
            urgency: 'sehr_dringend',
            date: '2026-06-15',
          },
          lang,
        );
        const r = parseFormOutput(text, { lang, now });
        expect(r, text).toMatchObject({
          category,
          postcode: '10115',
          place: 'Berlin',
          budget: { min: 300, max: 500 },
          urgency: 'sehr_dringend',
          date: '2026-06-15',
        });
        expect(r.description, text).toContain('Bitte schnell melden');
      }
    });
  }
});

describe('validateForm', () => {
  it('asks for the key field and for postcode or place, and nothing else', () => {
    expect(validateForm('handwerk', {}, today)).toEqual({ trade: { key: 'choose' }, location: { key: 'location' } });
    expect(validateForm('urlaub_reisen', { place: 'Köln' }, today)).toEqual({ destination: { key: 'required' } });
    expect(validateForm('handwerk', { trade: 'maler', place: 'Köln' }, today)).toEqual({});
    expect(validateForm('handwerk', { trade: 'maler', postcode: '50667' }, today)).toEqual({});
  });

  it('checks postcode, numbers, budget and dates', () => {
    const base = { trade: 'maler', place: 'Köln' };
    expect(validateForm('handwerk', { ...base, postcode: '5066' }, today)).toEqual({ postcode: { key: 'postcode' } });
    expect(validateForm('handwerk', { ...base, size: '12,5' }, today)).toEqual({ size: { key: 'number', params: { min: 1, max: 100_000 } } });
    expect(validateForm('handwerk', { ...base, budget: 'viel' }, today)).toEqual({ budget: { key: 'budget' } });
    expect(validateForm('handwerk', { ...base, budget: '500-300' }, today)).toEqual({ budget: { key: 'budgetRange' } });
    expect(validateForm('handwerk', { ...base, budget: 'ca. 1.000 €' }, today)).toEqual({});
    expect(validateForm('handwerk', { ...base, date: '2026-03-10' }, today)).toEqual({ date: { key: 'datePast' } });
    expect(validateForm('handwerk', { ...base, date: today }, today)).toEqual({});
    expect(validateForm('urlaub_reisen', { destination: 'Rom', place: 'Köln', departure: '2026-07-10', return: '2026-07-01' }, today)).toEqual({
      return: { key: 'returnBeforeDeparture' },
    });
  });

  it('names only error messages that exist in both languages', () => {
    const keys = ['required', 'choose', 'location', 'postcode', 'budget', 'budgetRange', 'number', 'datePast', 'returnBeforeDeparture', 'description'];
    for (const lang of ['de', 'en']) for (const key of keys) expect(intakeText(lang, `errors.${key}`)).not.toBe(`errors.${key}`);
  });
});

describe('form words', () => {
  it('has the categories and urgencies of the server, in the contract order, with the same labels', () => {
    expect([...INTAKE_CATEGORIES]).toEqual([...CATEGORY_IDS]);
    for (const id of INTAKE_CATEGORIES) {
      expect(categoryLabel(id, 'de')).toBe(CATEGORY_LABELS[id].de);
      expect(categoryLabel(id, 'en')).toBe(CATEGORY_LABELS[id].en);
    }
    for (const u of URGENCIES) {
      expect(urgencyLabel(u, 'de')).toBe(URGENCY_LABELS[u].de);
      expect(urgencyLabel(u, 'en')).toBe(URGENCY_LABELS[u].en);
    }
  });

  it('has a label for every field and option of every form, without the characters that split a form string', () => {
    for (const category of INTAKE_CATEGORIES) {
      for (const lang of ['de', 'en']) {
        for (const field of formFields(category)) {
          const label = fieldLabel(category, field, lang);
          expect(label, `${category}.${field.key}`).not.toMatch(/^(fields|forms)\./);
          expect(label).not.toMatch(/[;:\n]/);
          for (const option of fieldOptions(field, { brand: 'Audi' })) {
            const text = optionLabel(category, field, option, lang);
            expect(text, `${category}.${field.key}.${option}`).not.toMatch(/^(fields|forms|urgency)\.|[;\n]/);
          }
        }
      }
    }
  });
});
