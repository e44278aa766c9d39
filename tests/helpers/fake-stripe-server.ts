// A local server speaking the part of Stripe's API akut uses (Checkout Sessions: create and retrieve; Payment
// Intents: retrieve, for a refund whose payment akut has not seen yet),
// so the real `stripe` client code runs offline. Webhook events are signed in the tests with the library's
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

export interface FakeStripeServer {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Payment intents Stripe knows (any other id answers 404, like one of another account). */
  paymentIntents: Map<string, FakePaymentIntent>;
  /** A payment intent of akut's purchase, as Checkout creates it (payment_intent_data.metadata). */
  paymentIntent(id: string, purchaseId: string): FakePaymentIntent;
  requests: { method: string; path: string; body: Record<string, string>; idempotencyKey: string | undefined }[];
  /** Answer the next creates with this status (e.g. 500 to test the error path, times beyond the client's retries). */
  failNext: { status: number; times: number } | null;
  close(): Promise<void>;
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const fake: Omit<FakeStripeServer, 'url' | 'close'> = {
    sessions: new Map(),
    paymentIntents: new Map(),
    requests: [],
    failNext: null,
    paymentIntent(id, purchaseId) {
      const pi: FakePaymentIntent = { id, object: 'payment_intent', metadata: { purchaseId } };
      fake.paymentIntents.set(id, pi);
      return pi;
    },
  };
  const byIdempotencyKey = new Map<string, FakeSession>();
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
