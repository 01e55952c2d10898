import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/data/tickets/types';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { MessageBubble } from './MessageBubble';

afterEach(() => vi.unstubAllGlobals());

const session = sessionValue(makeUser({ id: 7, name: 'Ana', profile: 'user' }));
const noop = () => {};
const note = (userId: number) =>
  ({
    id: 50,
    companyId: 2,
    ticketId: 9,
    contactId: 3,
    whatsappId: 1,
    externalId: null,
    body: 'cliente pediu desconto',
    fromMe: true,
    read: true,
    mediaType: 'text',
    mediaUrl: null,
    mediaName: null,
    mediaMimeType: null,
    dataJson: null,
    quotedMsgId: null,
    ack: 0,
    sendError: null,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: true,
    queueId: null,
    userId,
    createdAt: '2026-11-25T13:05:00.000Z',
    updatedAt: '2026-11-25T13:05:00.000Z',
  }) as Message;

describe('a private note (issue 31 item 13)', () => {
  it("shows its author: a colleague's name from the company's users, and mine", async () => {
    stubApi({ '/users/list': [{ id: 8, name: 'Bruno', queues: [] }] });
    const { unmount } = renderWithProviders(
      <MessageBubble message={note(8)} channel="whatsapp" onEdit={noop} onReply={noop} onForward={noop} />,
      { session },
    );
    expect(await screen.findByText('Nota privada de Bruno')).toBeTruthy();
    unmount();
    renderWithProviders(<MessageBubble message={note(7)} channel="whatsapp" onEdit={noop} onReply={noop} onForward={noop} />, {
      session,
    });
    expect(screen.getByTestId('private-note-label').textContent?.trim()).toBe('Nota privada de Ana');
  });
});
