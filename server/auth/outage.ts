// Some better-auth endpoints (get-session) catch a failed database call and answer 500 themselves. During a
// database outage they must answer like every other door: 503 SERVICE_UNAVAILABLE from the one error
// handler in app.ts. An after hook notes the outage for the request in flight; the wrapper turns that
// request's 5xx answer into the AppError. (Uncaught errors reach the error handler directly: onAPIError.throw.)
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../../core/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

const outage = new AsyncLocalStorage<{ unavailable: boolean }>();

/** From the after hook, with the endpoint's answer: true (and noted for this request) when it is a database outage. */
export function noteAuthError(e: unknown): boolean {
  if (!isDatabaseUnavailable(e)) return false;
  const store = outage.getStore();
  if (store) store.unavailable = true;
  return true;
}

export function answerOutages(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const store = { unavailable: false };
    const response = await outage.run(store, () => handler(request));
    if (store.unavailable && response.status >= 500) throw new AppError('SERVICE_UNAVAILABLE');
    return response;
  };
}
