import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import HelpsPage from './HelpsPage';

afterEach(() => vi.unstubAllGlobals());

const help = (id: number, title: string, video: string) => ({
  id,
  title,
  description: `Sobre ${title}`,
  video,
  page: null,
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
});

describe('HelpsPage (seed 002 §2.11)', () => {
  it('a grid of videos; a click plays it in a modal that Escape closes', async () => {
    stubApi({ '/helps/list': [help(1, 'Conexões', 'dQw4w9WgXcQ'), help(2, 'Filas', 'https://youtu.be/aaaaaaaaaaa')] });
    renderWithProviders(<HelpsPage />, { session: sessionValue(makeUser()) });
    expect(await screen.findByText('Sobre Conexões')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assistir: Filas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filas' });
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube.com/embed/aaaaaaaaaaa?autoplay=1');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when there is no video yet', async () => {
    stubApi({ '/helps/list': [] });
    renderWithProviders(<HelpsPage />, { session: sessionValue(makeUser()) });
    expect(await screen.findByText('Nenhum vídeo de ajuda disponível ainda.')).toBeTruthy();
  });
});
