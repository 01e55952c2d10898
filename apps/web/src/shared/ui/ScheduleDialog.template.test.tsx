import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../test/render';
import { ScheduleDialog } from './ScheduleDialog';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const template = {
  id: 1,
  whatsappId: 9,
  name: 'lembrete_visita',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  rejectedReason: null,
  components: [{ type: 'BODY', text: 'Olá {{1}}, sua visita é {{2}}.' }],
  usable: true,
  syncedAt: new Date().toISOString(),
};

describe('the schedule dialog on a Cloud API ticket (issue 36)', () => {
  it('says the window will be closed at the send time and fills the text from the chosen template', async () => {
    const fetch = mockFetch({
      '/whatsapp/': [{ id: 9, name: 'Cloud', channel: 'whatsappapi', status: 'CONNECTED', isDefault: true }],
      '/tickets/5/customer-window': { applies: true, closesAt: new Date(Date.now() - 60_000).toISOString() },
      '/whatsapp/9/templates': { templates: [template], syncedAt: template.syncedAt },
      '/schedules': { schedules: [], count: 0, hasMore: false },
    });
    renderWithProviders(
      <ScheduleDialog
        open
        onClose={() => {}}
        contact={{ id: 3, name: 'Rita Souza', number: '5511988880000' } as never}
        ticketId={5}
        whatsappId={9}
      />,
      { session },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    const box = await within(dialog).findByTestId('schedule-template');
    expect(await within(box).findByText(/a janela de 24 horas deste cliente estará fechada/)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Usar um modelo aprovado' }));
    const picker = await screen.findByRole('dialog', { name: 'Modelo do WhatsApp' });
    fireEvent.click(await within(picker).findByRole('button', { name: /lembrete_visita/ }));
    fireEvent.click(within(picker).getAllByRole('button', { name: 'Nome do contato' })[0]);
    fireEvent.change(within(picker).getByLabelText('Corpo: variável 2'), { target: { value: 'amanhã às 10h' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Usar um modelo aprovado' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modelo do WhatsApp' })).toBeNull());
    expect(within(dialog).getByLabelText('Mensagem')).toHaveProperty('value', 'Olá Rita Souza, sua visita é amanhã às 10h.');
    expect(within(box).getByText(/O modelo lembrete_visita será enviado/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    // the mock's calls as fetch made them: (input, init)
    const calls = () => fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
    await waitFor(() => expect(calls().some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = calls().find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body)).template).toEqual({
      name: 'lembrete_visita',
      language: 'pt_BR',
      parameters: { body: ['Rita Souza', 'amanhã às 10h'] },
    });
  });

  it('from the calendar (no ticket): the connection can be chosen, and a Cloud API one offers its templates', async () => {
    const fetch = mockFetch({
      '/whatsapp/': [
        { id: 4, name: 'Celular', channel: 'whatsapp', status: 'CONNECTED', isDefault: true },
        { id: 9, name: 'Cloud', channel: 'whatsappapi', status: 'CONNECTED', isDefault: false },
      ],
      '/whatsapp/9/templates': { templates: [template], syncedAt: template.syncedAt },
      '/schedules': { schedules: [], count: 0, hasMore: false },
    });
    renderWithProviders(
      <ScheduleDialog open onClose={() => {}} contact={{ id: 3, name: 'Rita Souza', number: '5511988880000' } as never} />,
      { session },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    expect(within(dialog).queryByTestId('schedule-template')).toBeNull();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Conexão' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cloud' }));
    expect(await within(dialog).findByTestId('schedule-template')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Mensagem'), { target: { value: 'Lembrete da visita' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    const calls = () => fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
    await waitFor(() => expect(calls().some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = calls().find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body)).whatsappId).toBe(9);
  });
});
