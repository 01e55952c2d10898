import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  // @atendo/shared is TypeScript source in the workspace: compile it with the app.
  resolve: { alias: { '@atendo/shared': sharedSrc } },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to know which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
