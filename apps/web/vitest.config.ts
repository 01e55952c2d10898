import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

const TESTS = 'src/**/*.test.{ts,tsx}';
/**
 * Test files that replace a module (vi.mock) run each in a fresh module state; the others share their worker's modules
 * (MUI, React, i18n load once per worker, not once per file: the suite took a fifth of the time). A mock would leak
 * into the files after it, or find the real module already loaded, so those files are found here, by their text.
 */
const mocking = globSync(TESTS, { cwd: fileURLToPath(new URL('.', import.meta.url)) }).filter((f) =>
  readFileSync(new URL(f, import.meta.url), 'utf8').includes('vi.mock('),
);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@atendo/shared': sharedSrc } },
  test: {
    environment: 'jsdom',
    // the machine is shared with other test suites: give component tests room
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
    css: false,
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
