import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { MessageInput } from './MessageInput';

const session = sessionValue(makeUser());
afterEach(() => vi.unstubAllGlobals());

describe('MessageInput quick messages (issue 16 item 4)', () => {
  it('a picked quick message shows its placeholders filled, as the customer will read it', async () => {
    mockFetch({
      '/quick-messages/list': [
        { id: 1, shortcode: 'ola', message: 'Olá {{firstName}}, {{ms}}! Aqui é {{userName}} da {{queue}}.' },
      ],
    });
    const placeholders = {
      contactName: 'Ana Souza',
      userName: 'Bia',
      queueName: 'Suporte',
      connectionName: 'Loja',
      ticketId: 42,
      timezone: 'America/Sao_Paulo',
    };
    renderWithProviders(<MessageInput ticketId={42} enabled editing={null} onEditDone={() => {}} placeholders={placeholders} />, {
      session,
    });
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/ol' } });
    fireEvent.click(await screen.findByText('/ola'));
    expect(input.value).toMatch(/^Olá Ana, (Bom dia|Boa tarde|Boa noite)! Aqui é Bia da Suporte\.$/);
  });
});
