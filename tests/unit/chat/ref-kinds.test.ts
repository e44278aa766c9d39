// An admin's 'approve #2b7d4e' is read by what the reference names (policy.ts refKindReading): the chat turn
// looks the reference up and passes its kinds; the words alone fit a payout as well as a request under review.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

describe("an admin's reference decides which approval is meant", () => {
  it('a request under review is released, a payout approved, whatever the words lean to (en and de)', () => {
    for (const [lang, text] of [
      ['en', 'approve #2b7d4e, looks legit'],
      ['de', '#2b7d4e freigeben, passt'],
    ] as const) {
      expect(decideFor('admin', text, { lang, refKinds: ['request'] })).toMatchObject({
        tool: 'adminModerateRequest',
        input: { request: '2b7d4e', decision: 'approve' },
      });
      expect(decideFor('admin', text, { lang, refKinds: ['payout'] })).toMatchObject({ tool: 'approvePayout' });
      expect(decideFor('admin', text, { lang, refKinds: ['commission'] })).toMatchObject({ tool: 'adminReleaseCommission' });
    }
  });

  it('a rejection stays a rejection of the thing named', () => {
    expect(decideFor('admin', 'reject #2b7d4e, spam', { lang: 'en', refKinds: ['request'] })).toMatchObject({
      tool: 'adminModerateRequest',
      input: { decision: 'reject' },
    });
    expect(decideFor('admin', 'reject #2b7d4e, spam', { lang: 'en', refKinds: ['payout'] })).toMatchObject({ tool: 'rejectPayout' });
  });

  it('a reference that names nothing, or the reading’s own kind, changes nothing', () => {
    const plain = decideFor('admin', 'approve payout #2b7d4e', { lang: 'en' });
    expect(plain).toMatchObject({ tool: 'approvePayout' });
    expect(decideFor('admin', 'approve payout #2b7d4e', { lang: 'en', refKinds: [] })).toEqual(plain);
    expect(decideFor('admin', 'approve payout #2b7d4e', { lang: 'en', refKinds: ['payout', 'request'] })).toEqual(plain);
  });
});
