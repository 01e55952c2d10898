import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import SchedulesPage from './SchedulesPage';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const waiting = {
  id: 41,
  companyId: 2,
  contactId: 3,
  contact: { id: 3, name: 'Bia Souza', number: '5511988880000' },
  body: 'Lembrete do pedido 123',
  sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  sentAt: null,
  status: 'PENDENTE',
  ticketId: null,
  whatsappId: null,
  queueId: null,
  userId: 7,
  intervalUnit: null,
  intervalValue: 1,
  repeatCount: 1,
  sentCount: 0,
  businessDays: 4,
  mediaPath: null,
  mediaName: null,
  lastError: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

describe('/schedules?contactId=N (issue 15 item 6)', () => {
  it("opens the schedule dialog for that contact, which lists the contact's waiting schedules", async () => {
    const fetch = mockFetch({
      '/contacts/3': { id: 3, name: 'Bia Souza', number: '5511988880000', email: '', tags: [], extraInfo: [] },
      '/schedules': { schedules: [waiting], count: 1, hasMore: false },
    });
    renderWithProviders(<SchedulesPage />, { session, route: '/schedules?contactId=3' });

    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    // the contact is chosen and its schedules still waiting are listed (a page of schedules, not the contact)
    expect(within(dialog).getByText('Bia Souza')).toBeTruthy();
    expect(within(dialog).getByText('Agendamentos pendentes de Bia Souza')).toBeTruthy();
    const list = await within(dialog).findByTestId('schedules-waiting');
    expect(within(list).getByText('Lembrete do pedido 123')).toBeTruthy();
    // the waiting list asked the server for that contact's pending schedules
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input)));
    expect(
      asked.some(
        (u) =>
          u.pathname === '/schedules' && u.searchParams.get('contactId') === '3' && u.searchParams.get('status') === 'PENDENTE',
      ),
    ).toBe(true);
  });
});
