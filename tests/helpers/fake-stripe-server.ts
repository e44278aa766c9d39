// A local server speaking the part of Stripe's API akut uses (Checkout Sessions: create and retrieve; Payment
// Intents: retrieve, for a refund whose payment akut has not seen yet; Connect: Express accounts, account
// links, transfers and their reversals, whole or in parts and listed as Stripe lists them; each create answers
// the first result again for the same Idempotency-Key), so the real `stripe` client code runs offline. Webhook events are signed in the tests with the library's
// own helper (stripe.webhooks.generateTestHeaderString).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  customer_email: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  metadata: Record<string, string>;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  requirements: { disabled_reason: string | null; currently_due: string[] };
  metadata: Record<string, string>;
}

export interface FakeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  created: number;
  metadata: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  reversed: boolean;
  /** As Stripe embeds them: the 10 most recent reversals, newest first (the full list: GET /v1/transfers/:id/reversals). */
  reversals: { object: 'list'; data: FakeTransferReversal[]; has_more: boolean; total_count: number; url: string };
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeServer {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Payment intents Stripe knows (any other id answers 404, like one of another account). */
  paymentIntents: Map<string, FakePaymentIntent>;
  /** A payment intent of akut's purchase, as Checkout creates it (payment_intent_data.metadata). */
  paymentIntent(id: string, purchaseId: string): FakePaymentIntent;
  requests: { method: string; path: string; body: Record<string, string>; idempotencyKey: string | undefined }[];
  accounts: Map<string, FakeAccount>;
  /** Every transfer Stripe really made (one per Idempotency-Key). */
  transfers: Map<string, FakeTransfer>;
  /**
   * A reversal as Stripe makes it (from akut's API call or an admin in Stripe's dashboard): the whole rest
   * without an amount, else that part; the transfer's amount_reversed and reversed follow.
   */
  reverseTransfer(transferId: string, amount?: number, metadata?: Record<string, string>): FakeTransferReversal;
  /** As if the person finished Stripe's onboarding and Stripe checked them: transfers active, payouts enabled. */
  completeOnboarding(accountId: string): FakeAccount;
  /** Answer the next transfer creates with this status; `lose` makes the transfer and then answers the error (a lost answer). */
  failTransfers: { status: number; times: number; lose?: boolean; message?: string } | null;
  /** Answer the next creates with this status (e.g. 500 to test the error path, times beyond the client's retries). */
  failNext: { status: number; times: number } | null;
  close(): Promise<void>;
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const fake: Omit<FakeStripeServer, 'url' | 'close'> = {
    sessions: new Map(),
    paymentIntents: new Map(),
    accounts: new Map(),
    transfers: new Map(),
    failTransfers: null,
    reverseTransfer(transferId, amount, metadata = {}) {
      const t = fake.transfers.get(transferId)!;
      const rest = t.amount - t.amount_reversed;
      const part = amount ?? rest;
      if (part <= 0 || part > rest) throw new Error(`cannot reverse ${part} of ${rest}`);
      n += 1;
      const r: FakeTransferReversal = {
        id: `trr_test_${n}_${Math.random().toString(36).slice(2, 8)}`,
        object: 'transfer_reversal',
        amount: part,
        currency: t.currency,
        transfer: t.id,
        created: Math.floor(Date.now() / 1000),
        metadata,
      };
      allReversals.set(t.id, [r, ...(allReversals.get(t.id) ?? [])]);
      t.amount_reversed += part;
      t.reversed = t.amount_reversed >= t.amount;
      const list = allReversals.get(t.id)!;
      t.reversals = { ...t.reversals, data: list.slice(0, 10), has_more: list.length > 10, total_count: list.length };
      return r;
    },
    completeOnboarding(id) {
      const a = fake.accounts.get(id)!;
      Object.assign(a, {
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: { disabled_reason: null, currently_due: [] },
      });
      return a;
    },
    requests: [],
    failNext: null,
    paymentIntent(id, purchaseId) {
      const pi: FakePaymentIntent = { id, object: 'payment_intent', metadata: { purchaseId } };
      fake.paymentIntents.set(id, pi);
      return pi;
    },
  };
  const byIdempotencyKey = new Map<string, FakeSession>();
  const allReversals = new Map<string, FakeTransferReversal[]>();
  const answered = new Map<string, unknown>();
  const metadataOf = (body: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(body).flatMap(([k, v]) => {
        const m = /^metadata\[(.+)\]$/.exec(k);
        return m ? [[m[1]!, v]] : [];
      }),
    );
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      fake.requests.push({ method: req.method ?? '', path: req.url ?? '', body, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== 'Bearer sk_test_akut') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        if (fake.failNext && fake.failNext.times > 0) {
          fake.failNext.times -= 1;
          return send(fake.failNext.status, { error: { type: 'api_error', message: 'fake failure' } });
        }
        if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return send(200, byIdempotencyKey.get(idempotencyKey));
        n += 1;
        const id = `cs_test_${n}_${Math.random().toString(36).slice(2, 8)}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(body)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          client_reference_id: body.client_reference_id ?? null,
          metadata,
          amount_total: Number(body['line_items[0][price_data][unit_amount]'] ?? 0),
          currency: 'eur',
          customer_email: body.customer_email ?? null,
        };
        fake.sessions.set(id, session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        return send(200, session);
      }
      // Stripe answers a repeated Idempotency-Key with the first answer.
      if (req.method === 'POST' && req.url !== '/v1/transfers' && idempotencyKey && answered.has(`${req.url} ${idempotencyKey}`))
        return send(200, answered.get(`${req.url} ${idempotencyKey}`));
      const remember = (json: unknown) => {
        if (idempotencyKey) answered.set(`${req.url} ${idempotencyKey}`, json);
        return send(200, json);
      };
      if (req.method === 'POST' && req.url === '/v1/accounts') {
        n += 1;
        const account: FakeAccount = {
          id: `acct_test${n}${Math.random().toString(36).slice(2, 8)}`,
          object: 'account',
          type: body.type ?? 'express',
          email: body.email ?? null,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          capabilities: { transfers: body['capabilities[transfers][requested]'] === 'true' ? 'inactive' : undefined },
          requirements: { disabled_reason: 'requirements.past_due', currently_due: ['individual.first_name', 'external_account'] },
          metadata: metadataOf(body),
        };
        fake.accounts.set(account.id, account);
        return remember(account);
      }
      const acct = /^\/v1\/accounts\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && acct) {
        const a = fake.accounts.get(decodeURIComponent(acct[1]!));
        return a ? send(200, a) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' } });
      }
      if (req.method === 'POST' && req.url === '/v1/account_links') {
        if (!fake.accounts.has(body.account ?? '')) return send(400, { error: { type: 'invalid_request_error', message: 'No such account' } });
        return send(200, {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/e/${body.account}/${Math.random().toString(36).slice(2, 10)}`,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          return_url: body.return_url,
          refresh_url: body.refresh_url,
        });
      }
      if (req.method === 'POST' && req.url === '/v1/transfers') {
        // While it fails, Stripe answers every call with the error (a replayed key too); `lose` makes the
        // transfer on the first failing call only, as if its answer was lost.
        const fail = fake.failTransfers && fake.failTransfers.times > 0 ? fake.failTransfers : null;
        if (fail) fail.times -= 1;
        const error = (f: NonNullable<typeof fail>) =>
          send(f.status, { error: { type: f.status >= 500 ? 'api_error' : 'invalid_request_error', message: f.message ?? 'fake failure' } });
        const replay = idempotencyKey ? answered.get(`${req.url} ${idempotencyKey}`) : undefined;
        if (fail && (!fail.lose || replay)) return error(fail);
        if (replay) return send(200, replay);
        const destination = fake.accounts.get(body.destination ?? '');
        if (!destination) return send(400, { error: { type: 'invalid_request_error', message: 'No such destination' } });
        if (destination.capabilities.transfers !== 'active')
          return send(400, { error: { type: 'invalid_request_error', message: 'Your destination account needs to have the transfers capability enabled' } });
        n += 1;
        const trId = `tr_test_${n}_${Math.random().toString(36).slice(2, 8)}`;
        const transfer: FakeTransfer = {
          id: trId,
          object: 'transfer',
          amount: Number(body.amount),
          amount_reversed: 0,
          currency: body.currency ?? 'eur',
          destination: destination.id,
          reversed: false,
          reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${trId}/reversals` },
          transfer_group: body.transfer_group ?? null,
          metadata: metadataOf(body),
          created: Math.floor(Date.now() / 1000),
        };
        fake.transfers.set(transfer.id, transfer);
        if (idempotencyKey) answered.set(`${req.url} ${idempotencyKey}`, transfer);
        return fail ? error(fail) : send(200, transfer);
      }
      const rev = /^\/v1\/transfers\/([^/?]+)\/reversals$/.exec(req.url ?? '');
      if (req.method === 'POST' && rev) {
        const t = fake.transfers.get(decodeURIComponent(rev[1]!));
        if (!t) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such transfer' } });
        if (t.reversed) return send(400, { error: { type: 'invalid_request_error', message: 'Transfer already fully reversed' } });
        const amount = body.amount ? Number(body.amount) : t.amount - t.amount_reversed;
        if (amount > t.amount - t.amount_reversed)
          return send(400, { error: { type: 'invalid_request_error', message: 'Amount exceeds the amount that can be reversed' } });
        return remember(fake.reverseTransfer(t.id, amount, metadataOf(body)));
      }
      if (req.method === 'GET' && /^\/v1\/transfers\/[^/?]+\/reversals(\?|$)/.test(req.url ?? '')) {
        const id = decodeURIComponent(/^\/v1\/transfers\/([^/?]+)/.exec(req.url!)![1]!);
        const t = fake.transfers.get(id);
        if (!t) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such transfer' } });
        const q = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        const list = allReversals.get(id) ?? [];
        const after = q.get('starting_after');
        const from = after ? list.findIndex((r) => r.id === after) + 1 : 0;
        const limit = Number(q.get('limit') ?? 10);
        const data = list.slice(from, from + limit);
        return send(200, { object: 'list', data, has_more: from + limit < list.length, url: `/v1/transfers/${id}/reversals` });
      }
      const tr = /^\/v1\/transfers\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && tr) {
        const t = fake.transfers.get(decodeURIComponent(tr[1]!));
        return t ? send(200, t) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such transfer' } });
      }
      const pi = /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && pi) {
        const found = fake.paymentIntents.get(decodeURIComponent(pi[1]!));
        return found
          ? send(200, found)
          : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${pi[1]}'` } });
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const s = fake.sessions.get(m[1]!);
        return s ? send(200, s) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `no route ${req.method} ${req.url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
