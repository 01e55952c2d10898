import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import AuditLogPage from './AuditLogPage';

afterEach(() => vi.unstubAllGlobals());

const entry = {
  id: 1,
  companyId: 2,
  userId: 7,
  userName: 'Ana',
  action: 'user.update',
  entity: 'user',
  entityId: '9',
  ip: '10.0.0.5',
  before: { name: 'Carla' },
  after: { name: 'Carla Souza', password: '••••' },
  createdAt: '2026-03-10T15:00:00.000Z',
};

describe('AuditLogPage (issue 34 item 3)', () => {
  it('lists who did what, from where and what changed; the action filter asks the server again', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input));
        if (url.pathname === '/users/list') {
          return new Response(JSON.stringify([{ id: 7, name: 'Ana' }]), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        seen.push(url.search);
        return new Response(JSON.stringify({ records: [entry], hasMore: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<AuditLogPage />, { session: sessionValue(makeUser({ profile: 'admin' })) });
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText('Usuário alterado')).toBeTruthy();
    expect(within(row).getByText('10.0.0.5')).toBeTruthy();
    expect(within(row).getByText('name: Carla → Carla Souza; password: — → ••••')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ação' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fila excluída' }));
    await waitFor(() => expect(seen.some((s) => s.includes('action=queue.delete'))).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Usuário' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ana' }));
    await waitFor(() => expect(seen.some((s) => s.includes('userId=7'))).toBe(true));
    // an admin has no company filter (the super admin's)
    expect(screen.queryByRole('combobox', { name: 'Empresa' })).toBeNull();
  });
});
