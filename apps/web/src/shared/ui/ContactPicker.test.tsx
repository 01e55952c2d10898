import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../test/render';
import type { ContactOption } from '../data/contacts/useContacts';
import { ContactPicker } from './ContactPicker';

afterEach(() => vi.unstubAllGlobals());

function Single({ onPick }: { onPick: (c: ContactOption | null) => void }) {
  const [value, setValue] = useState<ContactOption | null>(null);
  return (
    <ContactPicker
      label="Contato"
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

describe('ContactPicker', () => {
  it('searches the server from 3 characters and picks a contact shown as "name — number"', async () => {
    const fetch = mockFetch({
      '/contacts': { contacts: [{ id: 3, name: 'Bia Souza', number: '5511988880000' }], hasMore: false },
    });
    const onPick = vi.fn();
    renderWithProviders(<Single onPick={onPick} />, { session: sessionValue(makeUser()) });
    const input = screen.getByLabelText('Contato');
    const user = userEvent.setup();
    await user.type(input, 'bi');
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeTruthy();
    const searches = () => fetch.mock.calls.map(([input]) => new URL(String(input))).filter((u) => u.pathname === '/contacts');
    expect(searches()).toHaveLength(0);
    await user.type(input, 'a');
    await user.click(await screen.findByText('Bia Souza — 5511988880000', {}, { timeout: 3000 }));
    expect(onPick).toHaveBeenCalledWith({ id: 3, name: 'Bia Souza', number: '5511988880000' });
    expect(searches().map((u) => u.searchParams.get('searchParam'))).toEqual(['bia']);
  });
});
