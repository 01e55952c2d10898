import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../shared/data/tickets/types';
import { makeTicket, makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { TicketListItem } from './TicketListItem';

const session = sessionValue(makeUser());

afterEach(() => vi.useRealTimers());

describe('TicketListItem', () => {
  it("the time is on the company's clock, 24-hour in Portuguese, whatever the browser's zone and locale", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const ticket = makeTicket({ updatedAt: '2026-11-25T17:05:00.000Z' });
    renderWithProviders(<TicketListItem ticket={ticket} selected={false} onOpen={() => {}} />, { session });
    expect(screen.getByText('14:05')).toBeTruthy();
  });

  it('the preview renders WhatsApp formatting as the conversation does, never the raw markers', () => {
    const ticket = makeTicket({ lastMessage: '*Ana:*\nOlá, _tudo_ bem?' });
    renderWithProviders(<TicketListItem ticket={ticket} selected={false} onOpen={() => {}} />, { session });
    const row = screen.getByTestId('ticket-item');
    expect(row.textContent).toContain('Ana: Olá, tudo bem?');
    expect(row.textContent).not.toMatch(/[*_]/);
    expect(screen.getByText('Ana:').tagName).toBe('STRONG');
    expect(screen.getByText('tudo').tagName).toBe('EM');
  });

  it('a pending ticket shows how long it has waited; an open one does not', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const waiting = makeTicket({ status: 'pending', createdAt: '2026-11-25T16:48:00.000Z' });
    const { unmount } = renderWithProviders(<TicketListItem ticket={waiting} selected={false} onOpen={() => {}} />, { session });
    expect(screen.getByTestId('waiting-time').textContent).toBe('1 h 12 min');
    expect(screen.getByTestId('waiting-time').getAttribute('title')).toBe('Esperando um atendente há 1 h 12 min');
    unmount();
    const open = makeTicket({ status: 'open', createdAt: '2026-11-25T16:48:00.000Z' });
    renderWithProviders(<TicketListItem ticket={open} selected={false} onOpen={() => {}} />, { session });
    expect(screen.queryByTestId('waiting-time')).toBeNull();
  });

  it('a ticket under SLA shows a live countdown to its nearest due, a warning near it, red once late or missed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const sla: NonNullable<Ticket['sla']> = {
      startedAt: '2026-11-25T17:50:00.000Z',
      firstResponseDueAt: '2026-11-25T18:25:00.000Z',
      nextResponseDueAt: null,
      resolutionDueAt: '2026-11-25T21:50:00.000Z',
      pausedAt: null,
      breach: null,
      breachedAt: null,
    };
    const view = (s: Ticket['sla']) =>
      renderWithProviders(<TicketListItem ticket={makeTicket({ status: 'open', sla: s })} selected={false} onOpen={() => {}} />, {
        session,
      });
    let r = view(sla);
    expect(screen.getByTestId('sla-chip').textContent).toBe('25 min');
    expect(screen.getByTestId('sla-chip').getAttribute('data-sla')).toBe('due');
    expect(screen.getByTestId('sla-chip').getAttribute('title')).toBe('primeira resposta vence em 25 min');
    r.unmount();
    r = view({ ...sla, firstResponseDueAt: '2026-11-25T18:10:00.000Z' });
    expect(screen.getByTestId('sla-chip').getAttribute('data-sla')).toBe('warn');
    r.unmount();
    r = view({ ...sla, firstResponseDueAt: '2026-11-25T17:55:00.000Z' });
    expect(screen.getByTestId('sla-chip').textContent).toBe('atrasado 5 min');
    r.unmount();
    // Waiting on the customer: no reply due, the resolution clock stopped.
    r = view({ ...sla, firstResponseDueAt: null, pausedAt: '2026-11-25T17:58:00.000Z' });
    expect(screen.getByTestId('sla-chip').textContent).toBe('SLA pausado');
    r.unmount();
    r = view({ ...sla, breach: 'firstResponse', breachedAt: '2026-11-25T17:55:00.000Z' });
    expect(screen.getByTestId('sla-chip').textContent).toBe('SLA estourado');
    expect(screen.getByTestId('ticket-item').getAttribute('data-sla-missed')).toBe('true');
    r.unmount();
    view(null);
    expect(screen.queryByTestId('sla-chip')).toBeNull();
  });
});
