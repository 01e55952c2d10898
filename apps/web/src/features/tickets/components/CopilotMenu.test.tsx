import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePlan, makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { MessageInput } from './MessageInput';

afterEach(() => vi.unstubAllGlobals());

const composer = (session = sessionValue(makeUser())) => {
  renderWithProviders(<MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />, { session });
  return screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
};

describe('CopilotMenu (the composer’s AI co-pilot)', () => {
  it('is hidden when the plan lacks useOpenAi', () => {
    mockFetch();
    composer(sessionValue(makeUser({}, { plan: makePlan({ useOpenAi: false }) })));
    expect(screen.queryByRole('button', { name: 'Assistente de IA' })).toBeNull();
  });

  it('Improve replaces the draft, Undo brings it back; Suggest fills the composer; nothing is sent', async () => {
    const spy = mockFetch({
      '/tickets/5/ai/improve': { text: 'Olá! Claro, pode trocar.' },
      '/tickets/5/ai/suggest': { text: 'Bom dia! Como posso ajudar?' },
    });
    const input = composer();
    fireEvent.change(input, { target: { value: 'ola claro pode troca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assistente de IA' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Melhorar rascunho/ }));
    await waitFor(() => expect(input.value).toBe('Olá! Claro, pode trocar.'));
    const [, init] = spy.mock.calls.find(([u]) => String(u).includes('/ai/improve')) as unknown as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ draft: 'ola claro pode troca', language: 'pt' });
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer a mudança da IA' }));
    expect(input.value).toBe('ola claro pode troca');

    fireEvent.click(screen.getByRole('button', { name: 'Assistente de IA' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Sugerir resposta/ }));
    await waitFor(() => expect(input.value).toBe('Bom dia! Como posso ajudar?'));
    expect(spy.mock.calls.some(([u]) => String(u).includes('/messages/5'))).toBe(false);
  });

  it('a refusal is shown in the user’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'ERR_AI_KEY_MISSING' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    composer();
    fireEvent.click(screen.getByRole('button', { name: 'Assistente de IA' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Resumir/ }));
    expect(await screen.findByText(/Nenhuma chave de IA configurada/)).toBeTruthy();
  });
});
