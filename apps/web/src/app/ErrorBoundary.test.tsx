import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('boom');
  return <p>page</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it("a page that throws shows 'Erro ao carregar a página' with a button that reloads, not a blank screen (issue 37 item 12)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      render(
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>,
      );
      expect(screen.getByRole('alert').textContent).toContain('Erro ao carregar a página');
      fireEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('another page drops the error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    function Host() {
      const [path, setPath] = useState('/a');
      return (
        <>
          <button type="button" onClick={() => setPath('/b')}>
            go
          </button>
          <ErrorBoundary resetKey={path}>{path === '/a' ? <Fragile /> : <p>other</p>}</ErrorBoundary>
        </>
      );
    }
    render(<Host />);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByText('other')).toBeTruthy();
  });
});
