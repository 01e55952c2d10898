import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { ImportPhoneContactsDialog } from './ImportPhoneContactsDialog';

afterEach(() => vi.unstubAllGlobals());

describe('ImportPhoneContactsDialog', () => {
  it('imports the phone’s chats as contacts and tells how many came (issue 37 item 10)', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return new Response(JSON.stringify({ created: 12, updated: 0, total: 15 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<ImportPhoneContactsDialog onClose={() => {}} />, { session: sessionValue(makeUser()) });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Importando os contatos do celular…')).toBeTruthy();
    release();
    expect(await screen.findByText('12 contatos novos de 15 encontrados no celular.')).toBeTruthy();
  });

  it('without a connected QR session it says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'ERR_WAPP_NOT_INITIALIZED' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithProviders(<ImportPhoneContactsDialog onClose={() => {}} />, { session: sessionValue(makeUser()) });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
