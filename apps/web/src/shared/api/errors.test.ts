import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { getToken, setToken } from '../storage';
import { scheduleErrors } from '../ui/SchedulesForm';
import { ApiError, apiRequest, setTokenRefresher, setUnauthorizedHandler } from './client';
import { applyFieldErrors, errorMessage, fieldErrorsUnder } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('errorMessage (seed 000 §8)', () => {
  afterEach(async () => {
    await changeLanguage('pt', false);
  });

  it('translates a known code', () => {
    expect(errorMessage(new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }))).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    );
  });

  it('translates in the current language', async () => {
    await changeLanguage('en', false);
    expect(i18n.language).toBe('en');
    expect(errorMessage(new ApiError(401, { error: 'ERR_SESSION_EXPIRED' }))).toBe('Session expired. Please sign in.');
    expect(errorMessage(new ApiError(500, null))).toBe('An error occurred!');
  });

  it('shows unknown text as is', () => {
    expect(errorMessage(new ApiError(400, { error: 'Número já cadastrado no sistema' }))).toBe('Número já cadastrado no sistema');
  });

  it('falls back to the generic text when there is no error field', () => {
    expect(errorMessage(new ApiError(500, null))).toBe('Ocorreu um erro!');
    expect(errorMessage(new Error('boom'))).toBe('Ocorreu um erro!');
  });

  it('translates the first validation field message', () => {
    const err = new ApiError(400, { error: 'ERR_VALIDATION', fields: [{ path: 'email', message: 'validation.invalidEmail' }] });
    expect(errorMessage(err)).toBe('Dados inválidos. (email) E-mail inválido');
  });
});

describe('applyFieldErrors', () => {
  it("places each known field's message, an item's error on its list field, and says whether any was placed", () => {
    const err = new ApiError(400, {
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'body', message: 'validation.scheduleBodyShort' },
        { path: 'contactIds.0', message: 'validation.selectContact' },
        { path: 'other', message: 'validation.required' },
      ],
    });
    const setError = vi.fn();
    expect(applyFieldErrors(err, setError, ['body', 'contactIds'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['body', { type: 'server', message: 'validation.scheduleBodyShort' }],
      ['contactIds', { type: 'server', message: 'validation.selectContact' }],
    ]);
    expect(applyFieldErrors(err, vi.fn(), ['name'])).toBe(false);
    expect(applyFieldErrors(new ApiError(409, { error: 'ERR_DUPLICATED' }), vi.fn(), ['body'])).toBe(false);
  });
});

describe('fieldErrorsUnder', () => {
  it("gives a list's row errors keyed by the rest of their path (chatbot steps, service hours)", () => {
    const err = new ApiError(400, {
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'name', message: 'validation.required' },
        { path: 'chatbots.0.name', message: 'validation.required' },
        { path: 'schedules.2.startTime', message: 'validation.invalidTime' },
        { path: 'schedules', message: 'validation.tooLong' },
      ],
    });
    expect(fieldErrorsUnder(err, 'chatbots.')).toEqual({ '0.name': 'validation.required' });
    expect(scheduleErrors(err)).toEqual({ '2.startTime': 'validation.invalidTime' });
    expect(fieldErrorsUnder(new ApiError(500, null), 'chatbots.')).toEqual({});
  });
});

describe('apiRequest', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('sends the bearer token and cookies, parses JSON', async () => {
    setToken('abc');
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiRequest('/auth/me')).resolves.toEqual({ ok: true });
    const init = fetchSpy.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init.credentials).toBe('include');
  });

  it('public calls carry neither token nor cookies', async () => {
    setToken('abc');
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { key: 'appName', value: 'X' }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiRequest('/public-settings/appName', { anonymous: true });
    const init = fetchSpy.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.credentials).toBe('omit');
  });

  it('a 401 clears the token and ends the session', async () => {
    setToken('abc');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'ERR_SESSION_EXPIRED' })),
    );
    await expect(apiRequest('/tickets')).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('403 ERR_TOKEN_EXPIRED: one refresh for calls that met it together, each call repeated with the new token (issue 37)', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const refresher = vi.fn(async () => {
      // held until both calls have met the 403: the second then finds this refresh in flight
      await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
      setToken('new');
      return 'refreshed' as const;
    });
    setTokenRefresher(refresher);
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      (init?.headers as Record<string, string> | undefined)?.Authorization === 'Bearer new'
        ? json(200, { ok: true })
        : json(403, { error: 'ERR_TOKEN_EXPIRED' }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    try {
      expect(await Promise.all([apiRequest('/tickets'), apiRequest('/contacts')])).toEqual([{ ok: true }, { ok: true }]);
      expect(refresher).toHaveBeenCalledOnce();
      expect(fetchSpy).toHaveBeenCalledTimes(4);
      expect(onUnauthorized).not.toHaveBeenCalled();
    } finally {
      setTokenRefresher(null);
    }
  });

  it('a refresh that fails ends the session; a 403 that is not about the token refreshes nothing', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const refresher = vi.fn(async () => 'over' as const);
    setTokenRefresher(refresher);
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(403, { error: 'ERR_NO_PERMISSION' })),
      );
      await expect(apiRequest('/users')).rejects.toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
      expect(refresher).not.toHaveBeenCalled();
      expect(getToken()).toBe('old');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(403, { error: 'ERR_TOKEN_EXPIRED' })),
      );
      await expect(apiRequest('/tickets')).rejects.toMatchObject({ status: 403, code: 'ERR_TOKEN_EXPIRED' });
      expect(refresher).toHaveBeenCalledOnce();
      expect(getToken()).toBeNull();
      expect(onUnauthorized).toHaveBeenCalledOnce();
    } finally {
      setTokenRefresher(null);
    }
  });

  it('a server that answers an expired token with 401 is refreshed too before signing out', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setTokenRefresher(async () => {
      setToken('new');
      return 'refreshed';
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
        (init?.headers as Record<string, string> | undefined)?.Authorization === 'Bearer new'
          ? json(200, [])
          : json(401, { error: 'ERR_SESSION_EXPIRED' }),
      ),
    );
    try {
      expect(await apiRequest('/tickets')).toEqual([]);
      expect(onUnauthorized).not.toHaveBeenCalled();
    } finally {
      setTokenRefresher(null);
    }
  });

  it('login answers 401 without ending anything else', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'ERR_INVALID_CREDENTIALS' })),
    );
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('an unreachable API is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/version')).rejects.toMatchObject({ status: 0 });
  });
});
