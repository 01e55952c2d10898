import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import AnnouncementsPage from './AnnouncementsPage';

const session = sessionValue(makeUser({ profile: 'admin', super: true }));
afterEach(() => vi.unstubAllGlobals());

const record = {
  id: 5,
  title: 'Manutenção programada',
  text: 'Sábado às 22h',
  priority: 1,
  status: true,
  mediaPath: null,
  mediaName: 'banner.png',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

describe('/announcements (seed 002 §2.9)', () => {
  it('lists title, priority, image name and status, and asks before deleting', async () => {
    mockFetch({ '/announcements': { records: [record], count: 1, hasMore: false } });
    renderWithProviders(<AnnouncementsPage />, { session, route: '/announcements' });
    const row = (await screen.findByText('Manutenção programada')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Alta')).toBeTruthy();
    expect(within(row).getByText('banner.png')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir informativo' }));
    expect(await screen.findByText('Deseja realmente excluir esse registro?')).toBeTruthy();
  });

  it('requires title and text before saving', async () => {
    const fetch = mockFetch({ '/announcements': { records: [], count: 0, hasMore: false } });
    renderWithProviders(<AnnouncementsPage />, { session, route: '/announcements' });
    fireEvent.click(await screen.findByRole('button', { name: 'Novo informativo' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getAllByText('Obrigatório').length).toBe(2));
    expect(
      fetch.mock.calls.some(
        (args) => (args as unknown[])[1] !== undefined && ((args as unknown[])[1] as RequestInit).method === 'POST',
      ),
    ).toBe(false);
  });
});
