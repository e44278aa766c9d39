// PayPal Payouts API (https://developer.paypal.com/docs/api/payments.payouts-batch/v1/): an OAuth token from
// the client credentials, one payout batch per payout with a sender_batch_id we store before the call, the
// same value as PayPal-Request-Id so a retry after a 5xx or a lost answer never pays twice, and the batch's
// status read back by its id.
import { z } from 'zod';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

export interface PayoutItemInput {
  senderItemId: string;
  receiver: string;
  amountCents: number;
  note: string;
}

export interface PayoutBatch {
  batchId: string;
  batchStatus: string;
  items: { senderItemId: string; itemId: string | null; status: string; error: string | null }[];
}

export class PayPalError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  readonly name_: string | undefined;
  constructor(status: number, message: string, name?: string) {
    super(message);
    this.name = 'PayPalError';
    this.status = status;
    this.retryable = status === 0 || status === 429 || status >= 500;
    this.name_ = name;
  }
}

const tokenResponse = z.object({ access_token: z.string(), expires_in: z.number() });
const batchResponse = z.object({
  batch_header: z.object({ payout_batch_id: z.string(), batch_status: z.string() }),
  items: z
    .array(
      z.object({
        payout_item_id: z.string().nullish(),
        transaction_status: z.string().nullish(),
        payout_item: z.object({ sender_item_id: z.string().nullish() }).passthrough(),
        errors: z.object({ name: z.string().nullish(), message: z.string().nullish() }).passthrough().nullish(),
      }),
    )
    .optional(),
});

export interface PayPalClient {
  createPayout(input: { senderBatchId: string; emailSubject: string; items: PayoutItemInput[] }): Promise<PayoutBatch>;
  getPayout(batchId: string): Promise<PayoutBatch>;
  /** Asks PayPal whether a webhook delivery is genuine (verify-webhook-signature). */
  verifyWebhook(input: { webhookId: string; headers: Record<string, string | undefined>; event: unknown }): Promise<boolean>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createPayPalClient(config: PayPalConfig, opts: { fetch?: typeof fetch; retries?: number; backoffMs?: number } = {}): PayPalClient {
  const doFetch = opts.fetch ?? fetch;
  const retries = opts.retries ?? 3;
  const backoff = opts.backoffMs ?? 300;
  let token: { value: string; until: number } | null = null;

  async function call(path: string, init: RequestInit & { idempotencyKey?: string }, auth = true): Promise<unknown> {
    let last: PayPalError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoff * 2 ** (attempt - 1));
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
        if (auth) headers.authorization = `Bearer ${await accessToken()}`;
        if (init.idempotencyKey) headers['PayPal-Request-Id'] = init.idempotencyKey;
        const res = await doFetch(`${config.apiBase}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) });
        const text = await res.text();
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        if (res.ok) return body;
        if (res.status === 401 && auth) token = null;
        last = new PayPalError(
          res.status,
          String(body.message ?? body.error_description ?? `HTTP ${res.status}`),
          typeof body.name === 'string' ? body.name : undefined,
        );
        if (!last.retryable && res.status !== 401) throw last;
      } catch (e) {
        if (e instanceof PayPalError && !e.retryable && e.status !== 401) throw e;
        last = e instanceof PayPalError ? e : new PayPalError(0, e instanceof Error ? e.message : String(e));
      }
    }
    throw last ?? new PayPalError(0, 'PayPal not reachable');
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await doFetch(`${config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new PayPalError(res.status, `PayPal token request failed (${res.status})`);
    const parsed = tokenResponse.parse(await res.json());
    token = { value: parsed.access_token, until: Date.now() + (parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  const toBatch = (raw: unknown): PayoutBatch => {
    const b = batchResponse.parse(raw);
    return {
      batchId: b.batch_header.payout_batch_id,
      batchStatus: b.batch_header.batch_status,
      items: (b.items ?? []).map((i) => ({
        senderItemId: i.payout_item.sender_item_id ?? '',
        itemId: i.payout_item_id ?? null,
        status: i.transaction_status ?? 'PENDING',
        error: i.errors?.message ?? i.errors?.name ?? null,
      })),
    };
  };

  return {
    async createPayout({ senderBatchId, emailSubject, items }) {
      const body = {
        sender_batch_header: { sender_batch_id: senderBatchId, email_subject: emailSubject, recipient_type: 'EMAIL' },
        items: items.map((i) => ({
          recipient_type: 'EMAIL',
          amount: { value: (i.amountCents / 100).toFixed(2), currency: 'EUR' },
          receiver: i.receiver,
          note: i.note,
          sender_item_id: i.senderItemId,
        })),
      };
      return toBatch(await call('/v1/payments/payouts', { method: 'POST', body: JSON.stringify(body), idempotencyKey: senderBatchId }));
    },
    async getPayout(batchId) {
      return toBatch(await call(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, { method: 'GET' }));
    },
    async verifyWebhook({ webhookId, headers, event }) {
      const body = {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: webhookId,
        webhook_event: event,
      };
      if (!body.transmission_id || !body.transmission_sig) return false;
      const res = (await call('/v1/notifications/verify-webhook-signature', { method: 'POST', body: JSON.stringify(body) })) as {
        verification_status?: string;
      };
      return res.verification_status === 'SUCCESS';
    },
  };
}
