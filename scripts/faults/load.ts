// The mixed load: virtual users over HTTP with their session cookies, spread over both app instances.
// Providers unlock, offer, confirm and buy Goints (Stripe Checkout on the Stripe instance, the test checkout
// on the other); seekers accept, confirm, sometimes cancel a deal or close a request (refunds), and ask for
// payouts; the admin approves payouts and records them paid (now and then failed). Stripe's webhooks are
// delivered by the suite itself, signed, each several times and shuffled with the others, failed ones
// again later. A refused answer (sold out, not closable…) is part of the game; a 503 or a dropped
// connection is expected while a fault lasts, and idempotent steps are retried with their keys.
import Stripe from 'stripe';
import * as OTPAuth from 'otpauth';
import { Client, Tally, type Answer } from './client.ts';
import type { FakeStripeServer } from '../../tests/helpers/fake-stripe-server.ts';
import type { SetupResult } from './setup.ts';
import { messageFromChunks, parseSse, toolParts } from '../../tests/helpers/chat.ts';

export interface Instances {
  /** Stripe configured (checkout and webhooks). */
  stripe: string;
  /** Test checkout (TEST_CHECKOUT=on). */
  test: string;
}

export interface LoadState {
  tally: Tally;
  /** Purchases the suite paid: the test checkout answered 200, or a paid Stripe event was accepted. */
  paidPurchases: Set<string>;
  webhookDeliveries: number;
  webhookEvents: Set<string>;
  /** Payout requests the app answered, by idempotency key. */
  payouts: Map<string, string>;
  signInFailures: number;
  /** Sign-ups with the partner's referral code: every address tried (answered or not). */
  referredSignUps: Set<string>;
  /** Chat confirmations the load confirmed (a seeker's request, a provider's unlock). */
  chatConfirmations: number;
  /** Stripe refund events put in line. */
  refundEvents: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const chance = (p: number) => Math.random() < p;

/** One person's clients on both instances, sharing a cookie jar. */
class Person {
  readonly a: Client;
  readonly b: Client;
  constructor(instances: Instances) {
    const jar = new Map<string, string>();
    this.a = new Client(instances.stripe, jar);
    this.b = new Client(instances.test, jar);
  }
  any(): Client {
    return chance(0.5) ? this.a : this.b;
  }
}

/** Retries an idempotent step while the app is unavailable, until it answers or the time is up. */
async function retrying<T>(until: number, step: () => Promise<Answer<T>>): Promise<Answer<T>> {
  for (;;) {
    const a = await step();
    if (a.outcome === 'ok' || a.outcome === 'refused' || Date.now() > until) return a;
    await sleep(300 + Math.random() * 700);
  }
}

async function signIn(p: Person, email: string, password: string, until: number, totpUri?: string): Promise<boolean> {
  const c = await retrying(until, () => p.any().post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email, password }));
  if (c.outcome !== 'ok') return false;
  if (!totpUri) return true;
  const code = OTPAuth.URI.parse(totpUri).generate();
  const v = await retrying(until, () => p.any().post('/api/auth/two-factor/verify-totp', { code }));
  return v.outcome === 'ok';
}

interface Card {
  unlocked: boolean;
  /** unlockPrice: what the card shows, the price the provider confirms. */
  request: { id: string; status: string; unlocked: number; maxUnlocks: number; unlockPrice: number };
  offer: { id: string; status: string } | null;
  deal: { id: string; status: string } | null;
}
interface SeekerOffer {
  id: string;
  requestId: string;
  request: { status: string };
  status: string;
  deal: { id: string; status: string; providerConfirmed: boolean; seekerConfirmed: boolean } | null;
}
interface AdminPayout {
  id: string;
  status: string;
}

export interface LoadOptions {
  instances: Instances;
  setup: SetupResult;
  stripe: FakeStripeServer;
  webhookSecret: string;
  /** The load runs until then; retries of steps already begun and deliveries go on until drainUntil. */
  until: number;
  drainUntil: () => number;
}

export function newLoadState(): LoadState {
  return {
    tally: new Tally(),
    paidPurchases: new Set(),
    webhookDeliveries: 0,
    webhookEvents: new Set(),
    payouts: new Map(),
    signInFailures: 0,
    referredSignUps: new Set(),
    chatConfirmations: 0,
    refundEvents: 0,
  };
}

export interface LoadRun {
  /** Stripe's deliveries; they go on after the load until every event was accepted or drainUntil. */
  deliverer: Promise<void>;
  /** Events still waiting for an accepted delivery. */
  pending(): number;
  /** One pass of the admin over the payout queue (requested, approved, processing); false when it could not finish. */
  adminDrain(until: number): Promise<boolean>;
}

export async function runLoad(opts: LoadOptions, state: LoadState): Promise<LoadRun> {
  const { tally } = state;
  const signer = new Stripe('sk_test_akut');
  // Stripe's side: a pool of events, each present several times; delivered in random order.
  const pool: { event: object; id: string; paidPurchase?: string }[] = [];
  let eventNo = 0;
  const event = (type: string, object: Record<string, unknown>) => {
    eventNo += 1;
    return {
      id: `evt_faults_${eventNo}_${Math.random().toString(36).slice(2, 8)}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    };
  };
  const deliverOne = async () => {
    const i = Math.floor(Math.random() * pool.length);
    const item = pool.splice(i, 1)[0]!;
    const payload = JSON.stringify(item.event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    const c = new Client(opts.instances.stripe);
    const a = await c.request('POST', '/api/stripe/webhook', payload, { 'stripe-signature': signature, 'content-type': 'application/json' });
    state.webhookDeliveries += 1;
    tally.count('stripe webhook delivery', a);
    if (a.outcome === 'ok') {
      state.webhookEvents.add(item.id);
      if (item.paidPurchase) state.paidPurchases.add(item.paidPurchase);
    } else {
      // Stripe delivers again later (a refund before its payment, the app down, a 5xx).
      pool.push(item);
    }
  };
  const deliverer = (async () => {
    while (Date.now() < opts.drainUntil()) {
      if (pool.length === 0) {
        if (Date.now() > opts.until) break;
        await sleep(200);
        continue;
      }
      await Promise.all([deliverOne(), pool.length > 1 ? deliverOne() : Promise.resolve()]);
      await sleep(50 + Math.random() * 150);
    }
  })();

  const signInUntil = Date.now() + 60_000;
  const providers = await Promise.all(
    opts.setup.providers.map(async (p) => {
      const person = new Person(opts.instances);
      if (!(await signIn(person, p.email, p.password, signInUntil))) state.signInFailures += 1;
      return person;
    }),
  );
  const seekers = await Promise.all(
    opts.setup.seekers.map(async (s) => {
      const person = new Person(opts.instances);
      if (!(await signIn(person, s.email, s.password, signInUntil))) state.signInFailures += 1;
      return { person, s };
    }),
  );
  const admin = new Person(opts.instances);
  if (!(await signIn(admin, opts.setup.admin.email, opts.setup.admin.password, signInUntil, opts.setup.admin.totpUri))) state.signInFailures += 1;

  const buyStripe = async (p: Person) => {
    const r = await p.a.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' });
    tally.count('purchase: Stripe checkout', r);
    if (r.outcome !== 'ok') return;
    const purchaseId = r.body.purchaseId;
    const session = [...opts.stripe.sessions.values()].find((s) => s.client_reference_id === purchaseId);
    if (!session) return;
    // The buyer pays on Stripe's page; Stripe then tells the app, several times and in no order.
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_${purchaseId}`;
    const completed = event('checkout.session.completed', { ...session });
    for (let k = 0; k < 3; k++) pool.push({ event: completed, id: completed.id, paidPurchase: purchaseId });
    if (chance(0.25)) {
      // A partial refund of 100 of the 1,000 Goints (10 € of 100 €), possibly before the payment arrives.
      const refunded = event('charge.refunded', {
        id: `ch_${purchaseId}`,
        object: 'charge',
        payment_intent: `pi_${purchaseId}`,
        amount: session.amount_total,
        amount_refunded: Math.round(session.amount_total / 10),
        metadata: {},
      });
      for (let k = 0; k < 2; k++) pool.push({ event: refunded, id: refunded.id });
      state.refundEvents += 1;
    }
  };
  const buyTest = async (p: Person) => {
    const r = await p.b.post<{ purchaseId: string; provider: string }>('/api/shop/checkout', { packageId: 'small' });
    tally.count('purchase: test checkout', r);
    if (r.outcome !== 'ok' || r.body.provider !== 'test') return;
    const pay = await retrying(opts.drainUntil(), () => p.b.post<{ credited: boolean }>(`/api/shop/test-checkout/${r.body.purchaseId}/pay`));
    tally.count('purchase: test checkout pay', pay);
    if (pay.outcome === 'ok') state.paidPurchases.add(r.body.purchaseId);
  };

  /** A chat turn; answers the pending confirmation's id of its last tool part, if any. */
  const chatTurn = async (c: Client, sessionId: string, text: string) => {
    const a = await c.post<string>('/api/chat', { sessionId, lang: 'de', message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] } });
    if (a.outcome !== 'ok' || typeof a.body !== 'string') return { a, confirmationId: null };
    const message = await messageFromChunks(parseSse(a.body));
    const pending = toolParts(message)
      .map((t) => t.output?.confirmation)
      .filter((x): x is { id: string; status: string } => Boolean(x && x.status === 'pending'));
    return { a, confirmationId: pending.at(-1)?.id ?? null };
  };
  /** The person's click on a confirmation card; retried like the browser's retry of the same click. */
  const confirmByChat = async (c: () => Client, sessionId: string, confirmationId: string, op: string) => {
    const a = await retrying(opts.until + 20_000, () => c().post('/api/chat/confirm', { sessionId, confirmationId, decision: 'confirm' }));
    tally.count(op, a);
    if (a.outcome === 'ok') state.chatConfirmations += 1;
  };
  const chatSession = async (c: Client) => {
    const s = await c.post<{ id: string }>('/api/chat/session', { lang: 'de' });
    return s.outcome === 'ok' ? s.body.id : null;
  };
  /** A provider unlocks by chat: 'Anfrage #ref freischalten', then the card's confirmation. */
  const unlockByChat = async (p: Person, requestId: string) => {
    const c = p.any();
    const sessionId = await chatSession(c);
    if (!sessionId) return;
    const turn = await chatTurn(c, sessionId, `Anfrage #${requestId.slice(0, 6)} freischalten`);
    tally.count('chat: unlock card', turn.a);
    if (turn.confirmationId) await confirmByChat(() => p.any(), sessionId, turn.confirmationId, 'chat confirm: unlock');
  };
  const NEEDS = ['Fliesen im Bad neu verfugen', 'Gartentor schweißen und streichen', 'Dusche abdichten und Silikon erneuern', 'Lampen im Flur anschließen'];
  /** A seeker describes a need by chat and confirms the summary: the request is written, released and matched. */
  const requestByChat = async (p: Person) => {
    const c = p.any();
    const sessionId = await chatSession(c);
    if (!sessionId) return;
    await chatTurn(c, sessionId, 'Mia');
    const need = `Ich suche einen Handwerker in 50667 Köln: ${pick(NEEDS)} (${crypto.randomUUID().slice(0, 4)}), für 300 Euro, ab morgen`;
    const turn = await chatTurn(c, sessionId, need);
    tally.count('chat: request summary', turn.a);
    if (turn.confirmationId) await confirmByChat(() => p.any(), sessionId, turn.confirmationId, 'chat confirm: request');
  };
  /** A new person signs up through the partner's referral link (either instance). */
  const signUpReferred = async () => {
    const email = `faults-ref-${crypto.randomUUID().slice(0, 8)}@example.com`;
    state.referredSignUps.add(email);
    const c = new Client(chance(0.5) ? opts.instances.stripe : opts.instances.test);
    tally.count(
      'sign-up with referral code',
      await c.post('/api/auth/sign-up/email', {
        email,
        password: 'faults-correct-horse-battery',
        name: 'Rita',
        role: chance(0.5) ? 'seeker' : 'provider',
        referralCode: opts.setup.partner.code,
      }),
    );
  };
  const signUpLoop = async () => {
    while (Date.now() < opts.until) {
      await signUpReferred();
      await sleep(1_500 + Math.random() * 1_500);
    }
  };

  const providerLoop = async (p: Person) => {
    while (Date.now() < opts.until) {
      const feed = await p.any().get<{ matches: Card[]; balance: number }>('/api/provider/matches');
      tally.count('provider feed', feed);
      if (feed.outcome !== 'ok') {
        await sleep(500);
        continue;
      }
      const cards = feed.body.matches;
      const toConfirm = cards.filter((c) => c.deal && (c.deal.status === 'awaiting_both' || c.deal.status === 'awaiting_provider'));
      const toOffer = cards.filter((c) => c.unlocked && !c.offer && c.request.status === 'open');
      const toUnlock = cards.filter((c) => !c.unlocked && c.request.status === 'open' && c.request.unlocked < c.request.maxUnlocks);
      const deal = pick(toConfirm);
      if (deal?.deal) tally.count('deal confirm (provider)', await retrying(opts.until, () => p.any().post(`/api/deals/${deal.deal!.id}/confirm`)));
      const offer = pick(toOffer);
      if (offer) {
        const price = 200 + Math.floor(Math.random() * 600);
        tally.count(
          'offer',
          await p.any().post('/api/provider/offers', {
            requestId: offer.request.id,
            price,
            beschreibung: 'Wir kommen diese Woche vorbei und erledigen das sauber.',
            verfuegbarkeit: 'ab morgen',
          }),
        );
      }
      const unlock = pick(toUnlock);
      if (unlock && feed.body.balance >= unlock.request.unlockPrice && chance(0.25)) await unlockByChat(p, unlock.request.id);
      else if (unlock && feed.body.balance >= unlock.request.unlockPrice)
        tally.count(
          'unlock',
          await retrying(opts.until, () => p.any().post(`/api/provider/requests/${unlock.request.id}/unlock`, { price: unlock.request.unlockPrice })),
        );
      if (feed.body.balance < 150 || chance(0.08)) await (chance(0.5) ? buyStripe(p) : buyTest(p));
      await sleep(150 + Math.random() * 350);
    }
  };

  const seekerLoop = async ({ person: p, s }: { person: Person; s: SetupResult['seekers'][number] }) => {
    while (Date.now() < opts.until) {
      const offers = await p.any().get<{ all: SeekerOffer[] }>('/api/seeker/offers');
      tally.count('seeker offers', offers);
      if (offers.outcome !== 'ok') {
        await sleep(500);
        continue;
      }
      const all = offers.body.all;
      const active = all.filter((o) => o.deal && o.deal.status.startsWith('awaiting'));
      const d = pick(active);
      if (d?.deal) {
        if (chance(0.1)) tally.count('deal cancel', await p.any().post(`/api/deals/${d.deal.id}/cancel`, { reason: 'Termin passt doch nicht.' }));
        else if (!d.deal.seekerConfirmed)
          tally.count('deal confirm (seeker)', await retrying(opts.until, () => p.any().post(`/api/deals/${d.deal!.id}/confirm`)));
      }
      const busy = new Set(all.filter((o) => o.status === 'angenommen').map((o) => o.requestId));
      const acceptable = all.filter((o) => o.status === 'versendet' && o.request.status === 'open' && !busy.has(o.requestId));
      const o = pick(acceptable);
      if (o && chance(0.6)) tally.count('offer accept', await p.any().post(`/api/seeker/offers/${o.id}/accept`));
      if (chance(0.05)) {
        const open = s.requestIds.filter((id) => !busy.has(id) && !all.some((x) => x.requestId === id && x.request.status !== 'open'));
        const r = pick(open);
        if (r) tally.count('request close (refunds)', await p.any().post(`/api/seeker/requests/${r}/close`));
      }
      if (chance(0.06)) await requestByChat(p);
      if (chance(0.12)) {
        const key = `faults-${crypto.randomUUID()}`;
        const a = await retrying(opts.drainUntil(), () =>
          p.any().post<{ payoutId: string }>('/api/payouts', { amountCents: 1000, methodId: s.methodId, source: 'seeker_earnings', idempotencyKey: key }),
        );
        tally.count('payout request', a);
        if (a.outcome === 'ok') state.payouts.set(key, a.body.payoutId);
      }
      await sleep(200 + Math.random() * 400);
    }
  };

  const adminPass = async (until: number) => {
    for (const status of ['requested', 'approved', 'processing'] as const) {
      const list = await admin.any().get<{ payouts: AdminPayout[] }>(`/api/admin/payouts?status=${status}`);
      tally.count('admin payout queue', list);
      if (list.outcome !== 'ok') return false;
      for (const p of list.body.payouts) {
        if (Date.now() > until) return false;
        if (p.status === 'requested') tally.count('payout approve', await retrying(until, () => admin.any().post(`/api/admin/payouts/${p.id}/approve`)));
        const outcome = chance(0.9) ? 'paid' : 'failed';
        tally.count(
          `payout ${outcome}`,
          await retrying(until, () =>
            admin.any().post(`/api/admin/payouts/${p.id}/complete`, outcome === 'paid' ? { outcome } : { outcome, reason: 'PayPal-Konto unbekannt' }),
          ),
        );
      }
    }
    return true;
  };
  const adminLoop = async () => {
    while (Date.now() < opts.until) {
      await adminPass(opts.until);
      await sleep(1_000 + Math.random() * 1_000);
    }
  };

  await Promise.all([...providers.map(providerLoop), ...seekers.map(seekerLoop), adminLoop(), signUpLoop()]);
  return { deliverer, pending: () => pool.length, adminDrain: adminPass };
}
