// The deal list by chat as each side reads it, German and English (found in the chat-only browser journey):
// a deal waiting for the reader's own confirmation says so ('wartet auf deine Bestätigung', not 'wartet auf
// den Anbieter' to the provider), and the hint how to confirm or cancel comes only while a deal waits for
// the reader, not under a completed one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';

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
  de: {
    list: 'Zeig meine Deals',
    mine: 'wartet auf deine Bestätigung',
    provider: 'wartet auf den Anbieter',
    done: 'abgeschlossen',
    hint: /Deal #… bestätigen/,
  },
  en: { list: 'Show my deals', mine: 'waiting for your confirmation', provider: 'waiting for the provider', done: 'completed', hint: /Confirm deal #…/ },
};

for (const lang of ['de', 'en'] as const) {
  const l = T[lang];
  describe(`the deal list by chat (${lang})`, () => {
    it("names the reader's own pending confirmation as theirs and drops the hint once nothing waits for them", async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const { user: provider } = await createProvider(app.deps, { postcode: '01067' });
      const request = await createReleasedRequest(app.deps, seeker.id, { postcode: '01067' });
      await unlockAtQuotedPrice(app.deps, provider.id, request.id);
      const offer = await createOffer(app.deps, provider.id, {
        requestId: request.id,
        price: 140,
        verfuegbarkeit: 'morgen',
        beschreibung: 'Dichtung tauschen.',
      });
      const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
      await confirmDeal(app.deps, seeker.id, dealId);
      const ref = `#${dealId.slice(0, 6)}`;

      const pc = await as(provider, lang);
      const psid = await createSession(pc, lang);
      const waiting = await sendChat(pc, psid, l.list);
      expect(waiting.text).toContain(ref);
      expect(waiting.text).toContain(l.mine);
      expect(waiting.text).not.toContain(l.provider);
      expect(waiting.text).toMatch(l.hint);

      // The seeker, who has confirmed, reads whom the deal waits for, and no hint to confirm.
      const sc = await as(seeker, lang);
      const ssid = await createSession(sc, lang);
      const seekerView = await sendChat(sc, ssid, l.list);
      expect(seekerView.text).toContain(l.provider);
      expect(seekerView.text).not.toMatch(l.hint);

      await confirmDeal(app.deps, provider.id, dealId);
      const done = await sendChat(pc, psid, l.list);
      expect(done.text).toContain(l.done);
      expect(done.text).not.toMatch(l.hint);
    });
  });
}
