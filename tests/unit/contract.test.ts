// The typed contract (decision 084): every endpoint of core/contract is served by a route of the registry built
// from the very same schemas, and the client's call() fills in the path, sends the body and, in tests and
// development, refuses an answer that does not match the endpoint's response schema.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contract } from '../../core/contract/index.ts';
import type { Endpoint } from '../../core/contract/endpoint.ts';
import { allRoutes } from '../../server/http/routes.ts';
import { checkContractAnswer, ContractAnswerError } from '../../server/http/route.ts';
import { call, ContractError, urlOf } from '../../src/lib/contract-client.ts';
import { shopContract } from '../../core/contract/shop.ts';
import { adminPricesContract } from '../../core/contract/admin-prices.ts';

const endpoints: [string, Endpoint][] = Object.entries(contract).flatMap(([area, list]) =>
  Object.entries(list as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${area}.${name}`, e]),
);

describe('contract', () => {
  it.each(endpoints)('%s is a route of the registry with the same schemas', (_, e) => {
    const route = allRoutes.find((r) => r.method === e.method && r.path === e.path);
    expect(route, `${e.method} ${e.path}`).toBeDefined();
    for (const part of ['params', 'query', 'body', 'response'] as const) expect(route![part], part).toBe(e[part]);
    expect(route!.status).toBe(e.status);
  });

  it.each(endpoints)('%s answers JSON its schema describes without transforms (the client returns it as sent)', (_, e) => {
    expect(e.response).toBeDefined();
    expect(() => z.toJSONSchema(e.response!, { io: 'output' })).not.toThrow();
  });
});

describe('the server checks contract answers outside production', () => {
  const route = (method: string, path: string) => allRoutes.find((r) => r.method === method && r.path === path)!;

  it('refuses an answer of a contract endpoint its response schema does not describe', () => {
    const retry = route('post', '/api/admin/jobs/:id/retry');
    expect(() => checkContractAnswer(retry, { id: 'j1', name: 'expire-requests', retried: true })).not.toThrow();
    expect(() => checkContractAnswer(retry, { id: 'j1', name: 'expire-requests' })).toThrow(ContractAnswerError);
    expect(() => checkContractAnswer(route('get', '/api/admin/overview'), { users: 1.5, requests: 0, deals: 0, transactions: 0, affiliates: 0 })).toThrow(
      ContractAnswerError,
    );
  });

  it('leaves routes outside the contract alone', () => {
    const outside = allRoutes.find((r) => r.response && !endpoints.some(([, e]) => e.response === r.response))!;
    expect(() => checkContractAnswer(outside, { surely: 'not its schema' })).not.toThrow();
  });
});

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answer(body: unknown, status = 200) {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  const entry = {
    id: 'e1',
    industryCategory: 'handwerk',
    serviceType: '',
    basePriceCents: 800,
    unlockGoints: 80,
    commissionRateBp: 5000,
    description: '',
    updatedAt: '2026-11-28T10:00:00.000Z',
  };
  const id = '3f0c1d7e-8a5b-4c2d-9e1f-0a1b2c3d4e5f';

  it('fills in the path, sends the body with the method and returns the answer', async () => {
    const fetch = answer(entry);
    const body = { industryCategory: 'handwerk', basePriceCents: 800, commissionRateBp: 5000 };
    const saved = await call(adminPricesContract.update, { params: { id }, body });
    expect(saved.unlockGoints).toBe(80);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/admin/prices/${id}`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('refuses an answer that does not match the schema', async () => {
    answer({ ...entry, unlockGoints: '80' });
    await expect(call(adminPricesContract.remove, { params: { id } })).rejects.toBeInstanceOf(ContractError);
  });

  it('builds query strings of the defined values and encodes path parameters', () => {
    const e = {
      method: 'get',
      path: '/api/x/:id',
      params: z.object({ id: z.string() }),
      query: z.object({ a: z.string(), b: z.number().optional() }),
    } as const;
    expect(urlOf(e, { params: { id: 'a/b' }, query: { a: 'ü x', b: undefined } })).toBe('/api/x/a%2Fb?a=%C3%BC+x');
  });

  it('types what is sent and received by the schemas', async () => {
    answer({ ok: true });
    // @ts-expect-error the endpoint has a path parameter
    await expect(call(shopContract.cancelTest)).rejects.toThrow("missing path parameter 'id'");
    const ok: { ok: true } = await call(shopContract.cancelTest, { params: { id } });
    expect(ok).toEqual({ ok: true });
    answer({ purchaseId: 'p', url: 'https://x', provider: 'test' });
    // @ts-expect-error 'huge' is no package
    await call(shopContract.checkout, { body: { packageId: 'huge' } }).catch(() => null);
  });
});
