import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeContact, makeUser } from '../../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../../test/render';
import { ContactDrawer } from './ContactDrawer';

afterEach(() => vi.unstubAllGlobals());

describe('ContactDrawer notes', () => {
  it("says 'Observação adicionada com sucesso!' and 'Observação excluída com sucesso!' (issue 37 item 12)", async () => {
    const user = makeUser();
    const spy = mockFetch({
      '/contacts/9': makeContact(),
      '/ticket-notes/list': [
        {
          id: 3,
          note: 'Cliente VIP',
          userId: user.id,
          user: { id: user.id, name: user.name },
          createdAt: new Date().toISOString(),
        },
      ],
      '/ticket-notes': { id: 4 },
      '/ticket-notes/3': {},
      '/tags/list': [],
      '/tags/kanban': { lista: [] },
    });
    renderWithProviders(<ContactDrawer contactId={9} ticketId={5} open onClose={() => {}} />, { session: sessionValue(user) });
    fireEvent.change(await screen.findByPlaceholderText('Escreva uma anotação…'), { target: { value: 'Prefere e-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar anotação' }));
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir anotação' }));
    expect(await screen.findByText('Observação excluída com sucesso!')).toBeTruthy();
    await waitFor(() =>
      expect(
        (spy.mock.calls as unknown as [string, RequestInit | undefined][]).some(([, init]) => init?.method === 'DELETE'),
      ).toBe(true),
    );
  });
});
