import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { TwoFactorEnrolDialog } from './TwoFactorEnrolDialog';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('TwoFactorEnrolDialog (issue 34)', () => {
  it('shows the QR and the key, confirms with a code, then the ten recovery codes once', async () => {
    const fetch = mockFetch({
      '/auth/two-factor/setup': { secret: SECRET, uri: `otpauth://totp/Atendo:ana?secret=${SECRET}&issuer=Atendo` },
      '/auth/two-factor/confirm': { codes },
    });
    const session = sessionValue(makeUser());
    renderWithProviders(<TwoFactorEnrolDialog open onClose={() => undefined} />, { session });
    expect(await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeTruthy();
    expect((screen.getByLabelText('Chave') as HTMLInputElement).value).toBe(SECRET);
    fireEvent.change(screen.getByLabelText('Código de 6 dígitos'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    const confirm = (fetch.mock.calls as unknown as [string, RequestInit?][]).find(([u]) =>
      String(u).endsWith('/auth/two-factor/confirm'),
    );
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ code: '123456' });
    await waitFor(() => expect(session.reloadUser).toHaveBeenCalled());
  });

  it('when required, it offers no cancel (only signing out) until done', async () => {
    mockFetch({ '/auth/two-factor/setup': { secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}` } });
    const onSignOut = vi.fn();
    renderWithProviders(<TwoFactorEnrolDialog open required onClose={() => undefined} onSignOut={onSignOut} />, {
      session: sessionValue(makeUser()),
    });
    expect(await screen.findByText(/Sua empresa exige a verificação em duas etapas/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onSignOut).toHaveBeenCalled();
  });
});
