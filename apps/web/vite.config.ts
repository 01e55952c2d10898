import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildEnv } from '../../scripts/web-build.mjs';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const distDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Run-time config (issue 30 item 1). The dev server tells the page the API port as the product's web server does
 * (`window.__ATENDO_CONFIG__`); a build records the VITE_* variables it was made with, so that `npm start` rebuilds
 * when one changes (scripts/web-build.mjs).
 */
function runtimeConfig(): Plugin {
  return {
    name: 'atendo-runtime-config',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, ctx) =>
        ctx.server
          ? html.replace(
              '</head>',
              `<script>window.__ATENDO_CONFIG__=${JSON.stringify({ apiPort: Number(process.env.API_PORT) || 8080 })}</script></head>`,
            )
          : html,
    },
    closeBundle() {
      writeFileSync(`${distDir}/.build-env.json`, `${JSON.stringify(buildEnv(process.env))}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), runtimeConfig()],
  // @atendo/shared is TypeScript source in the workspace: compile it with the app.
  resolve: { alias: { '@atendo/shared': sharedSrc } },
  server: { port: Number(process.env.WEB_PORT) || 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to know which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
