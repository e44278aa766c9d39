// Privacy rights by chat (decision 046), with the offline model in German and English: several paraphrases
// of 'export my data' answer with the download links, several of 'delete my account' with a confirmation
// card showing what is deleted and kept; nothing is deleted until the person confirms, and a blocked deletion
// says what to do first. Anonymous visitors get neither tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';
import { requestPayout } from '../../server/domain/payouts/request-payout.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

async function seekerClient(lang: 'de' | 'en', name = 'Chat Person') {
  const user = await createSeeker(app.deps.db.prisma, { name, locale: lang });
  const c: TestClient = app.client();
  c.lang = lang;
  await signIn(c, user.email, user.password);
  return { user, c };
}

const EXPORT_PHRASES = {
  de: ['Meine Daten exportieren', 'Ich möchte meine Daten herunterladen', 'Welche Daten habt ihr über mich gespeichert?', 'Datenauskunft bitte'],
  en: ['export my data', 'I want to download my personal data', 'What data do you have about me?'],
};
const DELETE_PHRASES = {
  de: ['Konto löschen', 'Bitte lösch mein Konto', 'Ich möchte meinen Account entfernen'],
  en: ['delete my account', 'Please remove my account', 'close my account'],
};

describe('export by chat', () => {
  for (const lang of ['de', 'en'] as const)
    it(`answers ${lang} paraphrases with the download links`, async () => {
      const { c } = await seekerClient(lang);
      for (const phrase of EXPORT_PHRASES[lang]) {
        const sessionId = await createSession(c, lang);
        const turn = await sendChat(c, sessionId, phrase, { lang });
        const part = turn.tools.find((t) => t.toolName === 'exportMyData');
        expect(part?.output, phrase).toMatchObject({ accepted: true, data: { jsonUrl: '/api/me/export?format=json' } });
        expect(turn.text, phrase).toContain(lang === 'de' ? 'herunterladen' : 'download');
      }
      // The link works for this person.
      expect((await c.get('/api/me/export?format=json')).status).toBe(200);
    });

  it('is not offered to anonymous visitors', async () => {
    const c = app.client();
    const sessionId = await createSession(c, 'de');
    const turn = await sendChat(c, sessionId, 'Meine Daten exportieren');
    expect(turn.tools.map((t) => t.toolName)).not.toContain('exportMyData');
  });
});

describe('deletion by chat', () => {
  for (const lang of ['de', 'en'] as const)
    it(`shows a ${lang} confirmation card for each paraphrase; only the person's confirmation deletes`, async () => {
      const deps = app.deps;
      const prisma = deps.db.prisma;
      const { user, c } = await seekerClient(lang, lang === 'de' ? 'Dana Chat' : 'Dave Chat');
      const { user: provider } = await createProvider(deps, { postcode: lang === 'de' ? '60311' : '01067' });
      await givePaidGointsOnly(prisma, provider.id, 100);
      const req = await createReleasedRequest(deps, user.id, { postcode: lang === 'de' ? '60311' : '01067' });
      await unlockAtQuotedPrice(deps, provider.id, req.id);

      let last: { sessionId: string; id: string } | null = null;
      for (const phrase of DELETE_PHRASES[lang]) {
        const sessionId = await createSession(c, lang);
        const turn = await sendChat(c, sessionId, phrase, { lang });
        const part = turn.tools.find((t) => t.toolName === 'deleteMyAccount');
        expect(part?.output, phrase).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
        const output = part!.output as unknown as {
          confirmation: { id: string };
          data: { change: { subject: string; rows: { label: string; after: string }[] } };
        };
        expect(output.data.change.subject).toContain(user.email);
        expect(output.data.change.rows).toContainEqual(
          expect.objectContaining({ after: lang === 'de' ? 'geschlossen, 1 Freischaltung erstattet' : 'closed, 1 unlock refunded' }),
        );
        last = { sessionId, id: output.confirmation.id };
      }
      // The model's calls changed nothing.
      expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ deletedAt: null, email: user.email });

      const done = await c.post<{ status: string; result: { accepted: boolean; data: { closedRequests: number } } }>('/api/chat/confirm', {
        sessionId: last!.sessionId,
        confirmationId: last!.id,
        decision: 'confirm',
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { closedRequests: 1 } } });
      const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(await prisma.chatSession.count({ where: { userId: user.id } })).toBe(0);
      expect(await prisma.request.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({ status: 'closed', beschreibung: '' });
      expect((await c.get<{ user: unknown }>('/api/me')).body.user).toBeNull();
    });

  it('says what to do first when a payout is in flight, and asks for nothing', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const { user, c } = await seekerClient('de', 'Pia Payout');
    await inTransaction(prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `privacy-chat:${user.id}`,
        kind: 'test_setup',
        lines: [
          { account: account.paymentClearing(), amount: -centsToMilli(1500) },
          { account: account.seekerEarnings(user.id), amount: centsToMilli(1500) },
        ],
      }),
    );
    const method = await addPayoutMethod(deps, user.id, { type: 'paypal', email: 'pia@example.com' });
    await requestPayout(deps, user.id, { amountCents: 1500, methodId: method.id, source: 'seeker_earnings', idempotencyKey: 'privacy-chat-payout' });
    const sessionId = await createSession(c, 'de');
    const turn = await sendChat(c, sessionId, 'Konto löschen');
    const part = turn.tools.find((t) => t.toolName === 'deleteMyAccount');
    expect(part?.output).toMatchObject({ accepted: false, reason: 'ACCOUNT_DELETION_BLOCKED' });
    expect(part?.output?.confirmation).toBeUndefined();
    expect(turn.text).toContain('Eine Auszahlung an dich ist noch unterwegs.');
    expect(await prisma.chatConfirmation.count({ where: { sessionId } })).toBe(0);
  });
});
