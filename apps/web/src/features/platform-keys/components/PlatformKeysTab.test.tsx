import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { PlatformKeysTab } from './PlatformKeysTab';

afterEach(() => vi.unstubAllGlobals());

describe('PlatformKeysTab (seed 001 §6)', () => {
  it('shows saved keys masked and saves a new one with the seed message', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        if (init?.method === 'PUT') {
          puts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ key: 'stripeprivatekey', value: '••••9999' }), {
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response(JSON.stringify([{ key: 'stripeprivatekey', value: '••••1234' }]), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<PlatformKeysTab />, { session: sessionValue(makeUser({ profile: 'admin', super: true })) });
    expect(await screen.findByText('Atual: ••••1234')).toBeTruthy();
    const field = screen.getByLabelText('Chave privada') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.type).toBe('password');
    fireEvent.change(field, { target: { value: 'sk_live_new_9999' } });
    const saves = screen.getAllByRole('button', { name: 'Salvar' });
    const enabled = saves.filter((b) => !(b as HTMLButtonElement).disabled);
    expect(enabled).toHaveLength(1);
    fireEvent.click(enabled[0]);
    await waitFor(() => expect(puts).toEqual([{ path: '/settings/stripeprivatekey', body: { value: 'sk_live_new_9999' } }]));
    expect(await screen.findByText('Atual: ••••9999')).toBeTruthy();
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeTruthy();
  });
});
