import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/data/tickets/types';
import { changeLanguage } from '../../../shared/i18n';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { MessageBubble } from './MessageBubble';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('pt', false);
});

const session = sessionValue(makeUser({ id: 7, profile: 'user' }));
const noop = () => {};

function message(over: Partial<Message> = {}): Message {
  return {
    id: 41,
    companyId: 2,
    ticketId: 9,
    contactId: 3,
    whatsappId: 1,
    externalId: null,
    body: 'Oi, seu pedido saiu',
    fromMe: true,
    read: true,
    mediaType: 'text',
    mediaUrl: null,
    mediaName: null,
    mediaMimeType: null,
    dataJson: null,
    quotedMsgId: null,
    ack: 0,
    sendError: 'Re-engagement message (131047): Message failed to send because more than 24 hours have passed',
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    queueId: null,
    userId: 7,
    createdAt: '2026-11-25T13:05:00.000Z',
    updatedAt: '2026-11-25T13:05:00.000Z',
    ...over,
  } as Message;
}

const bubble = (m: Message, channel = 'whatsappapi') =>
  renderWithProviders(<MessageBubble message={m} channel={channel} onEdit={noop} onReply={noop} onForward={noop} />, { session });

describe('a failed send says why and can be sent again (issue 31 item 10)', () => {
  it("names the provider's reason in the user's language, with the provider's words in the tooltip", async () => {
    bubble(message());
    const icon = screen.getByTestId('message-failed');
    const why =
      'Falha no envio: passaram mais de 24 horas desde a última mensagem do cliente. Só é possível responder quando ele escrever de novo (ou com um modelo aprovado).';
    expect(within(icon).getByText(why)).toBeTruthy();
    // and in words inside the bubble, beside its Reenviar (issue 35 item 3)
    const notice = screen.getByTestId('failed-send');
    expect(notice.textContent).toContain(why);
    expect(within(notice).getByRole('button', { name: 'Reenviar' })).toBeTruthy();
    fireEvent.mouseOver(icon);
    expect(await screen.findByText(/^Detalhe do provedor: Re-engagement message \(131047\)/)).toBeTruthy();
  });

  it('in English, and for Messenger’s code 10 outside the window', async () => {
    await changeLanguage('en', false);
    bubble(message({ sendError: '(#10) This message is sent outside of allowed window. (10/2018278)' }), 'facebook');
    expect(within(screen.getByTestId('message-failed')).getByText(/^Not sent: more than 24 hours have passed/)).toBeTruthy();
  });

  it('"Reenviar" puts the same message back in the send queue', async () => {
    const calls = stubApi({ 'POST /messages/41/retry': message({ sendError: null }) });
    bubble(message({ sendError: 'Message undeliverable (131026)' }));
    expect(within(screen.getByTestId('message-failed')).getByText(/o número pode não ter WhatsApp/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/messages/41/retry')).toHaveLength(1));
    expect(await screen.findByText('Mensagem de volta à fila de envio.')).toBeTruthy();
  });

  it('a message that did not fail has no reason and no retry', () => {
    bubble(message({ sendError: null, ack: 2, externalId: 'wamid.1' }));
    expect(screen.queryByTestId('message-failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull();
  });
});

describe('deleting what the channel cannot unsend (issue 31 item 10)', () => {
  it('on the Cloud API asks first and says the message is only hidden in Atendo', async () => {
    const calls = stubApi({ 'DELETE /messages/41': message({ sendError: null, isDeleted: true }) });
    bubble(message({ sendError: null, ack: 2, externalId: 'wamid.1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apagar só no Atendo?' });
    expect(dialog.textContent).toContain(
      'O WhatsApp Cloud API não permite cancelar o envio: o cliente continua vendo esta mensagem. Ela só ficará oculta no Atendo.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar no Atendo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/messages/41')).toHaveLength(1));
  });

  it('a private note (it never left Atendo) is deleted without asking', async () => {
    const calls = stubApi({ 'DELETE /messages/41': message({ sendError: null, isPrivate: true, isDeleted: true }) });
    bubble(message({ sendError: null, isPrivate: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Apagar só no Atendo?' })).toBeNull();
  });
});
