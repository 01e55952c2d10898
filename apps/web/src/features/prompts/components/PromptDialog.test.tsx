import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../shared/socket/context';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { fakeSocket } from '../../../test/socket';
import { PromptDialog } from './PromptDialog';

afterEach(() => vi.unstubAllGlobals());

const queue = (id: number, name: string, promptId: number | null) => ({
  id,
  name,
  color: `#00000${id}`,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: id,
  promptId,
  integrationId: null,
  fileListId: null,
  schedules: [],
  chatbots: [],
});

describe('the prompt wizard’s sector (issue 31 item 7)', () => {
  it('says saving attaches the queue, names a queue’s current prompt and what replacing it means, and lists queues live', async () => {
    stubApi({
      '/queue': [queue(3, 'Vendas', 1), queue(4, 'Suporte', null)],
      '/prompt': { prompts: [{ id: 1, name: 'Vendedor antigo' }], count: 1, hasMore: false },
    });
    const { socket, fire } = fakeSocket();
    renderWithProviders(
      <SocketContext.Provider value={{ socket: socket as never, companyId: 2 }}>
        <PromptDialog open promptId={null} onClose={() => {}} />
      </SocketContext.Provider>,
      { session: sessionValue(makeUser({ profile: 'admin' })), route: '/prompts' },
    );
    fireEvent.change(screen.getByTestId('prompt-name'), { target: { value: 'Assistente de vendas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(
      await screen.findByText('Ao salvar, esta fila passa a ser atendida por este prompt (o campo "Prompt de IA" da fila).'),
    ).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox'));
    const menu = await screen.findByRole('listbox');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Vendas — usa o prompt "Vendedor antigo"', 'Suporte']);
    // A queue created meanwhile appears without a reload.
    act(() => fire('company-2-queue', { action: 'create', queue: queue(5, 'Financeiro', null) }));
    expect(await within(menu).findByRole('option', { name: 'Financeiro' })).toBeTruthy();

    fireEvent.click(within(menu).getByRole('option', { name: 'Vendas — usa o prompt "Vendedor antigo"' }));
    expect((await screen.findByTestId('prompt-queue-replaces')).textContent).toBe(
      'A fila Vendas já usa o prompt "Vendedor antigo". Ao salvar, este prompt o substitui e "Vendedor antigo" fica sem setor (uma fila tem um prompt).',
    );
  });
});
