// A real deal whose two sides one partner brought in, so the fraud rule holds both of the partner's commissions
// on it (issue 25): shared by the held-commission specs (the admin tab and the admin chat).
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, mailedLink, type Lang } from './fixtures.ts';
import { E2E_PAID_PROVIDERS, E2E_PASSWORD, E2E_URL, traderFor } from './e2e-env.ts';
import { apiAccount, paidProviderAccount, providerConfirms, requestByChat, uniqueToken, unlockAndOffer, unlockOnly } from './seeker-helpers.ts';

const WRITE = { origin: E2E_URL };

/** A verified account signed up through the partner's link (the cookie carries the code). */
async function referredAccount(code: string, role: 'seeker' | 'provider', lang: Lang, name: string): Promise<{ api: APIRequestContext; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: WRITE });
  expect((await api.get(`/ref/${code}`)).ok()).toBe(true);
  const email = `e2e-held-${role}-${lang}-${uniqueToken()}@example.com`;
  const r = await api.post('/api/auth/sign-up/email', { data: { email, password: E2E_PASSWORD, name, role, locale: lang } });
  expect(r.ok(), await r.text()).toBe(true);
  expect((await api.get(await mailedLink(email, 'verifyEmail'))).ok()).toBe(true);
  return { api, email };
}

/** A deal between a seeker and a provider both referred by one partner: both of the partner's commissions on it are held. Returns the partner's signed-in API. */
export async function dealWithPartnerOnBothSides(lang: Lang, partnerName = 'Paula Prüfling') {
  const partner = await apiAccount('seeker', lang, partnerName);
  const { code } = (await (await partner.api.get('/api/affiliate/me')).json()) as { code: string };
  const seeker = await referredAccount(code, 'seeker', lang, 'Sven Geworben');
  const provider = await referredAccount(code, 'provider', lang, 'Berta Geworben');
  const firm = `Elektro Berta ${uniqueToken()}`;
  const profile = await provider.api.put('/api/provider/profile', {
    data: {
      firmenname: firm,
      categories: ['handwerk'],
      postcode: '50667',
      radiusKm: 50,
      description: 'Elektroinstallationen, Reparaturen und Notdienst in Köln und Umgebung.',
      phone: '0221 555 0177',
      email: provider.email,
      trader: traderFor(firm),
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const me = (await (await provider.api.get('/api/me')).json()) as { user: { id: string } };
  const berta = { api: provider.api, email: provider.email, id: me.user.id, firmenname: firm, phone: '0221 555 0177' };
  // A provider with paid Goints unlocks it too, so the deal earns the platform real revenue.
  const { requestId } = await requestByChat(seeker.api, lang, 'Sven');
  const paid = await paidProviderAccount(lang, E2E_PAID_PROVIDERS - 2, `Elektro Bezahlt ${uniqueToken()}`);
  await unlockOnly(paid, requestId);
  const offerId = await unlockAndOffer(berta, requestId, {
    price: 240,
    beschreibung: 'Fehlersuche und Austausch der Sicherungen.',
    verfuegbarkeit: 'Morgen ab 8 Uhr',
  });
  const accepted = await seeker.api.post(`/api/seeker/offers/${offerId}/accept`);
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { dealId } = (await accepted.json()) as { dealId: string };
  await providerConfirms(berta, dealId);
  expect((await seeker.api.post(`/api/deals/${dealId}/confirm`)).ok()).toBe(true);
  await Promise.all([seeker.api.dispose(), provider.api.dispose(), paid.api.dispose()]);
  return { partner, dealId };
}
