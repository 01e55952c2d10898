import { PLATFORM_COMPANY_ID } from '@atendo/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../features/dashboard/pages/DashboardPage';
import type { SessionContextValue } from '../shared/session/context';
import { makePlan, makeUser } from '../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue, stubMatchMedia } from '../test/render';
import { PublicOnly, RequireAuth, RouteGate } from './guards';
import { PRIVATE_ROUTES } from './routes';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}|${(location.state as { from?: string } | null)?.from ?? ''}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

/** A page at `path` behind a RouteGate (its text is the path's name), with / showing where a redirect lands. */
function renderGated(path: string, access: ComponentProps<typeof RouteGate>['access'], session: SessionContextValue) {
  renderWithProviders(
    <Routes>
      <Route
        path={path}
        element={
          <RouteGate access={access}>
            <p>{path.slice(1) || 'dashboard'}</p>
          </RouteGate>
        }
      />
      {path === '/' ? null : <Route path="/" element={<Where />} />}
    </Routes>,
    { route: path, session },
  );
}

describe('route guards', () => {
  beforeEach(() => {
    mockFetch();
  });

  it('an anonymous visitor of a private page goes to /login, remembering where from', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<Where />} />
        <Route element={<RequireAuth />}>
          <Route path="/todolist" element={<p>private</p>} />
        </Route>
      </Routes>,
      { route: '/todolist?x=1' },
    );
    await waitFor(() => expect(where()).toBe('/login|/todolist?x=1'));
  });

  it('shows a loading state while the session loads', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/tickets" element={<p>private</p>} />
        </Route>
      </Routes>,
      { route: '/tickets', session: sessionValue(null, { status: 'loading' }) },
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('private')).toBeNull();
  });

  it('the API unreachable at start: a translated error with a retry on public and private pages, never a blank one', () => {
    const retry = vi.fn();
    for (const [route, guard] of [
      ['/login', <PublicOnly key="p" />],
      ['/tickets', <RequireAuth key="r" />],
    ] as const) {
      const view = renderWithProviders(
        <Routes>
          <Route element={guard}>
            <Route path={route} element={<p>page</p>} />
          </Route>
        </Routes>,
        { route, session: sessionValue(null, { status: 'unreachable', retry }) },
      );
      expect(screen.getByRole('alert').textContent).toContain('Não foi possível falar com o servidor');
      expect(screen.queryByText('page')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      view.unmount();
    }
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('an authenticated visitor of /login goes to the landing the session chose, else /', async () => {
    const user = makeUser();
    const routes = (
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<p>login</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    );
    const first = renderWithProviders(routes, { route: '/login', session: sessionValue(user) });
    await waitFor(() => expect(where()).toBe('/|'));
    first.unmount();
    renderWithProviders(routes, { route: '/login', session: sessionValue(user, { landing: '/financeiro' }) });
    await waitFor(() => expect(where()).toBe('/financeiro|'));
  });

  it('super-only page: others get the plan-gate toast and go to / after 1 s', async () => {
    renderGated('/companies', { superOnly: 'home' }, sessionValue(makeUser({ profile: 'admin' })));
    expect(screen.queryByText('companies')).toBeNull();
    expect(
      await screen.findByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'),
    ).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/|'), { timeout: 2000 });
  });

  it('super-only page is shown to a super user', () => {
    renderGated(
      '/companies',
      { superOnly: 'home' },
      sessionValue(makeUser({ profile: 'admin', super: true }, { id: PLATFORM_COMPANY_ID })),
    );
    expect(screen.getByText('companies')).toBeTruthy();
  });

  it('dashboard without permission shows the 403 page with Back to /tickets', () => {
    renderGated('/', { permission: { name: 'dashboard:view', denied: 'forbidden' } }, sessionValue(makeUser()));
    expect(screen.getByRole('heading', { name: 'Oops! Acesso Negado!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/tickets');
  });

  it('a profile user sees the no-permission view on admin pages', () => {
    renderWithProviders(
      <RouteGate access={{ permission: { name: 'users:manage', denied: 'noPermission' } }}>
        <p>users</p>
      </RouteGate>,
      { route: '/users', session: sessionValue(makeUser()) },
    );
    expect(screen.getByRole('heading', { name: 'Sem permissão' })).toBeTruthy();
    expect(screen.queryByText('users')).toBeNull();
  });

  it('a plan without the flag: toast and redirect', async () => {
    const user = makeUser({ profile: 'admin' }, { plan: makePlan({ useSchedules: false }) });
    renderGated('/schedules', { plan: 'useSchedules' }, sessionValue(user));
    expect(await screen.findByText(/Esta empresa não possui permissão/)).toBeTruthy();
    expect(screen.queryByText('schedules')).toBeNull();
    await waitFor(() => expect(where()).toBe('/|'), { timeout: 2000 });
  });

  it('narrow screens send most pages to /tickets', async () => {
    stubMatchMedia((query) => query.includes('max-width:768px'));
    renderWithProviders(
      <Routes>
        <Route
          path="/users"
          element={
            <RouteGate>
              <p>users</p>
            </RouteGate>
          }
        />
        <Route
          path="/ajuda"
          element={
            <RouteGate access={{ narrowOk: true }}>
              <p>ajuda</p>
            </RouteGate>
          }
        />
        <Route path="/tickets" element={<Where />} />
      </Routes>,
      { route: '/users', session: sessionValue(makeUser({ profile: 'admin' })) },
    );
    await waitFor(() => expect(where()).toBe('/tickets|'));
  });

  it('/reports stays reachable on a narrow screen (issue 30 item 9); / still goes to /tickets', async () => {
    stubMatchMedia((query) => query.includes('max-width:768px'));
    const access = (path: string) => PRIVATE_ROUTES.find((r) => r.path === path)?.access;
    renderWithProviders(
      <Routes>
        <Route
          path="/reports"
          element={
            <RouteGate access={access('/reports')}>
              <p>relatórios</p>
            </RouteGate>
          }
        />
        <Route path="/tickets" element={<Where />} />
      </Routes>,
      { route: '/reports', session: sessionValue(makeUser({ profile: 'admin' })) },
    );
    expect(await screen.findByText('relatórios')).toBeTruthy();
    expect(access('/')?.narrowOk).toBeFalsy();
  });
});

// moved from DashboardPage.test.tsx (issue 38 item 5): the gate is the shell's, so the shell's test composes it with the page
describe('the dashboard route', () => {
  it('a user without showDashboard gets the 403 page, and no figure is read', () => {
    const spy = mockFetch();
    const access = PRIVATE_ROUTES.find((r) => r.path === '/')?.access;
    renderWithProviders(
      <RouteGate access={access}>
        <DashboardPage />
      </RouteGate>,
      { session: sessionValue(makeUser()), route: '/' },
    );
    expect(screen.getByRole('heading', { name: 'Oops! Acesso Negado!' })).toBeTruthy();
    expect(spy.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/dashboard')).toHaveLength(0);
  });
});
