import { screen, within } from '@testing-library/react';
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
});
