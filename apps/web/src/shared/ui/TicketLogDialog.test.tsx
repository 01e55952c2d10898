import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../test/render';
import { foldTicketLog } from '../data/tickets/foldTicketLog';
import { TicketLogDialog } from './TicketLogDialog';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const queue = { id: 3, name: 'Vendas', color: '#2196f3' };
const ana = { id: 9, name: 'Ana' };
const entry = (id: number, type: string, minute: number, extra: object = {}) => ({
  id,
  ticketId: 7,
  type,
  reason: null,
  createdAt: `2026-11-20T13:${String(minute).padStart(2, '0')}:00.000Z`,
  user: null,
  queue: null,
  ...extra,
});

describe('ticket log (issue 30 item 9: repeated bot steps fold)', () => {
  it('folds consecutive identical entries only, keeping the first and last time', () => {
    const folded = foldTicketLog([
      entry(1, 'create', 0),
      entry(2, 'chatBot', 1),
      entry(3, 'chatBot', 2),
      entry(4, 'chatBot', 3),
      entry(5, 'chatBot', 4, { queue }),
      entry(6, 'open', 5, { user: ana, queue }),
      entry(7, 'chatBot', 6),
    ]);
    expect(folded.map((f) => [f.entry.id, f.count])).toEqual([
      [1, 1],
      [2, 3],
      [5, 1],
      [6, 1],
      [7, 1],
    ]);
    expect(folded[1].lastAt).toBe('2026-11-20T13:03:00.000Z');
  });

  it('the dialog shows three bot steps in a row as one line with ×3', async () => {
    mockFetch({
      '/tickets-log/7': [
        entry(1, 'create', 0),
        entry(2, 'chatBot', 1),
        entry(3, 'chatBot', 2),
        entry(4, 'chatBot', 3),
        entry(5, 'open', 5, { user: ana, queue }),
      ],
    });
    renderWithProviders(<TicketLogDialog ticketId={7} open onClose={() => {}} />, { session });
    const list = await screen.findByTestId('ticket-log');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(list).getAllByText('Atendimento pelo chatbot')).toHaveLength(1);
    expect(within(items[1]).getByText('×3')).toBeTruthy();
    expect(within(items[1]).getByLabelText('3 vezes seguidas')).toBeTruthy();
    expect(within(items[2]).getByText('Ana aceitou o ticket')).toBeTruthy();
  });
});
