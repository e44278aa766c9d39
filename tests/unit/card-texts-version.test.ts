// The feed's cards keep the redaction's output (decision 077): a change of that output must raise
// CARD_TEXTS_VERSION, so that the job write-card-texts writes every open request's cards again. This test
// pins the version to a fingerprint of cardTexts over the contact eval set in both languages; a change of
// the redaction, the preview or the masks that alters any of them fails here until both are updated.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardTexts } from '../../server/domain/requests/request-views.ts';
import { CARD_TEXTS_VERSION } from '../../server/domain/matching/write-card-texts.ts';

const PINNED = { version: 2, fingerprint: '97236033518a226b' };

describe('the version of the feed cards’ texts', () => {
  it('is raised whenever what the redaction makes of a request changes', () => {
    const cases = (JSON.parse(fs.readFileSync(new URL('../fixtures/contact-eval.json', import.meta.url), 'utf8')) as { cases: { text: string }[] }).cases;
    const hash = crypto.createHash('sha256');
    for (const c of cases)
      for (const lang of ['de', 'en'] as const)
        hash.update(JSON.stringify(cardTexts({ beschreibung: c.text, ort: 'Köln-Ehrenfeld', postcode: '50823' }, lang)));
    const fingerprint = hash.digest('hex').slice(0, 16);
    expect(
      { version: CARD_TEXTS_VERSION, fingerprint },
      'cardTexts gives other texts than before: raise CARD_TEXTS_VERSION (server/domain/matching/write-card-texts.ts) and pin the new pair here',
    ).toEqual(PINNED);
  });
});
