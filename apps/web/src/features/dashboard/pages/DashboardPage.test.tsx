import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../shared/socket/context';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { fakeSocket } from '../../../test/socket';
import { previousRange } from '../components/TicketsCharts';
import { LIVE_REFRESH_MS } from '../hooks/useDashboard';
import DashboardPage, { defaultFilter } from './DashboardPage';

beforeAll(() => {
  // jsdom has no layout: the charts measure their box through ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const COUNTERS = {
  supportHappening: 3,
  supportPending: 2,
  supportGroups: 1,
  waitRating: 1,
  supportFinished: 5,
  leads: 2,
  avgSupportTime: 70,
  avgWaitTime: 125,
  activeTickets: 1,
  passiveTickets: 2,
  tickets: 3,
  npsScore: 25,
  npsPromotersPerc: 50,
  npsPassivePerc: 25,
  npsDetractorsPerc: 25,
  withRating: 4,
  withoutRating: 1,
  percRating: 80,
};
const ZERO = Object.fromEntries(Object.keys(COUNTERS).map((k) => [k, k.startsWith('avg') ? null : 0]));

const dashboard = (counters: Record<string, unknown>, attendants: unknown[] = []) => ({
  range: { from: '2026-11-01', to: '2026-11-26', timezone: 'America/Sao_Paulo' },
  counters,
  attendants,
});

function renderPage(user = makeUser({ id: 1, profile: 'admin' })) {
  const { socket, fire } = fakeSocket();
  renderWithProviders(
    <SocketContext.Provider value={{ socket: socket as never, companyId: 2 }}>
      <DashboardPage />
    </SocketContext.Provider>,
    { session: sessionValue(user), route: '/' },
  );
  return fire;
}

const calls = (spy: ReturnType<typeof mockFetch>, path: string) =>
  spy.mock.calls.map(([input]) => new URL(String(input))).filter((u) => u.pathname === path);

describe('DashboardPage', () => {
  it('defaults to the first day of the month to today in São Paulo', () => {
    // 02:00 UTC on 1 December is still 30 November in São Paulo.
    expect(defaultFilter('America/Sao_Paulo', new Date('2026-12-01T02:00:00Z'))).toMatchObject({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
  });

  it('shows the counters (times as HHh mmm), the NPS and the charts of the default range', async () => {
    const spy = mockFetch({
      '/dashboard': dashboard(COUNTERS),
      '/dashboard/ticketsDay': { by: 'date', data: [{ data: '2026-11-02', total: 3 }], count: 3 },
      '/dashboard/ticketsUsers': { data: [{ userId: 5, nome: 'Bruno', quantidade: 3 }] },
      '/queue': [],
      '/users/list': [],
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('counter-supportHappening-value').textContent).toBe('3'));
    expect(screen.getByTestId('counter-avgWaitTime-value').textContent).toBe('02h 05m');
    expect(screen.getByTestId('counter-avgSupportTime-value').textContent).toBe('01h 10m');
    expect(screen.getByTestId('counter-percRating-value').textContent).toBe('80%');
    expect(screen.getByTestId('nps-score').textContent).toBe('25');
    // Each figure carries its definition (docs/metrics.md).
    expect(screen.getByLabelText('Tickets criados no período.')).toBeTruthy();
    expect((await screen.findByTestId('chart-per-day-total')).textContent).toBe('Total: 3');
    const [call] = calls(spy, '/dashboard');
    const { dateFrom, dateTo } = defaultFilter('America/Sao_Paulo');
    expect(call.searchParams.get('date_from')).toBe(dateFrom);
    expect(call.searchParams.get('date_to')).toBe(dateTo);
    // the trend is compared with the period just before, as long as this one (issue 35 item 5)
    const before = previousRange({ from: dateFrom, to: dateTo });
    await waitFor(() =>
      expect(
        calls(spy, '/dashboard/ticketsDay').some(
          (u) => u.searchParams.get('date_from') === before?.from && u.searchParams.get('date_to') === before?.to,
        ),
      ).toBe(true),
    );
    // the stub answers 3 tickets for both periods
    expect((await screen.findByTestId('chart-per-day-change')).textContent).toBe('0% em relação ao período anterior');
  });

  it('shows the attendants tab with its rows and the tickets per attendant chart', async () => {
    mockFetch({
      '/dashboard': dashboard(COUNTERS, [
        { id: 5, name: 'Bruno', rating: 9.5, countRating: 2, tickets: 3, avgWaitTime: 26.7, avgSupportTime: 80, online: true },
      ]),
      '/dashboard/ticketsDay': { by: 'date', data: [], count: 0 },
      '/dashboard/ticketsUsers': { data: [{ userId: 5, nome: 'Bruno', quantidade: 3 }] },
      '/queue': [],
      '/users/list': [],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Atendentes' }));
    const row = await screen.findByTestId('attendant-row');
    expect(row.textContent).toContain('Bruno');
    expect(row.textContent).toContain('9,5');
    expect(row.textContent).toContain('00h 27m');
    expect(row.textContent).toContain('01h 20m');
    expect(row.textContent).toContain('Online');
    expect((await screen.findByTestId('chart-per-user-total')).textContent).toBe('Total: 3');
  });

  it("shows the satisfaction tab: figures, distribution, tables and the customers' words with a link and a search", async () => {
    const figures = {
      asked: 4,
      rated: 3,
      responseRate: 75,
      nps: 0,
      csat: 66.7,
      avgRate: 8,
      promoters: 1,
      passive: 1,
      detractors: 1,
    };
    const spy = mockFetch({
      '/dashboard': dashboard(COUNTERS),
      '/dashboard/ticketsDay': { by: 'date', data: [], count: 0 },
      '/dashboard/ticketsUsers': { data: [] },
      '/dashboard/satisfaction': {
        range: { from: '2026-11-01', to: '2026-11-26', timezone: 'America/Sao_Paulo' },
        totals: figures,
        distribution: [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1],
        trend: { by: 'day', points: [{ day: '2026-11-02', rated: 3, nps: 0, csat: 66.7, avgRate: 8 }] },
        attendants: [{ id: 5, name: 'Bruno', ...figures }],
        queues: [{ id: null, name: null, ...figures }],
      },
      '/dashboard/satisfaction/comments': {
        comments: [
          {
            ticketId: 42,
            ticketUuid: '8f0e6c1a-1111-4222-8333-444455556666',
            rate: 10,
            text: 'Muito bom!',
            ratedAt: '2026-11-02T15:00:00.000Z',
            contactName: 'Carla',
            userName: 'Bruno',
            queueName: 'Vendas',
          },
        ],
        count: 1,
        hasMore: false,
      },
      '/queue': [],
      '/users/list': [],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Satisfação' }));
    await waitFor(() => expect(screen.getByTestId('counter-satisfactionCsat-value').textContent).toBe('66,7%'));
    expect(screen.getByTestId('counter-satisfactionNps-value').textContent).toBe('0');
    expect(screen.getByTestId('counter-satisfactionResponseRate-value').textContent).toBe('75%');
    expect(screen.getByTestId('counter-satisfactionRated-value').textContent).toBe('3 / 4');
    expect(screen.getByTestId('satisfaction-distribution-total').textContent).toBe('Total: 3');
    expect(screen.getByTestId('satisfaction-attendants-row').textContent).toContain('Bruno');
    expect(screen.getByTestId('satisfaction-queues-row').textContent).toContain('(sem atendente/fila)');
    const comment = await screen.findByTestId('satisfaction-comment');
    expect(comment.textContent).toContain('Muito bom!');
    expect(comment.textContent).toContain('Carla');
    expect(screen.getByRole('link', { name: 'Ticket #42' }).getAttribute('href')).toBe(
      '/tickets/8f0e6c1a-1111-4222-8333-444455556666',
    );
    fireEvent.change(screen.getByTestId('satisfaction-search'), { target: { value: 'bom' } });
    await waitFor(() => expect(calls(spy, '/dashboard/satisfaction/comments').at(-1)?.searchParams.get('search')).toBe('bom'));
  });

  it('the satisfaction tab says so when nobody rated', async () => {
    const none = {
      asked: 0,
      rated: 0,
      responseRate: null,
      nps: null,
      csat: null,
      avgRate: null,
      promoters: 0,
      passive: 0,
      detractors: 0,
    };
    mockFetch({
      '/dashboard': dashboard(ZERO),
      '/dashboard/satisfaction': {
        range: { from: '2026-11-01', to: '2026-11-26', timezone: 'America/Sao_Paulo' },
        totals: none,
        distribution: Array.from({ length: 11 }, () => 0),
        trend: { by: 'day', points: [] },
        attendants: [],
        queues: [],
      },
      '/dashboard/satisfaction/comments': { comments: [], count: 0, hasMore: false },
      '/queue': [],
      '/users/list': [],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Satisfação' }));
    expect(await screen.findByText('Nenhum comentário no período.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('counter-satisfactionNps-value').textContent).toBe('—'));
    expect(screen.getByTestId('satisfaction-distribution').textContent).toContain('Nenhum atendimento no período.');
  });

  it('says so when the period has no attendance', async () => {
    mockFetch({
      '/dashboard': dashboard(ZERO),
      '/dashboard/ticketsDay': { by: 'date', data: [], count: 0 },
      '/dashboard/ticketsUsers': { data: [] },
      '/queue': [],
      '/users/list': [],
    });
    renderPage();
    expect(await screen.findByText('Nenhum atendimento no período.')).toBeTruthy();
    expect(screen.getByTestId('counter-avgWaitTime-value').textContent).toBe('00h 00m');
  });

  it("shows 'Erro ao buscar informações dos tickets' when the dashboard cannot be read", async () => {
    mockFetch({ '/queue': [], '/users/list': [] });
    renderPage();
    expect((await screen.findByTestId('dashboard-error')).textContent).toContain('Erro ao buscar informações dos tickets');
  });

  it("asks to set up the filter ('Parametrize o filtro') when both dates are cleared", async () => {
    const spy = mockFetch({ '/dashboard': dashboard(COUNTERS), '/queue': [], '/users/list': [] });
    renderPage();
    await waitFor(() => expect(calls(spy, '/dashboard')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Parametrize o filtro')).toBeTruthy();
    expect(calls(spy, '/dashboard')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(calls(spy, '/dashboard').at(-1)?.searchParams.get('date_from')).toBe('2026-03-01'));
  });

  it('an end date before the start date gets a field message and sends no request', async () => {
    const spy = mockFetch({ '/dashboard': dashboard(COUNTERS), '/queue': [], '/users/list': [] });
    renderPage();
    await waitFor(() => expect(calls(spy, '/dashboard')).toHaveLength(1));
    const before = spy.mock.calls.length;
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('A data final não pode ser anterior à inicial')).toBeTruthy();
    // The counters of the last good range stay on screen.
    expect(screen.getByTestId('counter-supportHappening-value').textContent).toBe('3');
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(calls(spy, '/dashboard').at(-1)?.searchParams.get('date_to')).toBe('2026-03-31'));
    expect(screen.queryByText('A data final não pode ser anterior à inicial')).toBeNull();
    // The good range's request is the sentinel: it went out after the refused range, and nothing asked for that one.
    const refused = spy.mock.calls
      .slice(before)
      .map(([input]) => new URL(String(input)))
      .filter((u) => u.searchParams.get('date_to') === '2026-03-01');
    expect(refused).toEqual([]);
  });

  it('re-reads the counters once after a burst of ticket events', async () => {
    const spy = mockFetch({ '/dashboard': dashboard(COUNTERS), '/queue': [], '/users/list': [] });
    const fire = renderPage();
    await waitFor(() => expect(calls(spy, '/dashboard')).toHaveLength(1));
    // The refresh's wait on a moved clock: three windows pass at once, and no timer is left behind to re-read later.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => {
        fire('company-2-ticket', { action: 'update', ticket: { id: 1 } });
        fire('company-2-ticket', { action: 'update', ticket: { id: 2 } });
        fire('company-3-ticket', { action: 'update', ticket: { id: 3 } });
      });
      expect(calls(spy, '/dashboard')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS));
      expect(calls(spy, '/dashboard')).toHaveLength(2);
      await act(() => vi.runOnlyPendingTimersAsync());
      expect(calls(spy, '/dashboard')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
