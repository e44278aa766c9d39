// Marketplace data for browser tests, made through the real doors: a fresh verified seeker posts a request
// through the chat API (so it is released and matched at once), a provider onboards through the API.
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PASSWORD, E2E_URL, traderFor } from './e2e-env.ts';
import { mailedLink, signUpVerified, type Lang } from './fixtures.ts';

interface ToolOutput {
  accepted?: boolean;
  state?: string;
  reason?: string;
  confirmation?: { id: string; status: string };
  data?: Record<string, unknown>;
}

/** The tool outputs of one chat turn's SSE body (lines `data: {...}`), in order. */
export function toolOutputs(sse: string): ToolOutput[] {
  const outputs: ToolOutput[] = [];
  for (const line of sse.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6).trim();
    if (!data || data === '[DONE]') continue;
    try {
      const chunk = JSON.parse(data) as { type?: string; output?: unknown };
      if (chunk.type === 'tool-output-available' && chunk.output && typeof chunk.output === 'object') outputs.push(chunk.output as ToolOutput);
    } catch {
      // not JSON: ignore
    }
  }
  return outputs;
}

/** A new API context signed in as a fresh, verified user of the role. */
export async function verifiedApiUser(
  role: 'seeker' | 'provider',
  lang: Lang,
  name = role === 'provider' ? 'Paul Anbieter' : 'Mia Suchende',
): Promise<{ api: APIRequestContext; email: string; id: string }> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  const email = `e2e-${role}-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const r = await api.post('/api/auth/sign-up/email', { data: { email, password: E2E_PASSWORD, name, role, locale: lang } });
  expect(r.ok(), await r.text()).toBe(true);
  // Not following the redirect to the app page: the API's answer is what counts here.
  const verified = await api.get(await mailedLink(email, 'verifyEmail'), { maxRedirects: 0 });
  expect(verified.status(), await verified.text()).toBeLessThan(400);
  // The verification link may or may not sign in; sign in explicitly either way.
  const s = await api.post('/api/auth/sign-in/email', { data: { email, password: E2E_PASSWORD } });
  expect(s.ok(), await s.text()).toBe(true);
  const me = (await (await api.get('/api/me')).json()) as { user: { id: string } | null };
  expect(me.user).not.toBeNull();
  return { api, email, id: me.user!.id };
}

const ANSWERS: Record<Lang, Record<string, string>> = {
  de: {
    date: 'Kein fester Termin',
    budget: 'Budget offen',
    urgency: 'Dringend',
    location: '50667 Köln',
    description: 'Die Steckdosen im Bad müssen erneuert werden.',
  },
  en: { date: 'No fixed date', budget: 'Budget open', urgency: 'Urgent', location: '50667 Köln', description: 'The sockets in the bathroom need replacing.' },
};

export const REQUEST_TEXT: Record<Lang, string> = {
  de: 'Ich brauche dringend einen Elektriker in 50667 Köln, der die Steckdosen im Bad erneuert, Budget 300-500 Euro',
  en: 'I urgently need an electrician in 50667 Köln to replace the sockets in my bathroom, budget 300-500 euros',
};

/**
 * A fresh verified seeker posts a request through the chat (first name, the need, the remaining questions,
 * the summary confirmed by 'click'); it is released to providers at once. Returns the request id.
 */
export async function postRequestThroughChat(
  lang: Lang,
  opts: { firstName?: string; text?: string } = {},
): Promise<{ requestId: string; seekerEmail: string; seekerName: string }> {
  const seekerName = 'Mia Suchende';
  const { api, email } = await verifiedApiUser('seeker', lang, seekerName);
  try {
    const session = await api.post('/api/chat/session', { data: { lang } });
    expect(session.ok(), await session.text()).toBe(true);
    const { id: sessionId } = (await session.json()) as { id: string };
    // The newest tool output of a turn carries the machine's state after it.
    const say = async (text: string) => {
      const res = await api.post('/api/chat', { data: { sessionId, lang, message: { role: 'user', parts: [{ type: 'text', text }] } } });
      expect(res.ok(), await res.text()).toBe(true);
      const out = toolOutputs(await res.text());
      const last = out.at(-1);
      if (!last) throw new Error(`no tool output for '${text}'`);
      return last;
    };
    const named = await say(opts.firstName ?? 'Mia');
    expect(named.state, JSON.stringify(named)).toBe('choosingCategory');
    let turn = await say(opts.text ?? REQUEST_TEXT[lang]);
    for (let i = 0; i < 6 && turn.state !== 'reviewing'; i++) {
      const question = (turn.state ?? '').replace(/^asking\./, '');
      const answer = ANSWERS[lang][question];
      if (!answer) throw new Error(`unexpected intake state ${turn.state}: ${JSON.stringify(turn)}`);
      turn = await say(answer);
    }
    expect(turn.state).toBe('reviewing');
    const confirmationId = turn.confirmation?.id;
    expect(confirmationId, JSON.stringify(turn)).toBeTruthy();
    const confirmed = await api.post('/api/chat/confirm', { data: { sessionId, confirmationId, decision: 'confirm' } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    const body = (await confirmed.json()) as { status: string; result: { data: { requestId?: string; requestStatus?: string } } };
    expect(body.status).toBe('confirmed');
    expect(body.result.data.requestStatus, 'a verified seeker’s request is released at once').toBe('open');
    return { requestId: body.result.data.requestId!, seekerEmail: email, seekerName };
  } finally {
    await api.dispose();
  }
}

export interface ProfileBody {
  firmenname: string;
  categories: string[];
  postcode: string;
  radiusKm: number;
  description: string;
  phone: string;
  email: string;
  acceptsMatches?: boolean;
  minBudget?: number | null;
  trader?: ReturnType<typeof traderFor>;
}

/** A provider with a profile, made through the API (for pages that need one but do not test onboarding). */
export async function onboardedProvider(
  lang: Lang,
  profile: Partial<ProfileBody> = {},
): Promise<{ id: string; email: string; firmenname: string; api: APIRequestContext }> {
  const { api, email, id } = await verifiedApiUser('provider', lang);
  const firmenname = profile.firmenname ?? `Elektro Blitz ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const body: ProfileBody = {
    firmenname,
    categories: ['handwerk'],
    postcode: '50667',
    radiusKm: 50,
    description: 'Elektroinstallationen, Steckdosen und Sicherungskästen in Köln und Umgebung.',
    phone: '+49 221 5550123',
    email,
    ...profile,
  };
  body.trader ??= traderFor(body.firmenname);
  const r = await api.put('/api/provider/profile', { data: body });
  expect(r.ok(), await r.text()).toBe(true);
  return { id, email, firmenname, api };
}

/** Signs the page up as a verified provider and gives it a profile near 50667 Köln through the API (so it has the 50 Goints welcome bonus). */
export async function providerWithProfile(page: Page, lang: Lang) {
  const { email } = await signUpVerified(page, 'provider', lang);
  const r = await page.request.put('/api/provider/profile', {
    headers: { origin: E2E_URL },
    data: {
      firmenname: 'Elektro Blitz Köln',
      categories: ['handwerk'],
      postcode: '50668',
      radiusKm: 50,
      description: 'Elektroinstallationen, Steckdosen und Sicherungskästen in Köln und Umgebung.',
      phone: '+49 221 5550123',
      email,
      trader: traderFor('Elektro Blitz Köln'),
    },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return { email };
}

/** A provider unlocks a request as a person does: at the price its quote shows (the price they confirm). */
export async function unlockAtQuotedPrice(api: APIRequestContext, requestId: string) {
  const quote = await api.get(`/api/provider/requests/${requestId}/unlock-quote`);
  expect(quote.ok(), await quote.text()).toBe(true);
  const { price } = (await quote.json()) as { price: number };
  return api.post(`/api/provider/requests/${requestId}/unlock`, { data: { price } });
}
