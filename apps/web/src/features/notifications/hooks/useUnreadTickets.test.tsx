import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../shared/socket/context';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { fakeSocket } from '../../../test/socket';
import { UNREAD_REFRESH_MS, useUnreadTickets } from './useUnreadTickets';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  const unread = useUnreadTickets();
  return <output aria-label="unread">{unread.tickets.map((t) => t.id).join(',')}</output>;
}

const listed = { id: 7, uuid: 'u7', unreadMessages: 2, contact: { name: 'Maria' } };

describe('useUnreadTickets (the bell of every signed-in user)', () => {
  it('reads the list again once per burst, only for events that can change an unread count', async () => {
    const fetchSpy = mockFetch({ '/tickets': { tickets: [listed], hasMore: false, count: 1 } });
    const { socket, fire } = fakeSocket();
    renderWithProviders(
      <SocketContext.Provider value={{ socket: socket as never, companyId: 2 }}>
        <Probe />
      </SocketContext.Provider>,
      { session: sessionValue(makeUser({ id: 1 })) },
    );
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('7'));
    const reads = () => fetchSpy.mock.calls.filter(([u]) => String(u).includes('/tickets')).length;
    expect(reads()).toBe(1);
    vi.useFakeTimers();

    // acks, and an attendant's message in a ticket the bell does not hold: nothing to read
    act(() => fire('company-2-appMessage', { action: 'update', message: { id: 1, ack: 3 } }));
    act(() => fire('company-2-appMessage', { action: 'create', message: { id: 2 }, ticket: { id: 9, unreadMessages: 0 } }));
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS * 2));
    expect(reads()).toBe(1);

    // a burst of customer messages: one read
    for (let i = 0; i < 20; i++) {
      act(() =>
        fire('company-2-appMessage', { action: 'create', message: { id: 10 + i }, ticket: { id: 8, unreadMessages: i + 1 } }),
      );
    }
    await act(async () => vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS + 10));
    vi.useRealTimers();
    await waitFor(() => expect(reads()).toBe(2));

    // removing a ticket takes it off at once, without a read
    act(() => fire('company-2-ticket', { action: 'delete', ticketId: 7 }));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe(''));
    expect(reads()).toBe(2);
  });
});
