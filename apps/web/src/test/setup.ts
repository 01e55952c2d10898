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

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
