import { notifyManager, QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketKeys } from '../../../shared/data/tickets/keys';
import type { TicketDetail } from '../../../shared/data/tickets/types';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { TicketsManager } from './TicketsManager';

const user = makeUser({ id: 7 });
const pending = {
  id: 11,
  uuid: 'u-11',
  status: 'pending',
  userId: null,
  queueId: null,
  isGroup: false,
  contact: { id: 3, name: 'Bia', number: '5511988880000' },
} as unknown as TicketDetail;

afterEach(() => vi.unstubAllGlobals());

function setup() {
  mockFetch({ '/tickets': { tickets: [], hasMore: false, count: 0 }, '/tickets/u/u-11': pending });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<TicketsManager selectedUuid="u-11" onOpen={() => {}} />, { session: sessionValue(user), client });
  return client;
}
const selected = (name: RegExp) => screen.getByRole('tab', { name }).getAttribute('aria-selected');

describe('TicketsManager', () => {
  it('after Aceitar the list follows the ticket from Aguardando to Abertos', async () => {
    const client = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Aguardando/ }));
    await waitFor(() => expect(client.getQueryData(ticketKeys.detail('u-11'))).toBeTruthy());
    expect(selected(/Aguardando/)).toBe('true');
    client.setQueryData(ticketKeys.detail('u-11'), { ...pending, status: 'open', userId: user.id });
    await waitFor(() => expect(selected(/Abertos/)).toBe('true'));
  });

  it('stays where it is when a colleague takes the ticket', async () => {
    const client = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Aguardando/ }));
    await waitFor(() => expect(client.getQueryData(ticketKeys.detail('u-11'))).toBeTruthy());
    // The cache tells its observers at once (not on a 0 ms timer), so each act() returns after React rendered the
    // change and ran its effects: the assertion sees the colleague's update, not an older render.
    notifyManager.setScheduler((cb) => cb());
    try {
      act(() => client.setQueryData(ticketKeys.detail('u-11'), { ...pending, status: 'open', userId: 99 }));
      expect(selected(/Aguardando/)).toBe('true');
      // the same path moves on the user's own acceptance, with no wait either
      act(() => client.setQueryData(ticketKeys.detail('u-11'), pending));
      act(() => client.setQueryData(ticketKeys.detail('u-11'), { ...pending, status: 'open', userId: user.id }));
      expect(selected(/Abertos/)).toBe('true');
    } finally {
      notifyManager.setScheduler((cb) => setTimeout(cb, 0));
    }
  });
});
