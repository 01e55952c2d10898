import type { SessionUserDto } from '@atendo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { SessionContext, type SessionContextValue } from '../shared/session/context';
import { AppThemeProvider } from '../shared/theme/AppThemeProvider';

/** Answers fetch calls by path; anything unlisted is a 404 (a feature not built yet). */
export function mockFetch(routes: Record<string, unknown> = {}) {
  const spy = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = routes[url.pathname];
    if (body === undefined) {
      return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function sessionValue(user: SessionUserDto | null, overrides: Partial<SessionContextValue> = {}): SessionContextValue {
  return {
    status: user ? 'authenticated' : 'anonymous',
    user,
    login: vi.fn(async () => undefined),
    loginTwoFactor: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    reloadUser: vi.fn(async () => {}),
    setUser: vi.fn(),
    landing: null,
    clearLanding: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  };
}

export function renderWithProviders(
  ui: ReactNode,
  {
    route = '/',
    session = sessionValue(null),
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { route?: string; session?: SessionContextValue; client?: QueryClient } = {},
) {
  return render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[route]}>
            <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
          </MemoryRouter>
        </SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}

/** Answers the page's media queries (jsdom has no layout); restored after each test by the setup's restoreAllMocks. */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
