// The seeker's dashboard actions by chat, with the offline model, in German and English: at any point of
// the conversation (not only in the intake's resting states), through the same domain commands as the
// dashboard; whatever ends something or moves money waits for the person's click on the card, and the click
// runs exactly what the card showed. A provider is refused the seeker's actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, type ChatTurn, toolData, toolPart } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const as = (user: { email: string; password: string }, lang: 'de' | 'en') => clientAs(app, user, lang);

async function confirm(c: TestClient, sessionId: string, turn: ChatTurn, name: string) {
  const id = toolPart(turn, name).output!.confirmation!.id;
  return c.post<{ status: string; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: id,
    decision: 'confirm',
  });
}

async function earn(seekerId: string, cents: number) {
  await app.deps.db.prisma.$transaction(async (tx) => {
    await postTransaction(tx, {
      idempotencyKey: `earn:${seekerId}:${crypto.randomUUID()}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -goints(cents / 10) },
        { account: account.seekerEarnings(seekerId), amount: goints(cents / 10) },
      ],
    });
  });
}

/** A seeker with one open request that a provider unlocked and made an offer on. */
async function market(lang: 'de' | 'en') {
  const seeker = await createSeeker(app.deps.db.prisma, { name: lang === 'de' ? 'Lena Beispiel' : 'Lucy Example', locale: lang });
  const provider = await createProvider(app.deps, {
    firmenname: `Dach & Co ${lang} ${crypto.randomUUID().slice(0, 4)}`,
    categories: ['handwerk'],
    postcode: '04109',
  });
  const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '04109', beschreibung: 'Im Dach ist ein Ziegel gerutscht, es regnet durch.' });
  await unlockAtQuotedPrice(app.deps, provider.user.id, r.id);
  const offer = await createOffer(app.deps, provider.user.id, {
    requestId: r.id,
    price: 240,
    verfuegbarkeit: 'morgen',
    beschreibung: 'Ziegel neu einsetzen, inklusive Material.',
  });
  return { seeker, provider, request: r, offer };
}

const say = {
  de: {
    describe: 'Ich brauche einen Elektriker',
    points: ['Wie viele Punkte habe ich?', 'Was habe ich verdient?', 'Wie hoch ist mein Guthaben?'],
    payout: 'Ich möchte mir mein Guthaben auszahlen lassen',
    requests: ['Zeig meine Anfragen', 'Welche Anfragen habe ich?'],
    close: ['Schließe meine Anfrage', 'Ich brauche die Anfrage nicht mehr'],
    closeRef: (r: string) => `Anfrage #${r} zurückziehen`,
    deals: ['Zeig meine Deals', 'Meine Deals'],
    cancelDeal: (r: string) => `Deal #${r} stornieren`,
    decline: (r: string) => `Angebot #${r} ablehnen`,
    allOffers: 'Zeig alle Angebote',
    addIban: 'Füge meine IBAN DE89 3704 0044 0532 0130 00 hinzu, Kontoinhaber Lena Beispiel',
    badIban: 'Füge meine IBAN DE00 1234 5678 9012 3456 78 hinzu, Kontoinhaber Lena Beispiel',
    methods: 'Zeig meine Auszahlungsmethoden',
    removeMethod: (r: string) => `Auszahlungsmethode #${r} entfernen`,
    payoutAll: 'Zahl mir alles aus',
    payoutStatus: 'Wie ist der Status meiner Auszahlung?',
    favAdd: (r: string) => `Merk dir den Anbieter von Angebot #${r} als Favorit`,
    favList: 'Zeig meine Favoriten',
    favRemove: (r: string) => `Entferne #${r} aus meinen Favoriten`,
    inquiry: (r: string) => `Nachfrage zu Deal #${r}: Wie lange hat die Reparatur gedauert?`,
  },
  en: {
    describe: 'I need an electrician',
    points: ['How many points do I have?', 'What have I earned?', "What's my balance?"],
    payout: 'I want to cash out my earnings',
    requests: ['Show my requests', 'Which requests do I have?'],
    close: ['Close my request', "I don't need the request anymore"],
    closeRef: (r: string) => `Withdraw request #${r}`,
    deals: ['Show my deals', 'My deals'],
    cancelDeal: (r: string) => `Cancel deal #${r}`,
    decline: (r: string) => `Decline offer #${r}`,
    allOffers: 'Show all offers',
    addIban: 'Add my IBAN DE89 3704 0044 0532 0130 00, account holder Lucy Example',
    badIban: 'Add my IBAN DE00 1234 5678 9012 3456 78, account holder Lucy Example',
    methods: 'Show my payout methods',
    removeMethod: (r: string) => `Remove payout method #${r}`,
    payoutAll: 'Pay out everything',
    payoutStatus: 'What is the status of my payout?',
    favAdd: (r: string) => `Add the provider of offer #${r} to my favourites`,
    favList: 'Show my favourites',
    favRemove: (r: string) => `Remove #${r} from my favourites`,
    inquiry: (r: string) => `Ask deal #${r}: how long did the repair take?`,
  },
};

for (const lang of ['de', 'en'] as const) {
  const s = say[lang];
  describe(`seeker actions by chat (${lang})`, () => {
    it('balance, earnings and payout are understood in the middle of a new request, not only in resting states', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { name: lang === 'de' ? 'Mara Muster' : 'Mary Sample', locale: lang });
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const described = await sendChat(c, sid, s.describe);
      const state = described.tools.at(-1)?.output?.state;
      expect(state).toMatch(/^asking\./);
      for (const q of s.points) {
        const turn = await sendChat(c, sid, q);
        expect(toolPart(turn, 'showBalance').output).toMatchObject({ accepted: true, data: { earningsGoints: 0 } });
      }
      const payout = await sendChat(c, sid, s.payout);
      expect(toolPart(payout, 'requestPayout').output).toMatchObject({ accepted: false, reason: 'PAYOUT_BELOW_MINIMUM' });
      // The draft is untouched: the next answer still goes to the question that was asked.
      expect((await c.get<{ state: string }>(`/api/chat/session/${sid}`)).body.state).toBe(state);
    });

    it('lists and closes own requests with the refund notice; closing happens only on the click', async () => {
      const { seeker, provider, request } = await market(lang);
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      for (const q of s.requests) {
        const turn = await sendChat(c, sid, q);
        expect(toolData(turn, 'listMyRequests').requests).toEqual([
          expect.objectContaining({ ref: request.id.slice(0, 6), status: 'open', offers: 1, unlocked: 1 }),
        ]);
      }
      for (const q of s.close) {
        const turn = await sendChat(c, sid, q);
        expect(toolPart(turn, 'closeMyRequest').output).toMatchObject({
          reason: 'CONFIRMATION_REQUIRED',
          data: { ref: request.id.slice(0, 6), refunds: 1 },
          confirmation: { status: 'pending', summary: { params: { ref: request.id.slice(0, 6), count: 1 } } },
        });
        expect(turn.text).not.toMatch(lang === 'de' ? /Kategorie/ : /category/);
      }
      expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('open');
      const proposal = await sendChat(c, sid, s.closeRef(request.id.slice(0, 6)));
      const done = await confirm(c, sid, proposal, 'closeMyRequest');
      expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { refunded: 1 } } });
      expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('closed');
      expect((await getGointsBalance(app.deps.db.prisma, provider.user.id)).total).toBe(goints(50));
      // Nothing left to close.
      const again = await sendChat(c, sid, s.close[0]!);
      expect(toolPart(again, 'closeMyRequest').output).toMatchObject({ accepted: false, reason: 'NO_REQUEST_TO_CLOSE' });
    });

    it('declines an offer, lists all offers, lists and cancels a deal (with its reference), each by a click', async () => {
      const { seeker, provider, request, offer } = await market(lang);
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const all = await sendChat(c, sid, s.allOffers);
      expect((toolData(all, 'listOffers').offers as { ref: string }[]).map((o) => o.ref)).toEqual([offer.id.slice(0, 6)]);
      expect(toolData(all, 'listOffers')).toMatchObject({ scope: 'all' });

      const decline = await sendChat(c, sid, s.decline(offer.id.slice(0, 6)));
      expect(toolPart(decline, 'declineOffer').output).toMatchObject({
        reason: 'CONFIRMATION_REQUIRED',
        data: { ref: offer.id.slice(0, 6), priceCents: 24000 },
      });
      expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('versendet');
      expect((await confirm(c, sid, decline, 'declineOffer')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('abgelehnt');

      // A second offer, accepted: the deal is listed with its reference and can be cancelled by it.
      const other = await createProvider(app.deps, { categories: ['handwerk'], postcode: '04109' });
      await unlockAtQuotedPrice(app.deps, other.user.id, request.id);
      const o2 = await createOffer(app.deps, other.user.id, {
        requestId: request.id,
        price: 260,
        verfuegbarkeit: 'heute',
        beschreibung: 'Sofort vor Ort, Ziegel ersetzen.',
      });
      const { dealId } = await acceptOffer(app.deps, seeker.id, o2.id);
      for (const q of s.deals) {
        const turn = await sendChat(c, sid, q);
        expect(toolData(turn, 'listDeals').deals).toEqual([expect.objectContaining({ ref: dealId.slice(0, 6), status: 'awaiting_both' })]);
      }
      const cancel = await sendChat(c, sid, s.cancelDeal(dealId.slice(0, 6)));
      expect(toolPart(cancel, 'cancelDeal').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { ref: dealId.slice(0, 6), valueCents: 26000 } });
      expect((await app.deps.db.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).status).toBe('awaiting_both');
      expect((await confirm(c, sid, cancel, 'cancelDeal')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect((await app.deps.db.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).status).toBe('cancelled');
      expect(provider.user.id).toBeTruthy();
    });

    it('adds (validated, masked), lists and removes payout methods; a payout pays what the card showed; its status is shown', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { name: lang === 'de' ? 'Lena Beispiel' : 'Lucy Example', locale: lang });
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const bad = await sendChat(c, sid, s.badIban);
      expect(toolPart(bad, 'addPayoutMethod').output).toMatchObject({ accepted: false, reason: 'IBAN_INVALID' });
      const add = await sendChat(c, sid, s.addIban);
      const card = toolPart(add, 'addPayoutMethod').output!;
      expect(card).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { method: { label: 'IBAN •••• 3000' } } });
      expect(JSON.stringify(card)).not.toContain('0532013000');
      expect(await app.deps.db.prisma.payoutMethod.count({ where: { userId: seeker.id } })).toBe(0);
      expect((await confirm(c, sid, add, 'addPayoutMethod')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      const listed = await sendChat(c, sid, s.methods);
      const methods = toolData(listed, 'listPayoutMethods').methods as { ref: string; label: string }[];
      expect(methods).toEqual([expect.objectContaining({ label: 'IBAN •••• 3000' })]);
      expect(JSON.stringify(methods)).not.toContain('0532013000');

      // The card fixes the amount: more earnings between the card and the click do not change the payout.
      await earn(seeker.id, 1500);
      const ask = await sendChat(c, sid, s.payoutAll);
      expect(toolPart(ask, 'requestPayout').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { amountCents: 1500 } });
      await earn(seeker.id, 2000);
      const paid = await confirm(c, sid, ask, 'requestPayout');
      expect(paid.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { amountCents: 1500 } } });
      expect(await getBalance(app.deps.db.prisma, account.seekerEarnings(seeker.id))).toBe(goints(200));
      const status = await sendChat(c, sid, s.payoutStatus);
      expect(toolData(status, 'listPayouts').payouts).toEqual([expect.objectContaining({ amountCents: 1500, status: 'requested' })]);

      const remove = await sendChat(c, sid, s.removeMethod(methods[0]!.ref));
      expect(toolPart(remove, 'removePayoutMethod').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { method: { label: 'IBAN •••• 3000' } } });
      expect((await confirm(c, sid, remove, 'removePayoutMethod')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect(await app.deps.db.prisma.payoutMethod.count({ where: { userId: seeker.id, deletedAt: null } })).toBe(0);
    });

    it('adds, lists and removes favourites; sends a Nachfragen inquiry about a completed deal only on the click', async () => {
      const { seeker, provider, offer } = await market(lang);
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const added = await sendChat(c, sid, s.favAdd(offer.id.slice(0, 6)));
      expect(toolPart(added, 'changeFavorite').output).toMatchObject({ accepted: true, data: { ref: provider.user.id.slice(0, 6), added: true } });
      const listed = await sendChat(c, sid, s.favList);
      expect(toolData(listed, 'listFavorites').favorites).toEqual([expect.objectContaining({ ref: provider.user.id.slice(0, 6) })]);
      const removed = await sendChat(c, sid, s.favRemove(provider.user.id.slice(0, 6)));
      expect(toolPart(removed, 'changeFavorite').output).toMatchObject({ accepted: true, data: { removed: true } });
      expect(await app.deps.db.prisma.favorite.count({ where: { userId: seeker.id } })).toBe(0);

      // A completed deal of someone else whose provider shows the contact.
      const other = await market(lang);
      const { dealId } = await acceptOffer(app.deps, other.seeker.id, other.offer.id);
      await app.deps.db.prisma.deal.update({ where: { id: dealId }, data: { status: 'completed', completedAt: new Date(), providerContactVisible: true } });
      const ask = await sendChat(c, sid, s.inquiry(dealId.slice(0, 6)));
      expect(toolPart(ask, 'sendDealInquiry').output).toMatchObject({
        reason: 'CONFIRMATION_REQUIRED',
        data: { ref: dealId.slice(0, 6), email: seeker.email },
      });
      expect(await app.deps.db.prisma.dealInquiry.count({ where: { inquirerId: seeker.id } })).toBe(0);
      expect((await confirm(c, sid, ask, 'sendDealInquiry')).body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { recipients: 1 } } });
      expect(await app.deps.db.prisma.dealInquiry.count({ where: { inquirerId: seeker.id } })).toBe(1);
    });

    it('answers an unknown request after a sent request with what the seeker can do', async () => {
      const { seeker } = await market(lang);
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      // The conversation after a sent request (the intake's resting state 'submitted').
      const row = await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: sid } });
      const snapshot = { ...(row.machineSnapshot as Record<string, unknown>), value: 'submitted' };
      await app.deps.db.prisma.chatSession.update({ where: { id: sid }, data: { machineState: 'submitted', machineSnapshot: snapshot } });
      const turn = await sendChat(c, sid, 'Blablub quux?');
      // The help of this role (not the intake's question, not 'your request is saved'), in the page's language.
      expect(turn.tools.map((t) => t.toolName)).toEqual(['showHelp']);
      const groups = (toolData(turn, 'showHelp') as { groups: { id: string; actions: { intent: string }[] }[] }).groups;
      expect(groups.map((g) => g.id)).toEqual(expect.arrayContaining(['request', 'offers', 'deals', 'money']));
      expect(groups.flatMap((g) => g.actions.map((a) => a.intent))).not.toContain('unlockRequest');
      expect(turn.text).toMatch(lang === 'de' ? /verstanden/ : /understand/i);
    });

    it('greets a signed-in seeker by name with what is new instead of the anonymous greeting', async () => {
      const { seeker, request } = await market(lang);
      const other = await createProvider(app.deps, { categories: ['handwerk'], postcode: '04109' });
      await unlockAtQuotedPrice(app.deps, other.user.id, request.id);
      const o2 = await createOffer(app.deps, other.user.id, {
        requestId: request.id,
        price: 199,
        verfuegbarkeit: 'heute',
        beschreibung: 'Schnell vor Ort, Ziegel ersetzen.',
      });
      await acceptOffer(app.deps, seeker.id, o2.id);
      const c = await as(seeker, lang);
      const res = await c.post<{ messages: { parts: { type: string; text?: string }[] }[] }>('/api/chat/session', { lang });
      const first = res.body.messages[0]!.parts[0]!.text!;
      expect(first).toMatch(lang === 'de' ? /^Hallo Lena!/ : /^Hello Lucy!/);
      expect(first).toMatch(lang === 'de' ? /1 neues Angebot.*1 Deal wartet auf deine Bestätigung/ : /1 new offer.*1 deal waiting for your confirmation/);
    });

    it("refuses a provider the seeker's actions, and a seeker another seeker's request", async () => {
      const { request } = await market(lang);
      const provider = await createProvider(app.deps, { categories: ['auto'], postcode: '70173' });
      const pc = await as(provider.user, lang);
      const ps = await createSession(pc, lang);
      const turn = await sendChat(pc, ps, s.closeRef(request.id.slice(0, 6)));
      expect(turn.tools.map((t) => t.toolName)).not.toContain('closeMyRequest');
      const stranger = await createSeeker(app.deps.db.prisma, { locale: lang });
      const sc = await as(stranger, lang);
      const ss = await createSession(sc, lang);
      const foreign = await sendChat(sc, ss, s.closeRef(request.id.slice(0, 6)));
      expect(toolPart(foreign, 'closeMyRequest').output).toMatchObject({ accepted: false, reason: 'NOT_FOUND' });
      expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('open');
    });
  });
}
