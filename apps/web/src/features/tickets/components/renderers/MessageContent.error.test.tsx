import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { MessageContent } from './MessageContent';

// A renderer that fails on what it was given (a payload shape no one foresaw).
vi.mock('./structured', async (original) => ({
  ...(await original<typeof import('./structured')>()),
  PollMessage: () => {
    throw new Error('unexpected poll payload');
  },
}));

describe('a message that cannot be rendered', () => {
  it("shows 'Erro ao processar a mensagem' with its text, not a broken conversation (issue 37 item 12)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<MessageContent message={{ mediaType: 'poll', body: 'Qual o melhor dia?' }} />);
    expect(screen.getByRole('status').textContent).toBe('Erro ao processar a mensagem');
    expect(screen.getByText('Qual o melhor dia?')).toBeTruthy();
  });
});
