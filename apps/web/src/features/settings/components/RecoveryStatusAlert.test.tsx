import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { GlobalTab } from './GlobalTab';

const session = sessionValue(makeUser({ profile: 'admin', super: true }));
afterEach(() => vi.unstubAllGlobals());

const render = (status: unknown) => {
  mockFetch({ '/settings': [{ key: 'userCreation', value: 'enabled' }], '/recovery/status': status });
  renderWithProviders(<GlobalTab />, { session });
};

describe('the platform tab tells the super admin when password recovery cannot work (issue 30 item 10)', () => {
  it('no default connection on the platform company', async () => {
    render({ ready: false, connection: null, sharedPhones: [], problems: ['noDefaultConnection'] });
    const alert = await screen.findByTestId('recovery-status');
    expect(alert.textContent).toContain('A recuperação de senha não funciona');
    expect(alert.textContent).toContain('A empresa da plataforma não tem conexão padrão');
    expect(screen.getByRole('link', { name: 'Conexões' }).getAttribute('href')).toBe('/connections');
  });

  it('a default connection that cannot send, named with its status', async () => {
    render({
      ready: false,
      connection: { id: 4, name: 'Central', channel: 'whatsapp', status: 'DISCONNECTED' },
      sharedPhones: [],
      problems: ['connectionDown'],
    });
    const alert = await screen.findByTestId('recovery-status');
    expect(alert.textContent).toContain('A conexão padrão da plataforma (Central) está Desconectado');
  });

  it('phones several companies share, with the companies', async () => {
    render({
      ready: true,
      connection: { id: 4, name: 'Central', channel: 'whatsappapi', status: 'CONNECTED' },
      sharedPhones: [
        {
          phone: '5511987654321',
          companies: [
            { id: 2, name: 'Loja A' },
            { id: 3, name: 'Loja B' },
          ],
        },
      ],
      problems: ['sharedPhone'],
    });
    const alert = await screen.findByTestId('recovery-status');
    expect(alert.textContent).toContain('A recuperação de senha não funciona para alguns números');
    expect(alert.textContent).toContain('5511987654321: Loja A (#2), Loja B (#3)');
  });

  it('says where the codes go when all is well', async () => {
    render({
      ready: true,
      connection: { id: 4, name: 'Central', channel: 'whatsappapi', status: 'CONNECTED' },
      sharedPhones: [],
      problems: [],
    });
    expect((await screen.findByTestId('recovery-status')).textContent).toContain('pela conexão padrão da plataforma (Central)');
  });
});
