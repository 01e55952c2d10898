import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColorChip, textOn } from './ColorChip';

describe('ColorChip (a company colour with readable text, issue 35 item 6)', () => {
  it('black on light colours, white on dark ones', () => {
    expect(textOn('#ffeb3b')).toBe('#000'); // a yellow queue
    expect(textOn('#9e9e9e')).toBe('#000'); // the grey that carried white "Sem fila" at 2.7:1
    expect(textOn('#0000ff')).toBe('#fff'); // the seeds' default blue
    expect(textOn('#2e7d32')).toBe('#fff');
    expect(textOn('#fff')).toBe('#000');
  });

  it('without a valid colour it is an outlined chip in the theme colours', () => {
    render(
      <>
        <ColorChip label="Sem fila" bg={null} />
        <ColorChip label="Vendas" bg="#ffeb3b" />
        <ColorChip label="Ruim" bg="red; background: url(x)" />
      </>,
    );
    expect(screen.getByText('Sem fila').closest('.MuiChip-root')?.className).toContain('MuiChip-outlined');
    expect(screen.getByText('Ruim').closest('.MuiChip-root')?.className).toContain('MuiChip-outlined');
    const vendas = screen.getByText('Vendas').closest('.MuiChip-root') as HTMLElement;
    expect(getComputedStyle(vendas).color).toBe('rgb(0, 0, 0)');
  });
});
