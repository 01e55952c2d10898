import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../shared/i18n';
import '../locales/portuguese-features';

// jsdom has no matchMedia: answer "no match" (wide screen, light system theme).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

// A worker runs many files in one document (vitest.config.ts, isolate: false): each test leaves it as it found it —
// also what a test put in the body by hand, what it stored and where it navigated.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});
