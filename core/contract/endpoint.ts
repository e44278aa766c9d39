// The typed contract between client and server (issue 22, decision 084): each endpoint's method, path and zod
// schemas for its path parameters, query, body and response, declared once here. The server's route registry
// (server/http/routes.ts) defines each route from its endpoint (`defineRoute({ ...endpoint, access, handler })`),
// so the OpenAPI document, the authorization matrix and the response checks use these schemas; the client calls
// the endpoint (src/lib/contract-client.ts) and gets z.infer of the response, never a type of its own.
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Endpoint {
  method: HttpMethod;
  /** Express style: '/api/shop/purchases/:id'. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Omitted for answers that are not JSON (files, streams). */
  response?: z.ZodType;
  /** The status of a success when it is not 200. */
  status?: number;
}

/** An endpoint, with its literal method and path kept in its type. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** What a caller sends and receives, by the endpoint's schemas (input side for what it sends). */
export type ParamsOf<E extends Endpoint> = E extends { params: infer S extends z.ZodType } ? z.input<S> : undefined;
export type QueryOf<E extends Endpoint> = E extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
export type BodyOf<E extends Endpoint> = E extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
export type ResponseOf<E extends Endpoint> = E extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;

/** The path with its ':name' parameters filled in (each encoded as a URI component). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}
