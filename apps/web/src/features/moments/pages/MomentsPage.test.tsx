import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../shared/socket/context';
import { makeTicket, makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { fakeSocket } from '../../../test/socket';
import MomentsPage from './MomentsPage';

afterEach(() => vi.unstubAllGlobals());

/** The panel as company 2's admin sees it; answers how to deliver a server event to it. */
function renderPanel() {
  const { socket, fire } = fakeSocket();
  renderWithProviders(
    <SocketContext.Provider value={{ socket: socket as never, companyId: 2 }}>
      <MomentsPage />
    </SocketContext.Provider>,
    { session: sessionValue(makeUser({ id: 1, profile: 'admin' })), route: '/moments' },
  );
  return fire;
}

describe('MomentsPage presence (issue 16 item 12)', () => {
  it('shows each attendant online or offline and follows the user events live, without a reload', async () => {
    const bruno = { id: 5, name: 'Bruno', color: '#336699' };
    const fetchSpy = mockFetch({
      '/usersMoments': [makeTicket({ id: 21, status: 'open', userId: bruno.id, user: bruno })],
      '/users/list': [
        { id: 1, name: 'Admin', profile: 'admin', online: true, color: null, queues: [] },
        { id: bruno.id, name: bruno.name, profile: 'user', online: true, color: bruno.color, queues: [] },
      ],
    });
    const fire = renderPanel();
    const dot = await screen.findByLabelText('Bruno: Online');
    expect(dot.getAttribute('data-online')).toBe('true');
    const reads = fetchSpy.mock.calls.length;

    act(() => fire('company-2-user', { action: 'update', user: { id: bruno.id, online: false } }));
    await waitFor(() => expect(screen.getByLabelText('Bruno: Offline').getAttribute('data-online')).toBe('false'));
    // another company's event name is not listened to
    act(() => fire('company-3-user', { action: 'update', user: { id: bruno.id, online: true } }));
    expect(screen.getByLabelText('Bruno: Offline')).toBeTruthy();

    act(() => fire('company-2-user', { action: 'update', user: { id: bruno.id, online: true } }));
    await screen.findByLabelText('Bruno: Online');
    expect(fetchSpy.mock.calls.length).toBe(reads); // live from the events, no re-read
  });

  it('an event that arrives before the list is read again, not lost', async () => {
    const bruno = { id: 5, name: 'Bruno', color: '#336699' };
    let listReads = 0;
    mockFetch({ '/usersMoments': [makeTicket({ id: 21, status: 'open', userId: bruno.id, user: bruno })] });
    const routes = globalThis.fetch;
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (new URL(String(input)).pathname !== '/users/list') return routes(input, init);
        listReads += 1;
        // the first read was taken before the user connected; the server knows better by the second
        return answer([
          { id: bruno.id, name: bruno.name, profile: 'user', online: listReads > 1, color: bruno.color, queues: [] },
        ]);
      }),
    );
    const fire = renderPanel();
    act(() => fire('company-2-user', { action: 'update', user: { id: bruno.id, online: true } }));
    expect(await screen.findByLabelText('Bruno: Online')).toBeTruthy();
    expect(listReads).toBe(2);
  });
});

describe('MomentsPage per-user list (seed 000 §2)', () => {
  it("'return to queue' puts an attended ticket back to pending and reads the panel again", async () => {
    const bruno = { id: 5, name: 'Bruno', color: '#336699' };
    const spy = mockFetch({
      '/usersMoments': [makeTicket({ id: 21, status: 'open', userId: bruno.id, user: bruno })],
      '/users/list': [],
      '/tickets/21': makeTicket({ id: 21, status: 'pending', userId: null, user: null }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Devolver à fila' }));
    await waitFor(() => {
      const calls = spy.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
      const put = calls.find(([input, init]) => String(input).endsWith('/tickets/21') && init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'pending' });
    });
    await waitFor(() =>
      expect(spy.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/usersMoments').length).toBe(2),
    );
  });
});
