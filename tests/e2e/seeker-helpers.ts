// Data for the seeker and successful-deals journeys, made through the real API like people would make it:
// accounts signed up and verified with the link from the server log, a request told to the chat assistant and confirmed by
// click, a provider who sets up a profile, unlocks the request and sends an offer, both sides confirming.
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_PAID_PROVIDER, E2E_PASSWORD, E2E_URL, traderFor } from './e2e-env.ts';
import { mailedLink, type Lang } from './fixtures.ts';
import { unlockAtQuotedPrice } from './market-helpers.ts';

const WRITE = { origin: E2E_URL };

export const uniqueToken = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh, verified and signed-in account in its own API context (not the page's browser). */
export async function apiAccount(role: 'seeker' | 'provider', lang: Lang, name: string): Promise<{ api: APIRequestContext; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: WRITE });
  const email = `e2e-${role}-${lang}-${uniqueToken()}@example.com`;
  const r = await api.post('/api/auth/sign-up/email', { data: { email, password: E2E_PASSWORD, name, role, locale: lang } });
  expect(r.ok(), await r.text()).toBe(true);
  const v = await api.get(await mailedLink(email, 'verifyEmail'));
  expect(v.ok()).toBe(true);
  return { api, email };
}

interface ToolOutput {
  accepted?: boolean;
  state?: string;
  reason?: string;
  confirmation?: { id: string; status: string };
  data?: Record<string, unknown>;
}

/** One chat turn; returns the last tool output of the streamed answer (lines `data: {...}`). */
async function chatTurn(api: APIRequestContext, sessionId: string, lang: Lang, text: string): Promise<ToolOutput | undefined> {
  const res = await api.post('/api/chat', { data: { sessionId, lang, message: { role: 'user', parts: [{ type: 'text', text }] } }, headers: WRITE });
  expect(res.status(), await res.text()).toBe(200);
  let last: ToolOutput | undefined;
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const chunk = JSON.parse(line.slice(6)) as { type: string; output?: ToolOutput };
    if (chunk.type === 'tool-output-available' && chunk.output) last = chunk.output;
  }
  return last;
}

const NEED: Record<Lang, string> = {
  de: 'Ich brauche dringend einen Elektriker in 50667 Köln, Budget 300-500 Euro',
  en: 'I urgently need an electrician in 50667 Köln, budget 300-500 euros',
};
const FOLLOW_UPS: Record<Lang, string[]> = {
  de: ['Kein fester Termin', 'Dringend', 'Budget offen'],
  en: ['No fixed date', 'Urgent', 'Budget open'],
};

/**
 * The seeker (signed in on `api`) tells the assistant the whole need and confirms the summary by click.
 * Returns the id of the stored request (open and matched when nothing holds it for moderation).
 */
export async function requestByChat(api: APIRequestContext, lang: Lang, firstName: string, need = NEED[lang]): Promise<{ requestId: string; status: string }> {
  const res = await api.post('/api/chat/session', { data: { lang }, headers: WRITE });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as { id: string; state: string };
  // A signed-in seeker whose first name is known skips the greeting.
  if (session.state === 'greeting') expect((await chatTurn(api, session.id, lang, firstName))?.accepted).toBe(true);
  let out = await chatTurn(api, session.id, lang, need);
  const answers = [...FOLLOW_UPS[lang]];
  while (out?.state !== 'reviewing' && answers.length) out = await chatTurn(api, session.id, lang, answers.shift()!);
  expect(out?.state, JSON.stringify(out)).toBe('reviewing');
  const confirm = await api.post('/api/chat/confirm', {
    data: { sessionId: session.id, confirmationId: out!.confirmation!.id, decision: 'confirm' },
    headers: WRITE,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const body = (await confirm.json()) as { status: string; result: { data: { requestId: string; requestStatus: string } } };
  expect(body.status).toBe('confirmed');
  return { requestId: body.result.data.requestId, status: body.result.data.requestStatus };
}

export interface E2eProvider {
  api: APIRequestContext;
  email: string;
  id: string;
  firmenname: string;
  phone: string;
}

/**
 * One of the providers with paid Goints the e2e server created (E2E_PAID_PROVIDER), signed in, its profile
 * set to trades in and around Köln: its unlocks are paid, so a deal earns the seeker money.
 */
export async function paidProviderAccount(lang: Lang, i: number, firmenname: string): Promise<E2eProvider> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: WRITE });
  const email = E2E_PAID_PROVIDER(lang, i);
  const s = await api.post('/api/auth/sign-in/email', { data: { email, password: E2E_PASSWORD } });
  expect(s.ok(), await s.text()).toBe(true);
  const phone = '0221 555 0199';
  const r = await api.put('/api/provider/profile', {
    data: {
      firmenname,
      categories: ['handwerk'],
      postcode: '50667',
      radiusKm: 50,
      description: 'Elektroinstallationen, Reparaturen und Notdienst in Köln und Umgebung.',
      phone,
      email,
      trader: traderFor(firmenname),
    },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { user: { id: string } };
  return { api, email, id: me.user.id, firmenname, phone };
}

/** A verified provider with a profile for trades in and around Köln (the welcome bonus pays one unlock). */
export async function providerAccount(lang: Lang, firmenname: string): Promise<E2eProvider> {
  const { api, email } = await apiAccount('provider', lang, 'Erika Anbieterin');
  const phone = '0221 555 0199';
  const r = await api.put('/api/provider/profile', {
    data: {
      firmenname,
      categories: ['handwerk'],
      postcode: '50667',
      radiusKm: 50,
      description: 'Elektroinstallationen, Reparaturen und Notdienst in Köln und Umgebung.',
      phone,
      email,
      trader: traderFor(firmenname),
    },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { user: { id: string } };
  return { api, email, id: me.user.id, firmenname, phone };
}

/** The provider unlocks the request (50 Goints) and sends an offer; returns the offer id. */
export async function unlockAndOffer(
  provider: E2eProvider,
  requestId: string,
  offer: { price: number; beschreibung: string; verfuegbarkeit: string },
): Promise<string> {
  const u = await unlockAtQuotedPrice(provider.api, requestId);
  expect(u.ok(), await u.text()).toBe(true);
  const o = await provider.api.post('/api/provider/offers', { data: { requestId, ...offer } });
  expect(o.status(), await o.text()).toBe(201);
  return ((await o.json()) as { id: string }).id;
}

export async function unlockOnly(provider: E2eProvider, requestId: string): Promise<void> {
  const u = await unlockAtQuotedPrice(provider.api, requestId);
  expect(u.ok(), await u.text()).toBe(true);
}

/** The provider's side of the double confirmation. */
export async function providerConfirms(provider: E2eProvider, dealId: string): Promise<void> {
  const r = await provider.api.post(`/api/deals/${dealId}/confirm`);
  expect(r.ok(), await r.text()).toBe(true);
}

/** The provider's deal for a request, from its own deal list. */
export async function providerDealId(provider: E2eProvider, requestId: string): Promise<string> {
  const r = await provider.api.get('/api/deals');
  const { deals } = (await r.json()) as { deals: { id: string; requestId: string }[] };
  const deal = deals.find((d) => d.requestId === requestId);
  expect(deal, 'deal of the request').toBeTruthy();
  return deal!.id;
}

/**
 * A whole completed and rated deal made through the API: a new seeker's request by chat, the provider's
 * offer, acceptance, both confirmations and the seeker's review.
 */
export async function completedDeal(
  lang: Lang,
  provider: E2eProvider,
  opts: { firstName: string; price: number; rating: number; testimonial: string; showFirstName: boolean; contactVisible: boolean },
): Promise<{ dealId: string; seekerEmail: string }> {
  const seeker = await apiAccount('seeker', lang, `${opts.firstName} Beispiel`);
  try {
    const { requestId } = await requestByChat(seeker.api, lang, opts.firstName);
    const offerId = await unlockAndOffer(provider, requestId, {
      price: opts.price,
      beschreibung: 'Fehlersuche und Austausch der Steckdosen im Bad.',
      verfuegbarkeit: 'Morgen ab 8 Uhr',
    });
    const accepted = await seeker.api.post(`/api/seeker/offers/${offerId}/accept`);
    expect(accepted.ok(), await accepted.text()).toBe(true);
    const { dealId } = (await accepted.json()) as { dealId: string };
    await providerConfirms(provider, dealId);
    const done = await seeker.api.post(`/api/deals/${dealId}/confirm`);
    expect(((await done.json()) as { completed: boolean }).completed).toBe(true);
    const review = await seeker.api.post(`/api/deals/${dealId}/review`, {
      data: { rating: opts.rating, testimonial: opts.testimonial, showFirstName: opts.showFirstName, contactVisible: opts.contactVisible },
    });
    expect(review.status(), await review.text()).toBe(201);
    return { dealId, seekerEmail: seeker.email };
  } finally {
    await seeker.api.dispose();
  }
}
