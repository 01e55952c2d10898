import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import SchedulesPage from './SchedulesPage';

const session = sessionValue(makeUser({ profile: 'admin' }));
// Today at 10:00 local time: the event never runs past midnight (at 23:39 a two-hours-ahead schedule
// showed in the agenda on two days) and never falls into the next month's range.
const todayAtTen = new Date();
todayAtTen.setHours(10, 0, 0, 0);
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const schedule = {
  id: 41,
  companyId: 2,
  contactId: 3,
  contact: { id: 3, name: 'Bia Souza', number: '5511988880000' },
  body: 'Lembrete do pedido 123',
  sendAt: todayAtTen.toISOString(),
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

describe('/schedules calendar (react-big-calendar, seed 002 §2.6)', () => {
  it('offers month, week, day and agenda in Portuguese; the agenda lists the schedule with edit and delete', async () => {
    const fetch = mockFetch({ '/schedules': { schedules: [schedule], count: 1, hasMore: false }, '/helps/list': [] });
    renderWithProviders(<SchedulesPage />, { session, route: '/schedules' });
    const calendar = await screen.findByTestId('schedules-calendar');
    for (const name of ['Mês', 'Semana', 'Dia', 'Agenda']) expect(within(calendar).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(calendar).getByRole('button', { name: 'Agenda' }));
    const event = await within(calendar).findByTestId('calendar-event');
    expect(event.textContent).toContain('Bia Souza');
    fireEvent.click(within(event).getByRole('button', { name: 'Editar Bia Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' });
    expect((within(dialog).getByLabelText('Mensagem') as HTMLTextAreaElement).value).toBe('Lembrete do pedido 123');
    // the calendar read the schedules of its range once (the same month: no refetch per view)
    const asked = fetch.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((u) => u.pathname === '/schedules' && u.searchParams.has('from'));
    expect(new Set(asked.map((u) => u.searchParams.get('from'))).size).toBe(1);
  });

  it('the first visit opens the schedules tutorial when a video exists', async () => {
    mockFetch({
      '/schedules': { schedules: [], count: 0, hasMore: false },
      '/helps/list': [
        { id: 1, title: 'x', description: '', video: 'dQw4w9WgXcQ', page: 'schedules', createdAt: '', updatedAt: '' },
      ],
    });
    renderWithProviders(<SchedulesPage />, { session, route: '/schedules' });
    const dialog = await screen.findByRole('dialog', { name: 'Agendamentos: como usar o calendário' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(localStorage.getItem('hasVisitedSchedules')).toBe('true');
  });
});
