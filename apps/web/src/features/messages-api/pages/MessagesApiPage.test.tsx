import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import MessagesApiPage from './MessagesApiPage';

afterEach(() => vi.unstubAllGlobals());

describe('MessagesApiPage test form', () => {
  it("a message sent through the API says 'Mensagem enviada com sucesso' (issue 37 item 12)", async () => {
    const spy = mockFetch({
      '/messages-api/tokens': [],
      '/api/messages/send': { mensagem: 'Mensagem enviada', messageId: 7, ticketId: 3 },
    });
    renderWithProviders(<MessagesApiPage />, { session: sessionValue(makeUser({ profile: 'admin' })) });
    const form = await screen.findByRole('form', { name: 'Teste de mensagem de texto' });
    fireEvent.change(within(form).getByLabelText('Token'), { target: { value: 'tok-123' } });
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '5511999999999' } });
    fireEvent.change(within(form).getByLabelText('Mensagem'), { target: { value: 'Olá!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Mensagem enviada com sucesso')).toBeTruthy();
    expect(spy.mock.calls.some(([url]) => String(url).endsWith('/api/messages/send'))).toBe(true);
  });
});
