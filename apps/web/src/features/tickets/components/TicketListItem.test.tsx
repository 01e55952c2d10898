import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
