// A new provider sets up the profile by chat (issue 13: 'provider: onboarding by chat'), with the offline
// model, in German and English: the whole profile in one message of their own words, a before/after card
// (nothing before), stored only on the click, with the welcome bonus and the matches of the new area. A
// message that lacks a field is told which; a provider who has a profile is pointed to editing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { getOwnProviderProfile } from '../../server/domain/providers/get-own-provider-profile.ts';
import { getWallet } from '../../server/domain/wallet/get-wallet.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const as = (user: { email: string; password: string }, lang: 'de' | 'en') => clientAs(app, user, lang);

const say = {
  de: {
    whole:
      'Ich möchte mein Profil anlegen: Firma Elektro Funke Dresden, Kategorien Handwerk und Elektronik, PLZ 01067, Umkreis 30 km, Telefon 0351 4567890, Beschreibung: Elektroinstallationen, Reparaturen und Notdienst rund um Dresden.',
    incomplete: 'Profil anlegen: Firma Elektro Funke, PLZ 01067',
    missing: /Kategorien.*Umkreis.*Telefon.*Beschreibung/,
    rows: ['Firmenname', 'Kategorien', 'Postleitzahl', 'Umkreis', 'Telefon', 'E-Mail', 'Beschreibung'],
    after: ['Elektro Funke Dresden', 'Elektronik, Handwerk', '01067 Dresden', '30 km', '0351 4567890'],
    exists: /schon ein Anbieterprofil/,
    hint: /Profil anlegen: Firma/,
    matches: 'Zeig mir passende Anfragen',
  },
  en: {
    whole:
      'Please set up my profile. Company: Funke Electrics, categories: trades and electronics, postcode 01067, radius 30 km, phone +49 351 4567890, description: Electrical installations, repairs and emergency call-outs around Dresden.',
    incomplete: 'Create my profile: company Funke Electrics, postcode 01067',
    missing: /Categories.*Radius.*Phone.*Description/,
    rows: ['Company name', 'Categories', 'Postcode', 'Radius', 'Phone', 'E-mail', 'Description'],
    after: ['Funke Electrics', 'Electronics, Trades & Repairs', '01067 Dresden', '30 km', '+49 351 4567890'],
    exists: /already have a provider profile/,
    hint: /set up my profile: company/i,
    matches: 'Show me matching requests',
  },
};

for (const lang of ['de', 'en'] as const) {
  const s = say[lang];
  describe(`provider onboarding by chat (${lang})`, () => {
    it('sets up the whole profile from one message, on the click, with the welcome bonus and the matches of the area', async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const request = await createReleasedRequest(app.deps, seeker.id, { postcode: '01067', beschreibung: 'Die Steckdosen im Flur müssen erneuert werden.' });
      const user = await createUser(app.deps.db.prisma, { role: 'provider', locale: lang });
      const c = await as(user, lang);
      const sid = await createSession(c, lang);

      // Without a profile, asking for matches says how to set one up by chat.
      const early = await sendChat(c, sid, s.matches);
      expect(toolPart(early, 'listMatches').output).toMatchObject({ accepted: false, reason: 'PROVIDER_PROFILE_REQUIRED' });
      expect(early.text).toMatch(s.hint);

      const turn = await sendChat(c, sid, s.whole);
      const out = toolPart(turn, 'createProviderProfile').output!;
      expect(out.confirmation?.status).toBe('pending');
      const change = (out.data as { change: { rows: { label: string; before: string | null; after: string | null }[] } }).change;
      expect(change.rows.map((r) => r.label)).toEqual(s.rows);
      expect(change.rows.every((r) => r.before === null)).toBe(true);
      for (const v of s.after) expect(change.rows.map((r) => r.after)).toContain(v);
      // Nothing is stored before the click.
      expect(await getOwnProviderProfile(app.deps.db.prisma, user.id)).toBeNull();

      const r = await c.post<{ status: string; result: { accepted: boolean; data: Record<string, unknown> } }>('/api/chat/confirm', {
        sessionId: sid,
        confirmationId: out.confirmation!.id,
        decision: 'confirm',
      });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('confirmed');
      expect(r.body.result).toMatchObject({ accepted: true, data: { bonusGranted: 50 } });
      const profile = await getOwnProviderProfile(app.deps.db.prisma, user.id);
      expect(profile).toMatchObject({ postcode: '01067', radiusKm: 30, email: user.email });
      expect(profile!.categories.sort()).toEqual(['elektronik', 'handwerk']);
      expect((await getWallet(app.deps.db.prisma, user.id, { movements: 0 })).goints).toBe(50);

      // The matches of the new area are there at once.
      const list = await sendChat(c, sid, s.matches);
      const refs = ((toolPart(list, 'listMatches').output!.data as { matches: { ref: string }[] }).matches ?? []).map((m) => m.ref);
      expect(refs).toContain(request.id.slice(0, 6));
    });

    it('names what is missing and stores nothing', async () => {
      const user = await createUser(app.deps.db.prisma, { role: 'provider', locale: lang });
      const c = await as(user, lang);
      const sid = await createSession(c, lang);
      const turn = await sendChat(c, sid, s.incomplete);
      expect(toolPart(turn, 'createProviderProfile').output).toMatchObject({ accepted: false, reason: 'PROFILE_INCOMPLETE' });
      expect(turn.text).toMatch(s.missing);
      expect(await getOwnProviderProfile(app.deps.db.prisma, user.id)).toBeNull();
    });

    it('a provider with a profile is told to change it instead; a seeker never gets the tool', async () => {
      const { user } = await createProvider(app.deps, { postcode: '04109' });
      const c = await as(user, lang);
      const sid = await createSession(c, lang);
      const turn = await sendChat(c, sid, s.whole);
      expect(toolPart(turn, 'createProviderProfile').output).toMatchObject({ accepted: false, reason: 'PROVIDER_PROFILE_EXISTS' });
      expect(turn.text).toMatch(s.exists);
      expect((await getOwnProviderProfile(app.deps.db.prisma, user.id))!.postcode).toBe('04109');

      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      const sc = await as(seeker, lang);
      const ssid = await createSession(sc, lang);
      const st = await sendChat(sc, ssid, s.whole);
      expect(st.tools.map((t) => t.toolName)).not.toContain('createProviderProfile');
    });
  });
}
