import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { ConnectionModal } from './ConnectionModal';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('ConnectionModal', () => {
  it("with the company's user rating on, saving without a rating message opens the NPS tab on the shared rule's errors", async () => {
    const fetch = mockFetch({ '/companySettingOne': { value: 'enabled' }, '/queue': [] });
    const onClose = vi.fn();
    renderWithProviders(<ConnectionModal open connectionId={null} channel="whatsapp" onClose={onClose} />, { session });
    const user = userEvent.setup();
    // the setting is read before the rule applies
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => new URL(String(u)).searchParams.get('column') === 'userRating')).toBe(true),
    );
    // one paste, not eleven keystrokes each re-rendering the whole form (the test timed out on a busy machine)
    await user.click(screen.getByLabelText('Nome'));
    await user.paste('Loja Centro');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const tab = await screen.findByRole('tab', { name: 'Avaliações (NPS)' });
    await vi.waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    const rating = screen.getByLabelText('Mensagem de avaliação');
    expect(rating.getAttribute('aria-invalid')).toBe('true');
    const panel = rating.closest('.MuiStack-root') as HTMLElement;
    expect(within(panel).getAllByText('Obrigatório')).toHaveLength(2);
    expect(await screen.findByText('Informe o tempo de expiração da avaliação (NPS).')).toBeTruthy();
    // nothing was sent
    expect((fetch.mock.calls as unknown as [unknown, RequestInit?][]).some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('editing a connected QR connection to import its messages closes the session, saves, asks a new QR and shows it (issue 37 item 10)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const connection = {
      id: 5,
      companyId: 1,
      name: 'Loja',
      channel: 'whatsapp',
      status: 'CONNECTED',
      qrcode: '',
      retries: 0,
      number: '5511999990000',
      isDefault: true,
      token: 'tok',
      provider: 'beta',
      queues: [{ id: 3, name: 'Vendas', color: '#123456' }],
      queueIds: [3],
      schedules: [],
      promptId: null,
      integrationId: null,
      greetingMessage: 'Olá',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      greetingMediaAttachment: null,
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      maxUseBotQueuesNPS: 3,
      expiresTicket: 0,
      whenExpiresTicket: '0',
      expiresTicketNPS: 0,
      expiresInactiveMessage: '',
      timeInactiveMessage: 0,
      inactiveMessage: '',
      timeCreateNewTicket: 0,
      sendIdQueue: null,
      timeSendQueue: 0,
      groupAsTicket: 'disabled',
      allowGroup: false,
      statusImportMessages: '',
      importOldMessages: null,
      importRecentMessages: null,
      importOldMessagesGroups: false,
      closedTicketsPostImported: false,
      queueIdImportMessages: null,
      collectiveVacationStart: null,
      collectiveVacationEnd: null,
      collectiveVacationMessage: '',
      phoneNumberId: null,
      businessAccountId: null,
      accessToken: null,
      appSecret: null,
      verifyToken: null,
      webhookUrl: null,
      facebookPageUserId: null,
    };
    const fetch = mockFetch({
      '/whatsapp/5': connection,
      '/whatsappsession/5': {},
      '/companySettingOne': { value: 'disabled' },
      '/queue': [{ id: 3, name: 'Vendas', color: '#123456' }],
    });
    const onClose = vi.fn();
    const onQrCode = vi.fn();
    renderWithProviders(<ConnectionModal open connectionId={5} channel="whatsapp" onClose={onClose} onQrCode={onQrCode} />, {
      session,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Importar mensagens do aparelho'));
    fireEvent.change(screen.getByLabelText(/^Importar a partir de/), { target: { value: today } });
    await user.click(screen.getByLabelText(/^Fila das mensagens importadas/));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onQrCode).toHaveBeenCalledWith(5));
    const calls = (fetch.mock.calls as unknown as [string, RequestInit?][])
      .map(([u, init]) => `${init?.method ?? 'GET'} ${new URL(String(u)).pathname}`)
      .filter((c) => !c.startsWith('GET'));
    expect(calls).toEqual(['DELETE /whatsappsession/5', 'PUT /whatsapp/5', 'PUT /whatsappsession/5']);
    expect(onClose).toHaveBeenCalled();
  });
});
