import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { EmojiPicker } from './EmojiPicker';

const session = sessionValue(makeUser({ profile: 'admin' }));

describe('EmojiPicker (emoji-picker-react)', () => {
  it('opens in Portuguese with search and skin tones, drawing no images (native emojis, offline)', async () => {
    const anchor = document.createElement('button');
    document.body.append(anchor);
    renderWithProviders(<EmojiPicker anchor={anchor} onClose={vi.fn()} onPick={vi.fn()} />, { session });
    const picker = await screen.findByLabelText('Emojis');
    expect(await within(picker).findByLabelText('Buscar emoji')).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Tom de pele padrão' })).toBeTruthy();
    // the Portuguese dataset is loaded (its category names)
    expect(await within(picker).findByText(/pessoas e corpo/i, undefined, { timeout: 5000 })).toBeTruthy();
    expect(picker.querySelectorAll('img')).toHaveLength(0);
  });
});
