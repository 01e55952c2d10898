import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { HelpsTab } from './HelpsTab';

afterEach(() => vi.unstubAllGlobals());

const conexoes = {
  id: 1,
  title: 'Conexões',
  description: 'Como conectar',
  video: 'dQw4w9WgXcQ',
  page: 'connections',
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
};

describe('HelpsTab (the plans pattern for help videos)', () => {
  it('a row click edits, delete asks first, and a link that is not YouTube is refused before sending', async () => {
    const calls = stubApi({ 'GET /helps/list': [conexoes], 'DELETE /helps/1': null });
    renderWithProviders(<HelpsTab />, { session: sessionValue(makeUser({ super: true, profile: 'admin' })) });
    const table = await screen.findByRole('table', { name: 'Vídeos de ajuda' });
    expect(within(table).getByRole('row', { name: /Conexões/ }).textContent).toContain('Conexões');
    const form = screen.getByRole('form', { name: 'Formulário de ajuda' });

    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Filas' } });
    fireEvent.change(within(form).getByLabelText(/Vídeo/), { target: { value: 'https://vimeo.com/1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Informe o código de 11 caracteres de um vídeo do YouTube ou o link dele')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(table).getByRole('row', { name: /Conexões/ }));
    await waitFor(() => expect(within(form).getByLabelText(/Título/)).toHaveProperty('value', 'Conexões'));
    fireEvent.click(within(form).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/helps/1')).toBe(true));
  });
});
