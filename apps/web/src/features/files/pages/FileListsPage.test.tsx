import type { FileListDto } from '@atendo/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import FileListsPage from './FileListsPage';

// The shared list page, through one of the pages built on it (/files).
const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const list: FileListDto = {
  id: 5,
  name: 'Catálogo',
  message: 'Segue o catálogo',
  options: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
} as unknown as FileListDto;

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter((args) => {
    const [input, init] = args as unknown as [string, RequestInit | undefined];
    return (init?.method ?? 'GET') === method && new URL(input, 'http://x').pathname === path;
  });

describe('CrudListPage', () => {
  it('lists the rows with edit and delete, opens the form empty to add and filled to edit', async () => {
    mockFetch({ '/files': { files: [list], count: 1, hasMore: false } });
    renderWithProviders(<FileListsPage />, { session, route: '/files' });
    const row = (await screen.findByText('Catálogo')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Editar lista de arquivos' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar lista' }));
    let dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Nome/) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Editar lista de arquivos' }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByLabelText(/Nome/) as HTMLInputElement).value).toBe('Catálogo'));
  });

  it('an empty list says so and offers the next step: creating the first one (issue 35 item 6)', async () => {
    mockFetch({ '/files': { files: [], count: 0, hasMore: false } });
    renderWithProviders(<FileListsPage />, { session, route: '/files' });
    fireEvent.click(await screen.findByRole('button', { name: 'Criar agora' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Nome/) as HTMLInputElement).value).toBe('');
  });

  it('asks before deleting, names the row, and deletes only on confirm', async () => {
    const fetch = mockFetch({ '/files': { files: [list], count: 1, hasMore: false }, '/files/5': { message: 'ok' } });
    renderWithProviders(<FileListsPage />, { session, route: '/files' });
    const row = (await screen.findByText('Catálogo')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir lista' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir a lista Catálogo?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetch, 'DELETE', '/files/5')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir lista' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', '/files/5')).toHaveLength(1));
    expect(await screen.findByText('Lista excluída com sucesso!')).toBeTruthy();
  });
});
