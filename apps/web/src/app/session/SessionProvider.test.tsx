import type { SessionUserDto } from '@atendo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { type SessionContextValue, useSession } from '../../shared/session/context';
import { dueInDays, makeUser } from '../../test/fixtures';
import { SessionProvider } from './SessionProvider';

type Handler = (url: URL, init?: RequestInit) => Response;
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(handler: Handler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(new URL(String(input)), init));
  vi.stubGlobal('fetch', spy);
  return spy;
}

let session: SessionContextValue;
function Probe() {
  session = useSession();
  return <p data-testid="status">{session.status}</p>;
}

function mount() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <MemoryRouter>
          <SessionProvider>
            <Probe />
          </SessionProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const sessionFor = (user: SessionUserDto) => ({ token: 'tok', user });

describe('SessionProvider', () => {
  it('refreshes at start, retrying once on 403', async () => {
    localStorage.setItem('token', 'old');
    let calls = 0;
    stubApi((url) => {
      if (url.pathname === '/auth/refresh_token') {
        calls += 1;
        return calls === 1 ? json(403, { error: 'ERR_NO_PERMISSION' }) : json(200, sessionFor(makeUser()));
      }
      return json(404);
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(calls).toBe(2);
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('15 minutes after sign-in: a call answering 403 ERR_TOKEN_EXPIRED is refreshed by the cookie and repeated; the user stays (issue 37)', async () => {
    let refreshes = 0;
    const seen: string[] = [];
    stubApi((url, init) => {
      if (url.pathname === '/auth/refresh_token') {
        refreshes += 1;
        return json(200, { token: `tok${refreshes}`, user: makeUser() });
      }
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization ?? '';
      seen.push(auth);
      return auth === 'Bearer tok2' ? json(200, { tickets: [] }) : json(403, { error: 'ERR_TOKEN_EXPIRED' });
    });
    localStorage.setItem('token', 'tok0');
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(localStorage.getItem('token')).toBe('tok1');
    await expect(api.get('/tickets')).resolves.toEqual({ tickets: [] });
    expect(seen).toEqual(['Bearer tok1', 'Bearer tok2']);
    expect(refreshes).toBe(2);
    expect(localStorage.getItem('token')).toBe('tok2');
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
  });

  it('a 401 on refresh leaves the visitor anonymous without a token', async () => {
    localStorage.setItem('token', 'old');
    stubApi(() => json(401, { error: 'ERR_SESSION_EXPIRED' }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a visitor with no token in this browser is anonymous at once: no refresh, so no 401 logged on the sign-in page (issue 30 item 12)', async () => {
    const fetch = stubApi(() => json(401, { error: 'ERR_SESSION_EXPIRED' }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the API unreachable (network, CORS) or failing at start is not "signed out": unreachable, and retry tries again', async () => {
    localStorage.setItem('token', 'old');
    let reachable = false;
    stubApi((url) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return url.pathname === '/auth/refresh_token' ? json(200, sessionFor(makeUser())) : json(404);
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unreachable'));
    reachable = true;
    act(() => session.retry());
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
  });

  it('a 5xx on refresh is unreachable too', async () => {
    localStorage.setItem('token', 'old');
    stubApi(() => json(502, { error: 'ERR_INTERNAL' }));
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unreachable'));
  });

  it('login with an expired subscription: error toast and landing /financeiro', async () => {
    const expired = makeUser({ profile: 'admin' }, { dueDate: '2020-03-15T15:00:00.000Z' });
    stubApi((url) =>
      url.pathname === '/auth/login' ? json(200, sessionFor(expired)) : json(401, { error: 'ERR_SESSION_EXPIRED' }),
    );
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    await act(() => session.login({ email: 'a@b.c', password: 'x' }, '/contacts'));
    expect(session.landing).toBe('/financeiro');
    expect(await screen.findByText(/Sua assinatura venceu em 15\/03\/2020/)).toBeTruthy();
  });

  it('login with fewer than 5 days left: warning toast; the origin is the landing', async () => {
    const soon = makeUser({}, { dueDate: dueInDays(3) });
    stubApi((url) => (url.pathname === '/auth/login' ? json(200, sessionFor(soon)) : json(401, {})));
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    await act(() => session.login({ email: 'a@b.c', password: 'x' }, '/contacts'));
    expect(session.landing).toBe('/contacts');
    expect(await screen.findByText('Sua assinatura vence em 3 dias.')).toBeTruthy();
  });

  it('login without an origin lands on /tickets; logout calls the API and forgets the token', async () => {
    const fetchSpy = stubApi((url) => {
      if (url.pathname === '/auth/login') return json(200, sessionFor(makeUser()));
      if (url.pathname === '/auth/logout') return json(204);
      return json(401, {});
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    await act(() => session.login({ email: 'a@b.c', password: 'x' }));
    expect(session.landing).toBe('/tickets');
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    await act(() => session.logout());
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchSpy.mock.calls.some(([u, init]) => String(u).endsWith('/auth/logout') && init?.method === 'DELETE')).toBe(true);
  });

  it('a user with a second factor: login hands back the challenge and stays anonymous; the code step signs in (issue 34)', async () => {
    stubApi((url) => {
      if (url.pathname === '/auth/login') return json(200, { twoFactorRequired: true, challenge: 'ch' });
      if (url.pathname === '/auth/login/two-factor') return json(200, sessionFor(makeUser()));
      return json(401, {});
    });
    mount();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    let result: { challenge: string } | undefined;
    await act(async () => {
      result = await session.login({ email: 'a@b.c', password: 'x' });
    });
    expect(result).toEqual({ challenge: 'ch' });
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    await act(() => session.loginTwoFactor({ challenge: 'ch', code: '123456' }));
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    expect(session.landing).toBe('/tickets');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
