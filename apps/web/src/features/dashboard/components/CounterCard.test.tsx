import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CounterCard } from './CounterCard';

describe('CounterCard', () => {
  it('wraps a long label instead of cutting it ("Aguardando av…", issue 30 item 12)', () => {
    renderWithProviders(<CounterCard name="waitRating" value={3} />);
    const label = screen.getByTestId('counter-waitRating-label');
    expect(label.textContent).toBe('Aguardando avaliação');
    expect(label.className).not.toMatch(/noWrap/);
    const style = getComputedStyle(label);
    expect(style.whiteSpace).not.toBe('nowrap');
    expect(style.textOverflow).not.toBe('ellipsis');
  });
});
