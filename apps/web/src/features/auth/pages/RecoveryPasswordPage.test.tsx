import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import RecoveryPasswordPage from './RecoveryPasswordPage';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the code 123456 is right; a wrong one is refused without saying which. */
function server() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/enviar-email') return json(200, { sent: true });
    if (url.pathname === '/verificar-code/5511987654321' && method === 'POST') {
      return body.code === '123456'
        ? json(200, { token: 'reset-token-of-the-test-0123456789', expiresAt: new Date().toISOString() })
        : json(400, { error: 'ERR_INVALID_RECOVERY_CODE' });
    }
    if (url.pathname === '/atualizar-senha') return json(200, { updated: true });
    return json(404, { error: 'ERR_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', spy);
  return calls;
}

async function sendCode() {
  fireEvent.change(screen.getByLabelText('Número de WhatsApp'), { target: { value: '+55 11 98765-4321' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  return screen.findByLabelText('Código de verificação');
}

describe('RecoveryPasswordPage (issue 18 item 6)', () => {
  it('the server checks the code: a right one reveals the password field and the save carries the token', async () => {
    const calls = server();
    renderWithProviders(<RecoveryPasswordPage />, { route: '/recovery-password' });
    const code = await sendCode();
    expect(calls.find((c) => c.path === '/enviar-email')).toMatchObject({
      method: 'POST',
      path: '/enviar-email',
      body: { wpp: '5511987654321' },
    });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    const password = await screen.findByLabelText('Nova senha');
    fireEvent.change(password, { target: { value: 'Nova#senha1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar senha' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/atualizar-senha')).toBe(true));
    expect(calls.find((c) => c.path === '/atualizar-senha')?.body).toEqual({
      token: 'reset-token-of-the-test-0123456789',
      newPassword: 'Nova#senha1',
    });
    // the browser never asks for the code
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/verificar-code'))).toEqual([]);
  });

  it('counts wrong codes and gives up at the third', async () => {
    server();
    renderWithProviders(<RecoveryPasswordPage />, { route: '/recovery-password' });
    const code = await sendCode();
    for (const left of [2, 1]) {
      fireEvent.change(code, { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText(`Código incorreto. Tente novamente (${left} tentativa(s) restante(s)).`)).toBeTruthy();
    }
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findAllByText('Tentativas excedidas. Redirecionando...')).length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Verificar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a platform that cannot send codes says so instead of a success (issue 30 item 10)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { error: 'ERR_RECOVERY_UNAVAILABLE' })),
    );
    renderWithProviders(<RecoveryPasswordPage />, { route: '/recovery-password' });
    fireEvent.change(screen.getByLabelText('Número de WhatsApp'), { target: { value: '+55 11 98765-4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(
      (await screen.findAllByText('A recuperação de senha está indisponível no momento. Fale com o administrador da plataforma.'))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();
    expect(screen.queryByText('Código de verificação enviado com sucesso!')).toBeNull();
  });
});
