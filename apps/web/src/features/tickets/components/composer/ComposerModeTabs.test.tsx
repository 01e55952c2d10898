import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../../test/render';
import { useInboxShortcuts } from '../../hooks/useInboxShortcuts';
import { MessageInput } from '../MessageInput';

afterEach(() => vi.unstubAllGlobals());

function Inbox() {
  useInboxShortcuts(() => {});
  return <MessageInput ticketId={5} enabled editing={null} onEditDone={() => {}} />;
}

describe('Reply and Private note (issue 35 item 3)', () => {
  it('the keys n and r choose the same tabs the mouse does, and put the cursor in the field', () => {
    mockFetch({});
    renderWithProviders(<Inbox />, { session: sessionValue(makeUser()) });
    const note = screen.getByRole('tab', { name: 'Nota privada' });
    const reply = screen.getByRole('tab', { name: 'Responder' });
    const input = screen.getByLabelText('Mensagem') as HTMLTextAreaElement;
    expect(reply.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'n' });
    expect(note.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(input.placeholder).toBe('Nota privada: só a equipe vê');
    // the whole composer says it is a note
    expect(input.closest('[data-mode]')?.getAttribute('data-mode')).toBe('note');

    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(reply.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(input.closest('[data-mode]')?.getAttribute('data-mode')).toBe('reply');
  });

  it('cannot change mode while the composer is closed to this attendant', () => {
    mockFetch({});
    renderWithProviders(<MessageInput ticketId={5} enabled={false} editing={null} onEditDone={() => {}} />, {
      session: sessionValue(makeUser()),
    });
    expect(screen.getByRole('tab', { name: 'Nota privada' }).hasAttribute('disabled')).toBe(true);
  });
});
