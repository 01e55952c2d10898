import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@atendo/shared': sharedSrc } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // the machine is shared with other test suites: give component tests room
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
