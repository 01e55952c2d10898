import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appKeys } from '../../../shared/hooks/keys';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import KanbanPage from './KanbanPage';

const session = sessionValue(makeUser({ profile: 'admin' }));
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const kanbanHelp = {
  id: 5,
  title: 'Kanban',
  description: '',
  video: 'dQw4w9WgXcQ',
  page: 'kanban',
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
};
const routes = { '/tag/kanban/': [], '/ticket/kanban': { tickets: [] } };

describe('Kanban tutorial (seed 002 §2.8, decision 51)', () => {
  it('the first visit opens the kanban help video; closing it is remembered; the help button opens it again', async () => {
    mockFetch({ ...routes, '/helps/list': [kanbanHelp] });
    const first = renderWithProviders(<KanbanPage />, { session });
    const dialog = await screen.findByRole('dialog', { name: 'Kanban: como organizar os tickets em colunas' });
    expect(within(dialog).getByTitle('Kanban: como organizar os tickets em colunas').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(localStorage.getItem('hasVisitedKanban')).toBe('true');
    first.unmount();

    renderWithProviders(<KanbanPage />, { session });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajuda' }));
    expect(await screen.findByRole('dialog', { name: 'Kanban: como organizar os tickets em colunas' })).toBeTruthy();
  });

  it('without a video there is neither a dialog nor a help button', async () => {
    mockFetch({ ...routes, '/helps/list': [{ ...kanbanHelp, page: 'queues' }] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<KanbanPage />, { session, client });
    expect(await screen.findByRole('heading', { name: 'Kanban' })).toBeTruthy();
    // the sentinel: the help list has arrived (and rendered), so a dialog would be open by now
    await waitFor(() => expect(client.getQueryState(appKeys.helps)?.status).toBe('success'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajuda' })).toBeNull();
    expect(localStorage.getItem('hasVisitedKanban')).toBeNull();
  });
});
