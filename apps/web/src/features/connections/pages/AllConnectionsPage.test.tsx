import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import AllConnectionsPage from './AllConnectionsPage';

afterEach(() => vi.unstubAllGlobals());

const connection = (id: number, companyId: number, companyName: string, status: string) => ({
  id,
  name: `Conexão ${id}`,
  channel: 'whatsapp',
  status,
  companyId,
  companyName,
  updatedAt: '2026-11-20T12:00:00.000Z',
});

describe('/allConnections', () => {
  it('lists every company, with zeros for one without a connection (issue 30 item 9), and the totals', async () => {
    stubApi({
      '/whatsapp/all/': [connection(1, 2, 'Acme', 'CONNECTED'), connection(2, 2, 'Acme', 'DISCONNECTED')],
      '/companies/list': [
        { id: 1, name: 'Atendo' },
        { id: 2, name: 'Acme' },
        { id: 3, name: 'Sem Conexão' },
      ],
    });
    renderWithProviders(<AllConnectionsPage />, { session: sessionValue(makeUser({ super: true, profile: 'admin' })) });
    const none = await screen.findByRole('row', { name: /Sem Conexão/ }, { timeout: 8000 });
    expect(
      within(none)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sem Conexão #3', '0', '0', '0']);
    const acme = screen.getByRole('row', { name: /Acme/ });
    expect(
      within(acme)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Acme #2', '1', '1', '2']);
    expect(screen.getByRole('row', { name: /Atendo/ })).toBeTruthy();
    expect(screen.getByTestId('total-all').textContent).toBe('2');
  });
});
