import { getContrastRatio } from '@mui/material/styles';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { WhitelabelTab } from './WhitelabelTab';

afterEach(() => vi.unstubAllGlobals());

describe('WhitelabelTab', () => {
  it("the dark logo tile's 'Sem imagem' is readable on it (contrast ≥ 4.5, issue 30 item 12)", async () => {
    mockFetch();
    renderWithProviders(<WhitelabelTab />, { session: sessionValue(makeUser({ profile: 'admin', super: true })) });
    for (const mode of ['Dark', 'Light'] as const) {
      const tile = await screen.findByTestId(`logo-tile-${mode}`);
      const text = within(tile).getByText('Sem imagem');
      const fg = getComputedStyle(text).color;
      const bg = getComputedStyle(tile).backgroundColor;
      expect(fg, mode).toMatch(/^rgba?\(/);
      expect(getContrastRatio(fg, bg), `${mode}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
