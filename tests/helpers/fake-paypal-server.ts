// A local server speaking the part of PayPal's REST API akut uses: OAuth client credentials, Payouts
// (create a batch, read it back) and webhook verification. It keeps the answer of each PayPal-Request-Id,
// as PayPal does, and can be told to fail the next calls with a 5xx or to fail an item.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Batch {
  payout_batch_id: string;
  sender_batch_id: string;
  receiver: string;
  amount: string;
  sender_item_id: string;
  status: string;
}

export interface FakePayPalServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every payout batch PayPal really made (one per distinct sender_batch_id). */
  batches: Map<string, Batch>;
  createCalls: { senderBatchId: string; requestId: string | undefined }[];
  /** Answer the next n create calls with 503 (after doing nothing). */
  failCreates: number;
  /** Answer the next n create calls with 503 after making the batch (the answer is lost). */
  loseAnswers: number;
  /** The item status the next batches end in (SUCCESS, FAILED, …). */
  itemOutcome: string;
  webhookValid: boolean;
  close(): Promise<void>;
}

export async function startFakePayPalServer(): Promise<FakePayPalServer> {
  const fake: Omit<FakePayPalServer, 'url' | 'close'> = {
    clientId: 'paypal-client',
    clientSecret: 'paypal-secret',
    batches: new Map(),
    createCalls: [],
    failCreates: 0,
    loseAnswers: 0,
    itemOutcome: 'SUCCESS',
    webhookValid: true,
  };
  const answers = new Map<string, unknown>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return send(200, { access_token: 'A21-fake-token', token_type: 'Bearer', expires_in: 32400 });
      }
      if (req.headers.authorization !== 'Bearer A21-fake-token') return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
      const view = (b: Batch) => ({
        batch_header: {
          payout_batch_id: b.payout_batch_id,
          batch_status: b.status === 'SUCCESS' || b.status === 'FAILED' ? 'SUCCESS' : 'PENDING',
          sender_batch_header: { sender_batch_id: b.sender_batch_id },
        },
        items: [
          {
            payout_item_id: `ITEM-${b.payout_batch_id}`,
            transaction_status: b.status,
            payout_item: { sender_item_id: b.sender_item_id, receiver: b.receiver, amount: { value: b.amount, currency: 'EUR' } },
            ...(b.status === 'FAILED' ? { errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' } } : {}),
          },
        ],
      });
      if (req.method === 'POST' && req.url === '/v1/payments/payouts') {
        const body = JSON.parse(raw) as {
          sender_batch_header: { sender_batch_id: string };
          items: { receiver: string; amount: { value: string }; sender_item_id: string }[];
        };
        const requestId = req.headers['paypal-request-id'] as string | undefined;
        fake.createCalls.push({ senderBatchId: body.sender_batch_header.sender_batch_id, requestId });
        if (fake.failCreates > 0) {
          fake.failCreates -= 1;
          return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
        }
        if (requestId && answers.has(requestId)) return send(201, answers.get(requestId));
        if ([...fake.batches.values()].some((b) => b.sender_batch_id === body.sender_batch_header.sender_batch_id)) {
          return send(400, { name: 'USER_BUSINESS_ERROR', message: 'Batch with given sender_batch_id already exists' });
        }
        n += 1;
        const item = body.items[0]!;
        const batch: Batch = {
          payout_batch_id: `BATCH${n}`,
          sender_batch_id: body.sender_batch_header.sender_batch_id,
          receiver: item.receiver,
          amount: item.amount.value,
          sender_item_id: item.sender_item_id,
          status: 'PENDING',
        };
        fake.batches.set(batch.payout_batch_id, batch);
        const answer = { batch_header: { payout_batch_id: batch.payout_batch_id, batch_status: 'PENDING' } };
        if (requestId) answers.set(requestId, answer);
        // The items settle right after (PayPal processes them asynchronously).
        batch.status = fake.itemOutcome;
        if (fake.loseAnswers > 0) {
          fake.loseAnswers -= 1;
          return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Lost answer' });
        }
        return send(201, answer);
      }
      const m = /^\/v1\/payments\/payouts\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const b = fake.batches.get(decodeURIComponent(m[1]!));
        return b ? send(200, view(b)) : send(404, { name: 'RESOURCE_NOT_FOUND', message: 'not found' });
      }
      if (req.method === 'POST' && req.url === '/v1/notifications/verify-webhook-signature') {
        return send(200, { verification_status: fake.webhookValid ? 'SUCCESS' : 'FAILURE' });
      }
      send(404, { name: 'NOT_FOUND', message: `no route ${req.method} ${req.url}` });
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
