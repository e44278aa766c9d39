// The academy lesson format and its live figures (core/affiliate/lesson.ts, decision 083).
import { describe, expect, it } from 'vitest';
import { fillLesson, lessonValues, parseLesson, type LessonFigures } from '../../core/affiliate/lesson.ts';
import { PRESETS } from '../../core/affiliate/commission-plan.ts';

const figures: LessonFigures = {
  plan: { ...PRESETS.ten_levels, levelsBp: [...PRESETS.ten_levels.levelsBp] },
  unlockPriceGoints: 50,
  maxUnlocks: 5,
  platformShareBp: 5000,
  refundWindowDays: 14,
  minPayoutCents: 1000,
  welcomeBonusGoints: 50,
  signupBurstCount: 10,
  invitesPerDay: 10,
};

describe('lesson figures', () => {
  it('writes the live figures in the reader’s language, the example with the server’s commission rule', () => {
    const de = lessonValues(figures, 'de');
    expect(de).toMatchObject({ UNLOCK_PRICE: '50', POOL: '20\u00a0%', PLATFORM_SHARE: '50\u00a0%', EXAMPLE_REVENUE: '25', EXAMPLE_L1: '2', REFUND_DAYS: '14' });
    expect(de.UNLOCK_EURO).toBe('5,00\u00a0€');
    expect(de.MIN_PAYOUT).toBe('10,00\u00a0€');
    const en = lessonValues({ ...figures, plan: { ...PRESETS.two_levels, levelsBp: [...PRESETS.two_levels.levelsBp] } }, 'en');
    // 25 Goints revenue × 20 % pool × 75 % for level 1.
    expect(en).toMatchObject({ UNLOCK_EURO: '€5.00', POOL: '20%', EXAMPLE_L1: '3.75' });
  });

  it('fills only its own placeholders and keeps others (a template’s [NAME]) as written', () => {
    const values = lessonValues({ ...figures, unlockPriceGoints: 70 }, 'de');
    expect(fillLesson('Preis [UNLOCK_PRICE] Goints, Topf [POOL], Name [NAME], [UNKNOWN]', values)).toBe(
      'Preis 70 Goints, Topf 20\u00a0%, Name [NAME], [UNKNOWN]',
    );
  });
});

describe('lesson format', () => {
  it('reads headings, paragraphs, bullet and numbered lists, bold and the plan block', () => {
    const blocks = parseLesson(
      'Intro line one\nline two\n\n## Heading\n1. **First** step\n2. Second\nAfter the list\n\n- a\n- b\n\n[LEVELS]\n\nAn ** open bold',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', spans: [{ text: 'Intro line one line two', bold: false }] },
      { kind: 'heading', spans: [{ text: 'Heading', bold: false }] },
      {
        kind: 'list',
        ordered: true,
        items: [
          [
            { text: 'First', bold: true },
            { text: ' step', bold: false },
          ],
          [{ text: 'Second', bold: false }],
        ],
      },
      { kind: 'paragraph', spans: [{ text: 'After the list', bold: false }] },
      { kind: 'list', ordered: false, items: [[{ text: 'a', bold: false }], [{ text: 'b', bold: false }]] },
      { kind: 'levels' },
      { kind: 'paragraph', spans: [{ text: 'An ** open bold', bold: false }] },
    ]);
  });

  it('never produces markup from the text: tags stay text', () => {
    expect(parseLesson('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', spans: [{ text: '<script>alert(1)</script>', bold: false }] }]);
  });
});
