import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/apiStub';
import { dueInDays, makePlan, makeUser } from '../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../test/render';
import AppShell from './AppShell';

// the shell's socket is not under test here
vi.mock('../../shared/socket/SocketProvider', () => ({ SocketProvider: ({ children }: { children: ReactNode }) => children }));

afterEach(() => vi.unstubAllGlobals());

/** What an expired company's API still answers (allowExpired on the server): everything else is a 402. */
const ANSWERED_WHEN_EXPIRED = [
  /^\/auth\//,
  /^\/companies\/listPlan\//,
  /^\/invoices\/all$/,
  /^\/financeiro\//,
  /^\/version$/,
  /^\/public-settings\//,
];

function renderShell(dueDate: string, route: string) {
  const user = makeUser({ profile: 'admin' }, { id: 2, dueDate });
  const calls = stubApi({
    [`/companies/listPlan/${user.companyId}`]: { id: 2, name: 'Acme', plan: makePlan() },
    '/tickets': { tickets: [], hasMore: false, count: 0 },
    '/version': { version: '0.1.0' },
  });
  renderWithProviders(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/financeiro" element={<p>página financeiro</p>} />
        <Route path="/tickets" element={<p>página tickets</p>} />
        <Route path="*" element={<p>não encontrada</p>} />
      </Route>
    </Routes>,
    { route, session: sessionValue(user) },
  );
  return calls;
}

describe('the shell of an expired company (issue 30 item 7)', () => {
  it.each(['/tickets', '/connections', '/nao-existe'])(
    'sends %s to /financeiro and reads nothing the API refuses with 402',
    async (route) => {
      const calls = renderShell(dueInDays(-1), route);
      expect(await screen.findByText('página financeiro')).toBeTruthy();
      expect(screen.queryByText('página tickets')).toBeNull();
      // the shell's reads start together: once the plan is asked for, the others would have been too
      await waitFor(() => expect(calls.some((c) => c.path.startsWith('/companies/listPlan/'))).toBe(true));
      const refused = calls.filter((c) => !ANSWERED_WHEN_EXPIRED.some((allowed) => allowed.test(c.path)));
      expect(refused).toEqual([]);
      expect(screen.queryByRole('button', { name: /^Notificações \(/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Informativos \(/ })).toBeNull();
    },
  );

  it('a company in good standing stays on its page and reads its unread tickets', async () => {
    const calls = renderShell(dueInDays(10), '/tickets');
    expect(await screen.findByText('página tickets')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/tickets')).toBe(true));
    expect(screen.getByRole('button', { name: /^Notificações \(/ })).toBeTruthy();
  });
});
