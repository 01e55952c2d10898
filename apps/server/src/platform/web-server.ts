import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

/** Serves the built single-page app (apps/web/dist) with an index.html fallback for client routes. */
export async function buildWebServer(distDir: string): Promise<FastifyInstance> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`The web app is not built (${distDir}/index.html missing): run npm run build`);
  }
  const web = Fastify({ logger: false });
  await web.register(fastifyStatic, { root: distDir, wildcard: false, maxAge: 0 });
  web.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
  web.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' || req.url.startsWith('/assets/')) return reply.code(404).send('Not found');
    return reply.type('text/html').sendFile('index.html');
  });
  return web;
}
