import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail } from '../../../shared/data/tickets/types';
import { stubApi } from '../../../test/apiStub';
import { makeTicket, makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { TicketListItem } from './TicketListItem';
import { TicketView } from './TicketView';

afterEach(() => vi.unstubAllGlobals());

const session = sessionValue(makeUser({ profile: 'admin' }));
const rated = (rate: number) =>
  makeTicket({
    status: 'closed',
    userId: 1,
    closedAt: new Date().toISOString(),
    userRating: { rate, createdAt: new Date().toISOString() },
  } as never);

describe('a closed rated ticket (issue 31 item 13)', () => {
  it('shows its 0–10 rating in the list, 8 and 0 included', () => {
    for (const rate of [8, 0]) {
      const { unmount } = renderWithProviders(<TicketListItem ticket={rated(rate)} selected={false} onOpen={() => {}} />, {
        session,
      });
      const chip = screen.getByRole('img', { name: `Avaliação do cliente: ${rate} de 10` });
      expect(chip.textContent).toBe(`${rate}/10`);
      unmount();
    }
  });

  it('shows its rating in the header, and the composer says how to reopen it', async () => {
    stubApi({});
    renderWithProviders(<TicketView ticket={rated(9) as unknown as TicketDetail} />, { session, route: '/tickets/11' });
    expect(await screen.findByRole('img', { name: 'Avaliação do cliente: 9 de 10' })).toBeTruthy();
    const composer = screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement;
    expect(composer.disabled).toBe(true);
    expect(composer.placeholder).toBe('Atendimento resolvido: clique em Reabrir, no topo, para responder');
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
  });
});
