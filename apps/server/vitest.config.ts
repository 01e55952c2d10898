import { defineConfig } from 'vitest/config';
import { CrashTestsFirst } from './test/sequencer';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry and the machine has 2 cores: a few files at a time.
    maxWorkers: 2,
    pool: 'forks',
    // A worker runs its files one after another with one module state: the app's modules, PGlite's WebAssembly and the
    // drivers load once per worker, not once per file (the suite took half the time). Each file still opens its own
    // database and app; what a test helper keeps at module level is kept per file (test/messaging.ts).
    isolate: false,
    sequence: { sequencer: CrashTestsFirst },
  },
});
