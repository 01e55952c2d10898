import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import ReportsPage, { defaultReportFilters } from './ReportsPage';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  whatsappName: 'Principal',
  contactName: `Cliente ${id}`,
  contactNumber: '5511988887777',
  userName: 'Ana Souza',
  queueName: 'Vendas',
  status: 'closed',
  createdAt: '2026-03-01T03:00:00.000Z',
  closedAt: '2026-03-01T04:30:00.000Z',
  supportTime: 90,
  NPS: 9,
  ...extra,
});

const page = (tickets: unknown[], total: number) => ({ tickets, totalTickets: { total, closed: total }, hasMore: false });
const totals = (total: number) => ({ total, closed: total, rated: 1, avgRating: 7.5, avgSupportTime: 125 });

const reportCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input))).filter((u) => u.pathname === '/ticketreport/reports');

describe('ReportsPage', () => {
  it('defaults to the first of the month until today', () => {
    expect(defaultReportFilters('2026-03-17')).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-17', status: [] });
  });

  it('shows the rows of seed 001 §3, the totals with their definitions, and pages of 5/10/20/50', async () => {
    const fetch = mockFetch({
      '/ticketreport/reports': page([row(12), row(11, { status: 'open', closedAt: null, supportTime: null, NPS: null })], 2),
      '/ticketreport/totals': totals(2),
    });
    renderWithProviders(<ReportsPage />, { session, route: '/reports' });

    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Cliente 12')).toBeTruthy();
    expect(within(rows[0]).getByText('01h 30m')).toBeTruthy();
    expect(within(rows[0]).getByText('9')).toBeTruthy();
    expect(within(rows[1]).getByText('Em atendimento')).toBeTruthy();
    expect(within(screen.getByTestId('report-total-avgSupportTime')).getByText('02h 05m')).toBeTruthy();
    // the totals are read once for the filters, beside the page
    const totalsCalls = fetch.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/ticketreport/totals');
    expect(totalsCalls).toHaveLength(1);
    // the first call: the default range and page size 10
    const first = reportCalls(fetch)[0];
    expect(first.searchParams.get('pageSize')).toBe('10');
    expect(first.searchParams.get('page')).toBe('1');
    expect(first.searchParams.get('dateFrom')).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('sends the filters as JSON arrays and goes back to the first page when they change', async () => {
    const fetch = mockFetch({ '/ticketreport/reports': page([row(1)], 1), '/ticketreport/totals': totals(1) });
    renderWithProviders(<ReportsPage />, { session, route: '/reports' });
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByLabelText('Somente avaliados'));
    await waitFor(() => expect(reportCalls(fetch).some((u) => u.searchParams.get('onlyRated') === 'true')).toBe(true));
    fireEvent.change(screen.getByTestId('report-date-from'), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByTestId('report-date-to'), { target: { value: '2026-03-10' } });
    expect(await screen.findByText('A data inicial deve ser anterior à final.')).toBeTruthy();
  });

  it('says so when nothing matches, and offers a retry when the server fails', async () => {
    mockFetch({ '/ticketreport/reports': page([], 0), '/ticketreport/totals': totals(0) });
    const { unmount } = renderWithProviders(<ReportsPage />, { session, route: '/reports' });
    expect(await screen.findByText('Nenhum atendimento encontrado com estes filtros.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Exportar Excel' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    mockFetch({});
    renderWithProviders(<ReportsPage />, { session, route: '/reports' });
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });

  it('opens the ticket log of a row', async () => {
    mockFetch({ '/ticketreport/reports': page([row(7)], 1), '/ticketreport/totals': totals(1), '/tickets-log/7': [] });
    renderWithProviders(<ReportsPage />, { session, route: '/reports' });
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByRole('button', { name: 'Histórico do ticket 7' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
