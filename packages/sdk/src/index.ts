import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths };

/** The refresh cookie the API sets on sign-in (path /auth), as the seeds' client holds it. */
const REFRESH_COOKIE = 'jrt';

export interface AtendoOptions {
  /** Where the API answers, e.g. http://localhost:8080 (no trailing slash needed). */
  baseUrl: string;
  /**
   * A bearer token to start with: a user's access token, or a connection's token for the public messages API
   * (`/api/messages/send`). A connection token is never refreshed.
   */
  token?: string;
  /** The fetch to use (tests and proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export type SignInResult = { signedIn: true; user: SessionUser } | { signedIn: false; challenge: string };

type SessionUser = paths['/auth/refresh_token']['post']['responses'][200]['content']['application/json']['user'];

/** An answer that was not 2xx: the status and the API's error body (`{ error: 'ERR_…' }`). */
export class AtendoError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const code =
      body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : undefined;
    super(code ?? `HTTP ${status}`);
    this.name = 'AtendoError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface Atendo {
  /** Every route of openapi.json, typed: `api.GET('/tickets', { params: { query: { status: 'open' } } })`. */
  readonly api: Client<paths>;
  /** The access token in use (null before sign-in). */
  token(): string | null;
  /** POST /auth/login. A user with a second factor gets a challenge: finish with `signInTwoFactor`. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** POST /auth/login/two-factor with the challenge and an app or recovery code. */
  signInTwoFactor(challenge: string, code: string): Promise<SessionUser>;
  /** POST /auth/refresh_token with the held refresh cookie; false when the session is over. */
  refresh(): Promise<boolean>;
  /** DELETE /auth/logout: the session ends on the server and the tokens here are dropped. */
  signOut(): Promise<void>;
}

/** The answers that ask for a new access token (seed 000 §4): 403 ERR_TOKEN_EXPIRED, or 401. */
function wantsRefresh(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && code === 'ERR_TOKEN_EXPIRED');
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

function refreshCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === REFRESH_COOKIE) return pair.slice(eq + 1).trim() || null;
  }
  return null;
}

const AUTH_PATHS = ['/auth/login', '/auth/login/two-factor', '/auth/refresh_token', '/auth/logout'];

/**
 * A client for Atendo's API. With a user's sign-in it follows the seeds' refresh rule: a call answered 401 or
 * 403 ERR_TOKEN_EXPIRED renews the access token once (one renewal for every call that found it expired at the
 * same moment) and is sent again; when the renewal fails the first answer stands.
 */
export function createAtendo(options: AtendoOptions): Atendo {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  let token: string | null = options.token ?? null;
  let refreshCookie: string | null = null;
  let refreshing: Promise<boolean> | null = null;

  const withAuth = (request: Request): Request => {
    const headers = new Headers(request.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (refreshCookie && new URL(request.url).pathname.startsWith('/auth/')) {
      headers.set('cookie', `${REFRESH_COOKIE}=${refreshCookie}`);
    }
    return new Request(request, { headers });
  };

  async function raw(path: string, init: RequestInit): Promise<Response> {
    const response = await send(withAuth(new Request(`${baseUrl}${path}`, init)));
    const cookie = refreshCookieOf(response);
    if (cookie) refreshCookie = cookie;
    return response;
  }

  async function renew(): Promise<boolean> {
    if (!refreshCookie) return false;
    const response = await raw('/auth/refresh_token', { method: 'POST' });
    if (!response.ok) return false;
    token = ((await response.json()) as { token: string }).token;
    return true;
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= renew().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function fetchWithRefresh(request: Request): Promise<Response> {
    const again = request.clone();
    const response = await send(withAuth(request));
    const path = new URL(request.url).pathname;
    if (!refreshCookie || AUTH_PATHS.includes(path)) return response;
    if (!wantsRefresh(response.status, await errorCode(response))) return response;
    if (!(await refreshOnce())) return response;
    return send(withAuth(again));
  }

  const api = createClient<paths>({ baseUrl, fetch: fetchWithRefresh });

  async function session(response: Response): Promise<SessionUser> {
    const body = (await response.json().catch(() => null)) as { token?: string; user?: SessionUser } | null;
    if (!response.ok || !body?.token) throw new AtendoError(response.status, body);
    token = body.token;
    return body.user!;
  }

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    api,
    token: () => token,
    async signIn(email, password) {
      token = null;
      const response = await raw('/auth/login', json({ email, password }));
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { challenge?: string } | null;
      if (response.ok && body?.challenge) return { signedIn: false, challenge: body.challenge };
      return { signedIn: true, user: await session(response) };
    },
    async signInTwoFactor(challenge, code) {
      return session(await raw('/auth/login/two-factor', json({ challenge, code })));
    },
    refresh: refreshOnce,
    async signOut() {
      await raw('/auth/logout', { method: 'DELETE' });
      token = null;
      refreshCookie = null;
    },
  };
}
