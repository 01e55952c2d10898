import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { renderWithProviders, sessionValue } from '../../../test/render';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

async function signInWithPassword() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'Secret#123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginPage: the second step (issue 34)', () => {
  it('after the password, asks for the code (focused, by keyboard) and sends it with the challenge', async () => {
    const session = sessionValue(null, { login: vi.fn(async () => ({ challenge: 'the-challenge' })) });
    renderWithProviders(<LoginPage />, { route: '/login', session });
    await signInWithPassword();
    const code = await screen.findByLabelText('Código');
    expect(screen.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() =>
      expect(session.loginTwoFactor).toHaveBeenCalledWith({ challenge: 'the-challenge', code: '123456' }, undefined),
    );
  });

  it('a wrong code clears the field and says so; a challenge that ran out goes back to the password', async () => {
    const loginTwoFactor = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, { error: 'ERR_INVALID_TWO_FACTOR_CODE' }))
      .mockRejectedValueOnce(new ApiError(401, { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' }));
    const session = sessionValue(null, { login: vi.fn(async () => ({ challenge: 'c' })), loginTwoFactor });
    renderWithProviders(<LoginPage />, { route: '/login', session });
    await signInWithPassword();
    const code = await screen.findByLabelText('Código');
    await userEvent.type(code, '000000{Enter}');
    expect(await screen.findByText(/Código inválido ou já utilizado/)).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('');
    await userEvent.type(code, '111111{Enter}');
    expect(await screen.findByText(/A verificação expirou/)).toBeTruthy();
    expect(await screen.findByLabelText('Senha')).toBeTruthy();
  });

  it('"back" returns to the password form', async () => {
    const session = sessionValue(null, { login: vi.fn(async () => ({ challenge: 'c' })) });
    renderWithProviders(<LoginPage />, { route: '/login', session });
    await signInWithPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar e entrar com outra conta' }));
    expect(await screen.findByLabelText('Senha')).toBeTruthy();
  });
});
