import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Where the web app served by this process finds the API, told at run time (issue 30 item 1): `apiUrl` when the
 * API's public URL is configured (BACKEND_URL), else `apiPort` on the host the browser opened the page by. The web
 * app reads it as `window.__ATENDO_CONFIG__` (apps/web/src/shared/config.ts); a build made with VITE_API_URL keeps
 * that address.
 */
export interface WebRuntimeConfig {
  apiUrl?: string;
  apiPort: number;
}

/** index.html with the run-time config as an inline script, run before the app's module. */
export function injectRuntimeConfig(html: string, config: WebRuntimeConfig): string {
  // '<' escaped: no value can close the script element
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const script = `<script>window.__ATENDO_CONFIG__=${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${script}${html}`;
}

/** Serves the built single-page app (apps/web/dist) with an index.html fallback for client routes. */
export async function buildWebServer(distDir: string, runtime: WebRuntimeConfig): Promise<FastifyInstance> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${distDir}/index.html missing): run npm run build`);
  }
  const page = injectRuntimeConfig(readFileSync(indexFile, 'utf8'), runtime);
  const web = Fastify({ logger: false });
  // index.html is never sent as a file: every page is the one with the run-time config
  await web.register(fastifyStatic, { root: distDir, wildcard: false, maxAge: 0, index: false, globIgnore: ['index.html'] });
  web.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
  web.setNotFoundHandler((req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url.startsWith('/assets/'))
      return reply.code(404).send('Not found');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  return web;
}
