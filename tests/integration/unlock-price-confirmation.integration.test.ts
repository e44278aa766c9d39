// The quoted price is the charged price (issue 22, decision 065). Found: an admin raised a category's price
// between a provider's quote (500 Goints) and the click, and the unlock charged 1,000 without asking again.
// Now the unlock carries the price the person confirmed (HTTP body, the dashboard's dialog, the chat's card)
// and, when it changed, refuses with a fresh quote and books nothing; confirmed again, it charges the new price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly } from '../factories/marketplace.ts';
import { getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import type { CategoryId } from '../../server/ai/nlu/categories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const db = () => app.deps.db.prisma;

/** A provider with 2,000 paid Goints matched to an open request of the category, which costs 500 Goints (50 €). */
async function scene(kategorie: CategoryId, postcode: string, beschreibung: string) {
  await db().priceListEntry.deleteMany({ where: { industryCategory: kategorie } });
  const entry = await db().priceListEntry.create({ data: { industryCategory: kategorie, basePriceCents: 5000, commissionRateBp: 5000 } });
  const seeker = await createSeeker(db());
  const provider = await createProvider(app.deps, { categories: [kategorie], postcode, radiusKm: 20 });
  await givePaidGointsOnly(db(), provider.user.id, 2000);
  const request = await createReleasedRequest(app.deps, seeker.id, { kategorie, postcode, beschreibung });
  expect(request.status).toBe('open');
  /** The admin's change between the quote and the click: 500 → 1,000 Goints. */
  const raisePrice = () => db().priceListEntry.update({ where: { id: entry.id }, data: { basePriceCents: 10_000 } });
  return { provider, request, raisePrice };
}

const unlocksOf = (requestId: string) => db().unlock.findMany({ where: { requestId }, select: { price: true } });

describe('the quoted price is the charged price', () => {
  it('HTTP: an unlock confirmed at 500 Goints is refused with the fresh quote at 1,000 and books nothing; confirmed at 1,000 it charges 1,000', async () => {
    const { provider, request, raisePrice } = await scene('immobilien', '28195', 'Wir suchen eine Wohnung mit drei Zimmern und Balkon in Bremen.');
    const c = await clientAs(app, provider.user, 'de');
    const quote = await c.get<{ price: number; balance: number }>(`/api/provider/requests/${request.id}/unlock-quote`);
    expect(quote.body).toMatchObject({ price: 500, balance: 2000 });

    await raisePrice();
    const refused = await c.post<{ error: { code: string; message: string; details: { quote: { price: number; balance: number; available: boolean } } } }>(
      `/api/provider/requests/${request.id}/unlock`,
      { price: quote.body.price },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'UNLOCK_PRICE_CHANGED',
      message: 'Der Preis hat sich geändert: Diese Anfrage kostet jetzt 1.000 Goints statt 500. Es wurde nichts abgebucht; bitte bestätige den neuen Preis.',
      details: { quote: { price: 1000, balance: 2000, available: true } },
    });
    expect((await getGointsBalance(db(), provider.user.id)).total).toBe(goints(2000));
    expect(await unlocksOf(request.id)).toEqual([]);
    c.lang = 'en';
    const english = await c.post<{ error: { message: string } }>(`/api/provider/requests/${request.id}/unlock`, { price: 500 });
    expect(english.body.error.message).toBe(
      'The price has changed: this request now costs 1,000 Goints instead of 500. Nothing was charged; please confirm the new price.',
    );

    // Asked again, the provider confirms the new price: exactly that is charged.
    const unlocked = await c.post<{ balance: number; repeated: boolean }>(`/api/provider/requests/${request.id}/unlock`, {
      price: refused.body.error.details.quote.price,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ balance: 1000, repeated: false });
    expect(await unlocksOf(request.id)).toEqual([{ price: goints(1000) }]);
    // Without the confirmed price there is no unlock at all.
    expect((await c.post(`/api/provider/requests/${request.id}/unlock`, {})).status).toBe(400);
  });

  for (const lang of ['de', 'en'] as const) {
    it(`chat (${lang}): the card shows 500, the click after the change is refused with 1,000 and books nothing; the new card at 1,000 is charged 1,000`, async () => {
      const { provider, request, raisePrice } =
        lang === 'de'
          ? await scene('versicherung', '70173', 'Ich brauche eine Hausratversicherung für meine neue Wohnung in Stuttgart.')
          : await scene('urlaub_reisen', '01067', 'Wir suchen eine Ferienwohnung an der Ostsee für zwei Wochen im August.');
      const ref = request.id.slice(0, 6);
      const c = await clientAs(app, provider.user, lang);
      const sessionId = await createSession(c, lang);
      const ask = lang === 'de' ? `Anfrage #${ref} freischalten` : `Unlock request #${ref}`;
      const card = await sendChat(c, sessionId, ask);
      const proposal = toolPart(card, 'unlockRequest').output!;
      expect(proposal).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { quote: { price: 500 } }, confirmation: { status: 'pending' } });

      await raisePrice();
      const clicked = await c.post<{ status: string; result: { accepted: boolean; reason: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
        sessionId,
        confirmationId: proposal.confirmation!.id,
        decision: 'confirm',
      });
      expect(clicked.body).toMatchObject({
        status: 'failed',
        result: { accepted: false, reason: 'UNLOCK_PRICE_CHANGED', data: { price: 1000, confirmed: 500 } },
      });
      expect((await getGointsBalance(db(), provider.user.id)).total).toBe(goints(2000));
      expect(await unlocksOf(request.id)).toEqual([]);

      // Asked again: a new card at the new price, and its click charges exactly that.
      const again = await sendChat(c, sessionId, ask);
      const second = toolPart(again, 'unlockRequest').output!;
      expect(second).toMatchObject({ data: { quote: { price: 1000 } }, confirmation: { status: 'pending' } });
      const done = await c.post<{ status: string; result: { data: { balance: number } } }>('/api/chat/confirm', {
        sessionId,
        confirmationId: second.confirmation!.id,
        decision: 'confirm',
      });
      expect(done.body).toMatchObject({ status: 'confirmed', result: { data: { balance: 1000 } } });
      expect(await unlocksOf(request.id)).toEqual([{ price: goints(1000) }]);
    });
  }
});
