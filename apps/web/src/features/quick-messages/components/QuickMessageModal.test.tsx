import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { QuickMessageModal } from './QuickMessageModal';

afterEach(() => vi.unstubAllGlobals());

describe('the quick reply dialog (issue 31 item 13)', () => {
  it('says a shortcut cannot contain spaces and sends nothing', async () => {
    const calls = stubApi({});
    renderWithProviders(<QuickMessageModal open record={null} onClose={() => {}} />, {
      session: sessionValue(makeUser({ profile: 'admin' })),
    });
    const shortcode = await screen.findByRole('textbox', { name: /atalho/i });
    fireEvent.change(shortcode, { target: { value: 'bom dia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O atalho não pode ter espaços')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
