// A seeker who asks the chat for a payout before adding a payout method is told how to add one right there
// in the chat (the chat adds IBANs and PayPal addresses), not sent to the dashboard; and the way it names
// works. German and English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const as = (user: { email: string; password: string }, lang: 'de' | 'en') => clientAs(app, user, lang);

const T = {
  de: { payout: 'Zahl mir bitte meine Einnahmen aus', dashboard: /Dashboard/, example: 'Füge meine IBAN DE89 3704 0044 0532 0130 00 hinzu' },
  en: { payout: 'Please pay out my earnings', dashboard: /dashboard/i, example: 'Add my IBAN DE89 3704 0044 0532 0130 00' },
};

for (const lang of ['de', 'en'] as const) {
  const l = T[lang];
  describe(`a payout asked for without a payout method (${lang})`, () => {
    it('says how to add one by chat, and that way works', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      await app.deps.db.prisma.$transaction(async (tx) => {
        await postTransaction(tx, {
          idempotencyKey: `earn:${seeker.id}`,
          kind: 'test_setup',
          lines: [
            { account: account.paymentClearing(), amount: -goints(150) },
            { account: account.seekerEarnings(seeker.id), amount: goints(150) },
          ],
        });
      });
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const turn = await sendChat(c, sid, l.payout);
      expect(turn.tools.find((t) => t.toolName === 'requestPayout')?.output).toMatchObject({ accepted: false, reason: 'PAYOUT_METHOD_REQUIRED' });
      expect(turn.text).toContain(l.example);
      expect(turn.text).not.toMatch(l.dashboard);
      // The example, written as it stands, proposes the method.
      const add = await sendChat(c, sid, l.example);
      expect(add.tools.find((t) => t.toolName === 'addPayoutMethod')?.output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
    });
  });
}
