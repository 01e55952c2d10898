import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import TicketsPage from './TicketsPage';

const session = sessionValue(makeUser());
const UUID = '8d5c1a52-3c1e-4a43-9d0e-0b8c0f1d2e3f';
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const page = (
  <>
    <Routes>
      <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
    </Routes>
    <Where />
  </>
);

afterEach(() => vi.unstubAllGlobals());

describe('TicketsPage', () => {
  it('an unknown ticket uuid says so instead of silently going back to the list', async () => {
    mockFetch({ '/tickets': { tickets: [], hasMore: false, count: 0 } }); // /tickets/u/<uuid> answers 404
    renderWithProviders(page, { route: `/tickets/${UUID}`, session });
    expect(await screen.findByText('Atendimento não encontrado')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/tickets/${UUID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar para a lista' }));
    expect(screen.getByTestId('where').textContent).toBe('/tickets');
  });

  it('the API unreachable: the conversation and the list say so, each with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(page, { route: `/tickets/${UUID}`, session });
    await waitFor(() => expect(screen.getAllByTestId('load-error')).toHaveLength(2));
    for (const alert of screen.getAllByTestId('load-error')) {
      expect(alert.textContent).toContain('Não foi possível falar com o servidor. Verifique sua conexão.');
      expect(alert.querySelector('button')?.textContent).toBe('Tentar novamente');
    }
  });
});
