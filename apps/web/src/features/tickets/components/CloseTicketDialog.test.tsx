import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CloseTicketDialog } from './CloseTicketDialog';

describe('CloseTicketDialog (the closing form with ratings on)', () => {
  it("says 'Avaliação obrigatória' until a choice is made, then resolves with it", () => {
    const onResolve = vi.fn();
    renderWithProviders(<CloseTicketDialog open onClose={() => {}} onResolve={onResolve} />);
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(screen.getByRole('alert').textContent).toBe('Avaliação obrigatória');
    expect(onResolve).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /Fechar sem avaliação, com a mensagem de despedida/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(onResolve).toHaveBeenCalledWith({ sendFarewellMessage: true, askRating: false });
  });

  it('asking for the rating, or closing silently', () => {
    const onResolve = vi.fn();
    renderWithProviders(<CloseTicketDialog open onClose={() => {}} onResolve={onResolve} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pedir a avaliação ao cliente/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    fireEvent.click(screen.getByRole('radio', { name: /sem mensagem/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(onResolve.mock.calls).toEqual([
      [{ sendFarewellMessage: true, askRating: true }],
      [{ sendFarewellMessage: false, askRating: false }],
    ]);
  });
});
