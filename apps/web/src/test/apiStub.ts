import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * fetch answered by "METHOD /path" (or "/path" for any method): a value, or a function of the call. Unlisted calls
 * answer 404. Every call is recorded with its parsed JSON body.
 */
export function stubApi(routes: Record<string, unknown | ((call: StubCall) => unknown)>) {
  const calls: StubCall[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, search: url.search, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (route === undefined) {
      return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const answer = typeof route === 'function' ? (route as (c: StubCall) => unknown)(call) : route;
    if (answer === null) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', spy);
  return calls;
}
