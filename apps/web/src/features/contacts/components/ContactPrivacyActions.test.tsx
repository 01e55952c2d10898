import type { ContactItemDto } from '@atendo/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { ContactPrivacyActions } from './ContactPrivacyActions';

afterEach(() => vi.unstubAllGlobals());

const contact = { id: 7, name: 'Maria', number: '5511987650123', email: 'm@x.test' } as ContactItemDto;

describe('ContactPrivacyActions (LGPD)', () => {
  it('erases only after the number is typed, then says so', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...contact, name: 'Contato apagado', number: 'erased-7' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const onErased = vi.fn();
    renderWithProviders(<ContactPrivacyActions contact={contact} onErased={onErased} />, { session: sessionValue(makeUser()) });
    fireEvent.click(screen.getByRole('button', { name: 'Apagar dados (LGPD)' }));
    const confirm = screen.getByRole('button', { name: 'Apagar definitivamente' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('erase-confirm'), { target: { value: '5511 98765' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('erase-confirm'), { target: { value: '+55 11 98765-0123' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onErased).toHaveBeenCalled());
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const [, init] = calls.find(([url]) => String(url).includes('/contacts/7/erase')) ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ confirm: '+55 11 98765-0123' });
  });

  it('an erased contact can still be exported, not erased again', () => {
    renderWithProviders(<ContactPrivacyActions contact={{ ...contact, number: 'erased-7' }} onErased={() => {}} />, {
      session: sessionValue(makeUser()),
    });
    expect((screen.getByRole('button', { name: 'Apagar dados (LGPD)' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Exportar dados (LGPD)' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
