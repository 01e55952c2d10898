import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInboxShortcuts } from './useInboxShortcuts';

function Inbox({ onHelp, onAccept, onResolve }: { onHelp: () => void; onAccept: () => void; onResolve: () => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  useInboxShortcuts(onHelp);
  return (
    <div>
      <input aria-label="search" data-shortcut="search" />
      {[1, 2, 3].map((id) => (
        <button
          key={id}
          type="button"
          data-testid="ticket-item"
          className={selected === id ? 'Mui-selected' : ''}
          onClick={() => setSelected(id)}
        >
          ticket {id}
        </button>
      ))}
      <p>open: {selected ?? 'none'}</p>
      <button type="button" data-shortcut="accept" onClick={onAccept}>
        accept
      </button>
      <button type="button" data-shortcut="resolve" onClick={onResolve}>
        resolve
      </button>
      <textarea aria-label="composer" data-shortcut="composer" />
    </div>
  );
}

describe('the inbox keys', () => {
  it('moves between tickets, accepts, resolves, focuses, and ignores keys typed in a field', () => {
    const onHelp = vi.fn();
    const onAccept = vi.fn();
    const onResolve = vi.fn();
    render(<Inbox onHelp={onHelp} onAccept={onAccept} onResolve={onResolve} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(screen.getByText('open: 1')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' }); // the last stays the last
    expect(screen.getByText('open: 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(screen.getByText('open: 2')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.keyDown(document.body, { key: 'e' });
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(onResolve).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(document.body, { key: 'r' });
    const composer = screen.getByLabelText('composer');
    expect(document.activeElement).toBe(composer);
    // typing in the composer is text, not shortcuts
    fireEvent.keyDown(composer, { key: 'a' });
    fireEvent.keyDown(composer, { key: 'j' });
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(screen.getByText('open: 2')).toBeTruthy();
    // Esc leaves the composer; the keys work again
    fireEvent.keyDown(composer, { key: 'Escape' });
    expect(document.activeElement).not.toBe(composer);

    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByLabelText('search'));
    (document.activeElement as HTMLElement).blur();
    // with a modifier the browser's own shortcut wins
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect(onAccept).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: '?' });
    expect(onHelp).toHaveBeenCalledTimes(1);
  });
});
