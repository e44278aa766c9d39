// The typed client of the contract (core/contract, decision 084): a screen calls an endpoint and gets z.infer of
// its response schema; what it sends is typed by the endpoint's params, query and body schemas. In development
// and in tests each answer is also parsed against its schema, so a server that drifts from the contract fails
// loudly there (production trusts the server, whose answers the route-responses test checks).
import type { z } from 'zod';
import { type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf, pathOf } from '../../core/contract/endpoint.ts';
import { type ApiInit, apiFetch } from './api';

type Needs<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : undefined extends V ? { [P in K]?: V } : { [P in K]: V };

export type CallInit<E extends Endpoint> = Omit<ApiInit, 'method' | 'body'> &
  Needs<'params', ParamsOf<E>> &
  Needs<'query', QueryOf<E>> &
  Needs<'body', BodyOf<E>>;

type CallArgs<E extends Endpoint> = object extends CallInit<E> ? [init?: CallInit<E>] : [init: CallInit<E>];

const checkResponses = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** A response that does not match its endpoint's schema (development and tests only). */
export class ContractError extends Error {
  constructor(endpoint: Endpoint, issues: z.core.$ZodIssue[]) {
    super(`${endpoint.method.toUpperCase()} ${endpoint.path}: the answer does not match its schema: ${JSON.stringify(issues)}`);
    this.name = 'ContractError';
  }
}

/** A query string ('' or '?a=1&b=x') of the defined values, in the order given. */
function queryOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The URL an endpoint is called at, its path parameters filled in and its query appended. */
export function urlOf<E extends Endpoint>(e: E, init: { params?: unknown; query?: unknown } = {}): string {
  return pathOf(e.path, init.params as Record<string, unknown> | undefined) + queryOf(init.query as Record<string, unknown> | undefined);
}

/** Calls an endpoint of the contract: its answer typed (and, in development and tests, checked) by its schema. */
export async function call<E extends Endpoint>(e: E, ...[init]: CallArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, body, ...rest } = (init ?? {}) as CallInit<Endpoint> & { params?: unknown; query?: unknown; body?: unknown };
  const res = await apiFetch(urlOf(e, { params, query }), { ...rest, method: e.method.toUpperCase(), ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (checkResponses && e.response) {
    const checked = e.response.safeParse(data);
    if (!checked.success) throw new ContractError(e, checked.error.issues);
  }
  // The answer as sent: the schema's output has the same shape (no schema of the contract converts a value; tests/unit/contract.test.ts).
  return data as ResponseOf<E>;
}
