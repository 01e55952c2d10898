import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/data/tickets/types';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { ForwardDialog } from './ForwardDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const message = (id: number) => ({ id, body: `mensagem ${id}`, fromMe: true, isPrivate: false, isDeleted: false }) as Message;
const contacts = [
  { id: 7, name: 'Bia Souza', number: '5511988880000' },
  { id: 8, name: 'Bianca Lima', number: '5511977770000' },
];

async function pickBoth() {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Contatos');
  await user.type(input, 'bia');
  await user.click(await screen.findByText('Bia Souza — 5511988880000', {}, { timeout: 3000 }));
  await user.type(input, 'bia');
  await user.click(await screen.findByText('Bianca Lima — 5511977770000', {}, { timeout: 3000 }));
  return user;
}

describe('ForwardDialog (seed 000 §5 forward)', () => {
  it('forwards every selected message to every chosen contact, one after the other, signed when the toggle is on (issue 37 item 9)', async () => {
    const fetch = mockFetch({
      '/contacts': { contacts, hasMore: false },
      '/companySettingOne': { value: 'enabled' },
      '/message/forward': { id: 99 },
    });
    const onDone = vi.fn();
    renderWithProviders(<ForwardDialog messages={[message(1), message(2)]} onClose={() => {}} onDone={onDone} gapMs={0} />, {
      session: sessionValue(makeUser()),
    });
    expect(screen.getByText('Mensagens a encaminhar: 2')).toBeTruthy();
    const user = await pickBoth();
    await user.click(screen.getByRole('button', { name: 'Encaminhar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const forwards = (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([url]) => new URL(String(url)).pathname === '/message/forward')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(forwards).toEqual([
      { messageId: 1, contactId: 7, signMessage: true },
      { messageId: 2, contactId: 7, signMessage: true },
      { messageId: 1, contactId: 8, signMessage: true },
      { messageId: 2, contactId: 8, signMessage: true },
    ]);
    expect(await screen.findByText('Mensagem encaminhada para Bia Souza, Bianca Lima.')).toBeTruthy();
  });

  it('with nothing selected it says so and sends nothing (issue 37 item 9)', async () => {
    const fetch = mockFetch({ '/contacts': { contacts, hasMore: false }, '/companySettingOne': { value: 'enabled' } });
    renderWithProviders(<ForwardDialog messages={[]} onClose={() => {}} onDone={() => {}} gapMs={0} />, {
      session: sessionValue(makeUser()),
    });
    const user = await pickBoth();
    await user.click(screen.getByRole('button', { name: 'Encaminhar' }));
    expect(await screen.findByText('Nenhuma mensagem selecionada para encaminhar.')).toBeTruthy();
    expect(
      (fetch.mock.calls as unknown as [string][]).filter(([url]) => new URL(String(url)).pathname === '/message/forward'),
    ).toEqual([]);
  });
});
