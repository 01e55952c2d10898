import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { InteractiveDialog } from './InteractiveDialog';

afterEach(() => vi.unstubAllGlobals());

describe('InteractiveDialog (list message)', () => {
  it("an option without a title alerts 'Por favor, selecione um título.' and sends nothing (issue 37 item 12)", async () => {
    const spy = mockFetch({});
    renderWithProviders(<InteractiveDialog ticketId={5} open onClose={() => {}} />, { session: sessionValue(makeUser()) });
    fireEvent.change(screen.getByLabelText(/^Texto[\s*\u2009]*$/), { target: { value: 'Escolha' } });
    fireEvent.change(screen.getByLabelText(/^Texto do botão/), { target: { value: 'Ver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Por favor, selecione um título.')).not.toHaveLength(0);
    const calls = spy.mock.calls as unknown as [unknown, RequestInit | undefined][];
    expect(calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
