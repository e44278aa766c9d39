// A provider gives the trader details (DSA Art. 30) by chat, with the offline model, in German and English:
// an offer without them is refused with how to give them here; the details in one message of their own
// words become a card with the self-certification, stored only on the click; what is missing is named; an
// invalid VAT ID is refused; after the click the offer goes out. Seekers and admins never get the tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart } from '../helpers/chat.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { getTraderDetails } from '../../server/domain/providers/trader-details.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const say = {
  de: {
    details: 'Hier meine Händlerangaben: Müller Sanitär GmbH, Hauptstraße 5, 50667 Köln, HRB 12345 Amtsgericht Köln, USt-IdNr. DE136695976',
    partial: 'Händlerangaben: Gewerbeanmeldung 555/2021 Stadt Köln',
    missing: /fehlt noch: Straße und Hausnummer, PLZ, Ort/,
    badVat: 'Händlerangaben: Müller Sanitär GmbH, Hauptstraße 5, 50667 Köln, HRB 12345 Amtsgericht Köln, USt-IdNr. DE123456789',
    vatWrong: /USt-IdNr/,
    rows: ['Name oder Firma', 'Anschrift', 'Registrierung', 'Registernummer bzw. Nummer und ausstellende Stelle', 'USt-IdNr.', 'Selbstverpflichtung'],
    after: ['Müller Sanitär GmbH', 'Hauptstraße 5, 50667 Köln', 'Handelsregister', 'HRB 12345 Amtsgericht Köln', 'DE136695976'],
    offerRefused: /brauche ich deine Händlerangaben.*Schreib sie mir hier/s,
    postcode: '50667',
  },
  en: {
    details: 'My trader details: Funke Electrics, Bergstraße 12, 44137 Dortmund, trade licence 2024/0815 City of Dortmund',
    partial: 'Trader details: trade licence 555/2021 City of Cologne',
    missing: /still need: Street and number, Postcode, City/,
    badVat: 'Trader details: Funke Electrics, Bergstraße 12, 44137 Dortmund, trade licence 2024/0815, VAT ID DE123456789',
    vatWrong: /VAT ID/,
    rows: ['Name or company', 'Address', 'Registration', 'Register number, or the number and the issuing office', 'VAT ID', 'Self-certification'],
    after: ['Funke Electrics', 'Bergstraße 12, 44137 Dortmund', 'Trade registration', '2024/0815 City of Dortmund', '–'],
    offerRefused: /I need your trader details.*Write them here/s,
    postcode: '44137',
  },
};

for (const lang of ['de', 'en'] as const) {
  const s = say[lang];
  describe(`trader details by chat (${lang})`, () => {
    it('an offer without them says how to give them here; one message, a card with the self-certification, stored on the click; then the offer goes out', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const request = await createReleasedRequest(app.deps, seeker.id, {
        postcode: '50667',
        beschreibung: 'Die Heizung im Bad wird nicht mehr warm, bitte schnell.',
      });
      const { user } = await createProvider(app.deps, { postcode: '50667', trader: false, user: { locale: lang } });
      await app.deps.db.prisma.user.update({ where: { id: user.id }, data: { locale: lang } });
      const c = await clientAs(app, user, lang);
      const sid = await createSession(c, lang);
      const ref = request.id.slice(0, 6);

      const unlock = await sendChat(c, sid, lang === 'de' ? `Schalte #${ref} frei` : `Unlock #${ref}`);
      const unlockOut = toolPart(unlock, 'unlockRequest').output!;
      if (unlockOut.confirmation) {
        const r = await c.post('/api/chat/confirm', { sessionId: sid, confirmationId: unlockOut.confirmation.id, decision: 'confirm' });
        expect(r.status).toBe(200);
      }
      const offer =
        lang === 'de'
          ? `Angebot für #${ref}: 180 €, neues Thermostatventil inkl. Montage, morgen ab 9 Uhr`
          : `Offer for #${ref}: €180, new thermostat valve incl. fitting, tomorrow from 9am`;
      const refused = await sendChat(c, sid, offer);
      expect(refused.tools.at(-1)!.output).toMatchObject({ accepted: false, reason: 'TRADER_DETAILS_REQUIRED' });
      expect(refused.text).toMatch(s.offerRefused);

      const turn = await sendChat(c, sid, s.details);
      const out = toolPart(turn, 'saveTraderDetails').output!;
      expect(out.confirmation?.status).toBe('pending');
      const change = (out.data as { change: { rows: { label: string; before: string | null; after: string | null }[] } }).change;
      expect(change.rows.map((r) => r.label)).toEqual(s.rows);
      for (const v of s.after) expect(change.rows.map((r) => r.after)).toContain(v);
      // Nothing is stored before the click.
      expect(await getTraderDetails(app.deps.db.prisma, user.id)).toBeNull();

      const r = await c.post<{ status: string; result: { accepted: boolean } }>('/api/chat/confirm', {
        sessionId: sid,
        confirmationId: out.confirmation!.id,
        decision: 'confirm',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
      expect(JSON.stringify(r.body)).not.toContain('TRADER');
      const stored = await getTraderDetails(app.deps.db.prisma, user.id);
      expect(stored).toMatchObject({ legalName: s.after[0], postcode: s.postcode, country: 'DE' });
      expect(stored!.selfCertifiedAt).toBeTruthy();

      const sent = await sendChat(c, sid, offer);
      expect(sent.tools.at(-1)!.toolName).toBe('startOffer');
      expect(sent.tools.at(-1)!.output).not.toMatchObject({ reason: 'TRADER_DETAILS_REQUIRED' });
    });

    it('names what is missing, refuses an invalid VAT ID, and stores nothing', async () => {
      const { user } = await createProvider(app.deps, { trader: false });
      const c = await clientAs(app, user, lang);
      const sid = await createSession(c, lang);
      const partial = await sendChat(c, sid, s.partial);
      expect(toolPart(partial, 'saveTraderDetails').output).toMatchObject({ accepted: false, reason: 'TRADER_DETAILS_INCOMPLETE' });
      expect(partial.text).toMatch(s.missing);
      const bad = await sendChat(c, sid, s.badVat);
      expect(toolPart(bad, 'saveTraderDetails').output).toMatchObject({ accepted: false, reason: 'TRADER_DETAILS_INVALID' });
      expect(bad.text).toMatch(s.vatWrong);
      expect(await getTraderDetails(app.deps.db.prisma, user.id)).toBeNull();
    });

    it('a seeker never gets the tool', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const sc = await clientAs(app, seeker, lang);
      const sid = await createSession(sc, lang);
      const st = await sendChat(sc, sid, s.details);
      expect(st.tools.map((t) => t.toolName)).not.toContain('saveTraderDetails');
    });
  });
}
