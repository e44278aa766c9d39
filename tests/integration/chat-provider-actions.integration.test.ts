// The provider's dashboard actions by chat, with the offline model, in German and English: matches with
// filters and in several paraphrases, 'Kein Interesse', withdrawing an offer, cancelling a deal, the profile
// with a before/after card, purchases with receipt links, trade documents, offer details typed in the message
// carried into the offer form. The same domain commands as the dashboard; a seeker is refused them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, type ChatTurn, toolData, toolPart } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { getOwnProviderProfile } from '../../server/domain/providers/get-own-provider-profile.ts';

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

/** A provider in Leipzig with two matches: an urgent trades request and a normal electronics one. */
async function desk(lang: 'de' | 'en') {
  const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
  const provider = await createProvider(app.deps, { categories: ['handwerk', 'elektronik'], postcode: '04109', radiusKm: 100 });
  const urgent = await createReleasedRequest(app.deps, seeker.id, {
    postcode: '04109',
    dringlichkeit: 'sehr_dringend',
    beschreibung: 'Wasserrohrbruch im Keller, bitte sofort jemanden schicken.',
  });
  const calm = await createReleasedRequest(app.deps, seeker.id, {
    postcode: '04109',
    kategorie: 'elektronik',
    dringlichkeit: 'niedrig',
    beschreibung: 'Der Fernseher soll an die Wand montiert und angeschlossen werden.',
  });
  const c = await as(provider.user, lang);
  const sid = await createSession(c, lang);
  return { seeker, provider, urgent, calm, c, sid };
}

const refsOf = (turn: ChatTurn) => ((toolData(turn, 'listMatches').matches as { ref: string }[]) ?? []).map((m) => m.ref);

const say = {
  de: {
    matches: ['Welche Anfragen passen zu mir?', 'Gibt es neue Aufträge?', 'Zeig mir passende Anfragen'],
    urgent: 'Zeig mir nur dringende Anfragen',
    category: 'Zeig mir Anfragen für Elektronik',
    dismiss: (r: string) => `Kein Interesse an #${r}`,
    withdraw: (r: string) => `Angebot für #${r} zurückziehen`,
    cancelDeal: (r: string) => `Deal #${r} stornieren`,
    profile: 'Zeig mein Profil',
    radius: 'Ändere meinen Radius auf 30 km',
    pause: 'Keine neuen Anfragen mehr, bitte Matches pausieren',
    minBudget: 'Setz mein Mindestbudget auf 200 €',
    purchases: 'Zeig meine Käufe',
    documents: 'Wie ist der Stand meiner Nachweise?',
    upload: [
      'Ich möchte meinen Gewerbeschein hochladen',
      'Lade meine Handwerkskarte hoch',
      'Wie kann ich einen Nachweis einreichen?',
      'Ich will mich verifizieren lassen',
    ],
    offerLine: (r: string) => `Angebot für #${r}: 180 €, morgen ab 8 Uhr, inkl. Material`,
  },
  en: {
    matches: ['Which requests match me?', 'Any new jobs?', 'Show me matching requests'],
    urgent: 'Show me only urgent requests',
    category: 'Show me requests for electronics',
    dismiss: (r: string) => `Not interested in #${r}`,
    withdraw: (r: string) => `Withdraw my offer for #${r}`,
    cancelDeal: (r: string) => `Cancel deal #${r}`,
    profile: 'Show my profile',
    radius: 'Change my radius to 30 km',
    pause: 'Pause my matches',
    minBudget: 'Set my minimum budget to 200 €',
    purchases: 'Show my purchases',
    documents: 'What is the status of my documents?',
    upload: ['I want to upload my trade licence', 'How do I submit a document?', 'Can I send you my craft card?', 'Please verify my business'],
    offerLine: (r: string) => `Offer for #${r}: 180 €, tomorrow from 8 am, including material`,
  },
};

for (const lang of ['de', 'en'] as const) {
  const s = say[lang];
  describe(`provider actions by chat (${lang})`, () => {
    it('lists matches in several paraphrases and with filters; "Kein Interesse" hides one', async () => {
      const { urgent, calm, c, sid } = await desk(lang);
      for (const q of s.matches) {
        const turn = await sendChat(c, sid, q);
        expect(refsOf(turn)).toEqual(expect.arrayContaining([urgent.id.slice(0, 6), calm.id.slice(0, 6)]));
      }
      // Other tests' requests in the same area match too: only this provider's two are looked at.
      const urgentOnly = refsOf(await sendChat(c, sid, s.urgent));
      expect(urgentOnly).toContain(urgent.id.slice(0, 6));
      expect(urgentOnly).not.toContain(calm.id.slice(0, 6));
      const electronics = refsOf(await sendChat(c, sid, s.category));
      expect(electronics).toContain(calm.id.slice(0, 6));
      expect(electronics).not.toContain(urgent.id.slice(0, 6));
      const dismissed = await sendChat(c, sid, s.dismiss(calm.id.slice(0, 6)));
      expect(toolPart(dismissed, 'dismissMatch').output).toMatchObject({ accepted: true, data: { ref: calm.id.slice(0, 6) } });
      const after = refsOf(await sendChat(c, sid, s.matches[0]!));
      expect(after).toContain(urgent.id.slice(0, 6));
      expect(after).not.toContain(calm.id.slice(0, 6));
    });

    it('withdraws an offer and cancels a deal, each only on the click', async () => {
      const { seeker, provider, urgent, calm, c, sid } = await desk(lang);
      await unlockAtQuotedPrice(app.deps, provider.user.id, urgent.id);
      const offer = await createOffer(app.deps, provider.user.id, {
        requestId: urgent.id,
        price: 300,
        verfuegbarkeit: 'heute',
        beschreibung: 'Rohr abdichten und ersetzen.',
      });
      const withdraw = await sendChat(c, sid, s.withdraw(urgent.id.slice(0, 6)));
      expect(toolPart(withdraw, 'withdrawOffer').output).toMatchObject({
        reason: 'CONFIRMATION_REQUIRED',
        data: { ref: urgent.id.slice(0, 6), priceCents: 30000 },
      });
      expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('versendet');
      expect((await confirm(c, sid, withdraw, 'withdrawOffer')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('zurueckgezogen');

      await grant(provider.user.id);
      await unlockAtQuotedPrice(app.deps, provider.user.id, calm.id);
      const o2 = await createOffer(app.deps, provider.user.id, {
        requestId: calm.id,
        price: 120,
        verfuegbarkeit: 'Montag',
        beschreibung: 'Wandhalterung und Anschluss.',
      });
      const { dealId } = await acceptOffer(app.deps, seeker.id, o2.id);
      const cancel = await sendChat(c, sid, s.cancelDeal(dealId.slice(0, 6)));
      expect(toolPart(cancel, 'cancelDeal').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED', data: { valueCents: 12000 } });
      expect((await confirm(c, sid, cancel, 'cancelDeal')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect((await app.deps.db.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).status).toBe('cancelled');
    });

    it('shows the profile and edits it with a before/after card; the click saves exactly what the card showed', async () => {
      const { provider, c, sid } = await desk(lang);
      const shown = await sendChat(c, sid, s.profile);
      expect(toolData(shown, 'showProviderProfile')).toMatchObject({ profile: { postcode: '04109', radiusKm: 100, acceptsMatches: true } });
      // A correction of the card just shown ('nein, 30 km') proposes the corrected change instead.
      const first = await sendChat(c, sid, lang === 'de' ? 'Ab jetzt bitte 25 km Umkreis' : 'From now on a 25 km radius please');
      expect(toolPart(first, 'editProviderProfile').output).toMatchObject({ data: { change: { rows: [{ before: '100 km', after: '25 km' }] } } });
      const radius = await sendChat(c, sid, lang === 'de' ? 'nein, 30 km' : 'no, make it 30 km');
      expect(toolPart(radius, 'editProviderProfile').output).toMatchObject({
        reason: 'CONFIRMATION_REQUIRED',
        data: { change: { rows: [{ before: '100 km', after: '30 km' }] } },
      });
      expect((await getOwnProviderProfile(app.deps.db.prisma, provider.user.id))!.radiusKm).toBe(100);
      expect((await confirm(c, sid, radius, 'editProviderProfile')).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect((await getOwnProviderProfile(app.deps.db.prisma, provider.user.id))!.radiusKm).toBe(30);

      const pause = await sendChat(c, sid, s.pause);
      expect(toolPart(pause, 'editProviderProfile').output).toMatchObject({
        data: { change: { rows: [{ before: expect.any(String), after: expect.any(String) }] } },
      });
      const budget = await sendChat(c, sid, s.minBudget);
      expect(toolPart(budget, 'editProviderProfile').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
      // The budget card is confirmed first; the older pause card still saves only the pause.
      await confirm(c, sid, budget, 'editProviderProfile');
      await confirm(c, sid, pause, 'editProviderProfile');
      expect(await getOwnProviderProfile(app.deps.db.prisma, provider.user.id)).toMatchObject({ radiusKm: 30, minBudget: 200, acceptsMatches: false });
    });

    it('changes the phone number and the contact e-mail by chat, only on the click', async () => {
      const { provider, c, sid } = await desk(lang);
      const before = (await getOwnProviderProfile(app.deps.db.prisma, provider.user.id))!;
      const phone = await sendChat(
        c,
        sid,
        lang === 'de'
          ? 'Bitte ändern in meine Profil die Telefonnummer, neue ist 0176 98765432'
          : 'Please change in my profile the phone number, new is +44 7700 900456',
      );
      const after = lang === 'de' ? '0176 98765432' : '+44 7700 900456';
      expect(toolPart(phone, 'editProviderProfile').output).toMatchObject({
        reason: 'CONFIRMATION_REQUIRED',
        data: { change: { rows: [{ before: before.phone, after }] } },
      });
      expect((await getOwnProviderProfile(app.deps.db.prisma, provider.user.id))!.phone).toBe(before.phone);
      await confirm(c, sid, phone, 'editProviderProfile');
      const mail = await sendChat(
        c,
        sid,
        lang === 'de'
          ? 'Kontakt-E-Mail im Profil bitte auf buero@maler-probe.de umstellen'
          : 'switch the contact email on my profile to office@painter-probe.com',
      );
      expect(toolPart(mail, 'editProviderProfile').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
      await confirm(c, sid, mail, 'editProviderProfile');
      expect(await getOwnProviderProfile(app.deps.db.prisma, provider.user.id)).toMatchObject({
        phone: after,
        email: lang === 'de' ? 'buero@maler-probe.de' : 'office@painter-probe.com',
        postcode: before.postcode,
      });
    });

    it('lists purchases with receipt links and the trade documents', async () => {
      const { provider, c, sid } = await desk(lang);
      await app.deps.db.prisma.purchase.create({
        data: {
          userId: provider.user.id,
          packageId: 'small',
          goints: 100,
          grossCents: 1190,
          netCents: 1000,
          vatCents: 190,
          vatRateBp: 1900,
          status: 'paid',
          provider: 'test',
          receiptNumber: `R-${crypto.randomUUID().slice(0, 8)}`,
          paidAt: new Date(),
        },
      });
      const purchases = await sendChat(c, sid, s.purchases);
      expect(toolData(purchases, 'listPurchases').purchases).toEqual([
        expect.objectContaining({ goints: 100, receiptUrl: expect.stringMatching(/^\/quittung\//) }),
      ]);
      const docs = await sendChat(c, sid, s.documents);
      expect(toolData(docs, 'listTradeDocuments')).toMatchObject({ verification: 'none', documents: [] });
    });

    it('opens the upload card for a trade document in several paraphrases; the file goes through the same door as the dashboard', async () => {
      const { c, sid } = await desk(lang);
      for (const text of s.upload) {
        const turn = await sendChat(c, sid, text);
        expect(
          turn.tools.map((t) => t.toolName),
          text,
        ).toEqual(['uploadTradeDocument']);
        expect(toolData(turn, 'uploadTradeDocument')).toMatchObject({
          kinds: ['gewerbeschein', 'handwerkskarte'],
          types: ['application/pdf', 'image/jpeg', 'image/png'],
          maxMb: 5,
          verification: 'none',
          count: 0,
        });
        expect(turn.text).toContain(lang === 'de' ? 'höchstens 5 MB' : 'at most 5 MB');
      }
      // The card posts the file to POST /api/provider/verification; the chat then knows it.
      const pdf = Buffer.from('%PDF-1.4\n% akut test\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
      const res = await fetch(`${app.baseUrl}/api/provider/verification?kind=handwerkskarte&fileName=karte.pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', origin: app.baseUrl, cookie: c.cookieHeader },
        body: new Uint8Array(pdf),
      });
      expect(res.status).toBe(201);
      const state = await sendChat(c, sid, s.documents);
      expect(toolData(state, 'listTradeDocuments')).toMatchObject({
        verification: 'pending',
        documents: [expect.objectContaining({ kind: 'handwerkskarte', status: 'pending' })],
      });
      const again = await sendChat(c, sid, s.upload[0]!);
      expect(toolData(again, 'uploadTradeDocument')).toMatchObject({ verification: 'pending', count: 1 });
    });

    it('carries offer details typed in the message into the offer form', async () => {
      const { provider, urgent, c, sid } = await desk(lang);
      await unlockAtQuotedPrice(app.deps, provider.user.id, urgent.id);
      const form = await sendChat(c, sid, s.offerLine(urgent.id.slice(0, 6)));
      expect(toolPart(form, 'startOffer').output).toMatchObject({
        accepted: true,
        state: 'writingOffer',
        data: {
          prefill: {
            price: '180',
            verfuegbarkeit: lang === 'de' ? 'morgen ab 8 Uhr' : 'tomorrow from 8 am',
            beschreibung: lang === 'de' ? 'inkl. Material' : 'including material',
          },
        },
      });
    });

    it('answers an unknown request with what the provider can do', async () => {
      const { c, sid } = await desk(lang);
      const turn = await sendChat(c, sid, 'Blablub quux?');
      // The help of this role, in the page's language, grouped with an example to click for each action.
      expect(turn.tools.map((t) => t.toolName)).toEqual(['showHelp']);
      const groups = (toolData(turn, 'showHelp') as { groups: { id: string; actions: { intent: string }[] }[] }).groups;
      expect(groups.map((g) => g.id)).toEqual(expect.arrayContaining(['market', 'deals', 'money', 'profile']));
      expect(groups.flatMap((g) => g.actions.map((a) => a.intent))).toEqual(expect.arrayContaining(['listPurchases', 'uploadTradeDocument', 'unlockRequest']));
      expect(groups.flatMap((g) => g.actions.map((a) => a.intent))).not.toContain('listPendingPayouts');
      expect(turn.text).toMatch(lang === 'de' ? /verstanden/ : /understand/i);
    });

    it('greets the provider by name with the new matches', async () => {
      const { provider } = await desk(lang);
      const c = await as(provider.user, lang);
      const res = await c.post<{ messages: { parts: { type: string; text?: string }[] }[] }>('/api/chat/session', { lang });
      expect(res.body.messages[0]!.parts[0]!.text).toMatch(lang === 'de' ? /\d+ neue passende Anfragen/ : /\d+ new matching requests/);
    });

    it("refuses a seeker the provider's actions", async () => {
      const { urgent } = await desk(lang);
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const c = await as(seeker, lang);
      const sid = await createSession(c, lang);
      const turn = await sendChat(c, sid, s.dismiss(urgent.id.slice(0, 6)));
      expect(turn.tools.map((t) => t.toolName)).not.toContain('dismissMatch');
      const profile = await sendChat(c, sid, s.radius);
      expect(profile.tools.map((t) => t.toolName)).not.toContain('editProviderProfile');
      const upload = await sendChat(c, sid, s.upload[0]!);
      expect(upload.tools.map((t) => t.toolName)).not.toContain('uploadTradeDocument');
    });
  });
}

async function grant(userId: string) {
  const { grantGoints } = await import('../factories/marketplace.ts');
  await grantGoints(app.deps.db.prisma, userId, 100);
}
