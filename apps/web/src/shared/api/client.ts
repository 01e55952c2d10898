import type { ErrorBody } from '@atendo/shared';
import { API_URL } from '../config';
import { getToken, setToken } from '../storage';
import { isNotBuilt } from './notBuilt';

/** An answer that was not 2xx (status 0 when the API could not be reached). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, message?: string) {
    super(message ?? body?.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.error;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Public call: no cookies, no bearer token (the seeds' second client). */
  anonymous?: boolean;
  /** Do not treat a 401 as "session over" (login and refresh handle it themselves). */
  skipUnauthorizedHandler?: boolean;
  signal?: AbortSignal;
}

let unauthorizedHandler: (() => void) | null = null;

/** The session registers what happens when an authenticated call answers 401. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** 'refreshed' (a new access token is stored), 'over' (the session ended) or 'unreachable' (no answer). */
export type RefreshOutcome = 'refreshed' | 'over' | 'unreachable';
let tokenRefresher: (() => Promise<RefreshOutcome>) | null = null;
let refreshing: Promise<RefreshOutcome> | null = null;

/** The session registers how an access token is renewed (POST /auth/refresh_token). */
export function setTokenRefresher(refresher: (() => Promise<RefreshOutcome>) | null): void {
  tokenRefresher = refresher;
}

/** One refresh for every call (and the socket) that found its token expired at the same moment. */
export function refreshOnce(): Promise<RefreshOutcome> {
  if (!tokenRefresher) return Promise.resolve('over');
  refreshing ??= tokenRefresher().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * An answer that asks for a new access token: 403 ERR_TOKEN_EXPIRED (seed 000 §4), or a 401 from a server that
 * answers an expired token that way (the refresh then tells whether the session is really over).
 */
function wantsRefresh(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && code === 'ERR_TOKEN_EXPIRED');
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path.startsWith('http') ? path : `${API_URL}${path.startsWith('/') ? '' : '/'}${path}`);
  if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function toErrorBody(status: number, payload: unknown): ErrorBody | null {
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const error = (payload as { error: unknown }).error;
    if (typeof error === 'string') return payload as ErrorBody;
  }
  if (typeof payload === 'string' && payload.trim() && payload.length < 300 && !payload.trim().startsWith('<')) {
    return { error: payload.trim() };
  }
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const message = (payload as { message: unknown }).message;
    if (typeof message === 'string' && status >= 400) return { error: message };
  }
  return null;
}

/**
 * One small fetch wrapper for the whole app: bearer token, cookies, JSON, typed errors. An expired access token
 * is refreshed once and the call repeated; a session that is over signs the user out.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

async function send<T>(path: string, options: RequestOptions, retried: boolean): Promise<T> {
  const { method = 'GET', body, query, anonymous = false, skipUnauthorizedHandler = false, signal } = options;
  if (isNotBuilt(path)) throw new ApiError(404, { error: 'ERR_NOT_FOUND' }, 'not built yet');
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: anonymous ? 'omit' : 'include',
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null, 'network');
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, toErrorBody(response.status, data));
    if (anonymous || skipUnauthorizedHandler) throw error;
    let outcome: RefreshOutcome | null = null;
    if (!retried && token && wantsRefresh(response.status, error.code)) {
      outcome = await refreshOnce();
      if (outcome === 'refreshed') return send<T>(path, options, true);
    }
    if (response.status === 401 || outcome === 'over') {
      setToken(null);
      unauthorizedHandler?.();
    }
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** For endpoints that other features have not shipped yet: a 404 (or 501) reads as "nothing". */
export async function orEmpty<T>(promise: Promise<T>, empty: T): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 501)) return empty;
    throw err;
  }
}
