/**
 * The web app served by the product is told where its API is at run time (issue 30 item 1): with
 * `API_PORT=8181 WEB_PORT=3181 npm start` the page called :8080, baked into the bundle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildWebServer } from '../src/platform/web-server';

const dist = mkdtempSync(path.join(tmpdir(), 'atendo-web-dist-'));
const html = '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';
let web: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'assets/index-1.js'), 'console.log(1)');
  writeFileSync(path.join(dist, '.build-env.json'), '{}');
  web = await buildWebServer(dist, { apiPort: 8181 });
});
afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

const CONFIG = '<script>window.__ATENDO_CONFIG__={"apiPort":8181}</script>';

describe('the served web app', () => {
  it.each(['/', '/index.html', '/login', '/tickets/12?x=1'])('%s carries the API port before the app runs', async (url) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`${CONFIG}</head>`);
  });

  it('serves the assets as files and refuses a missing one', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect((await web.inject({ method: 'GET', url: '/assets/nope.js' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/.build-env.json' })).body).toContain('__ATENDO_CONFIG__');
  });

  it('names the public API URL when BACKEND_URL is set, with nothing that closes the script', async () => {
    const other = await buildWebServer(dist, { apiUrl: 'https://api.example.com/</script>', apiPort: 8181 });
    const res = await other.inject({ method: 'GET', url: '/' });
    await other.close();
    expect(res.body).toContain('window.__ATENDO_CONFIG__={"apiUrl":"https://api.example.com/\\u003c/script>","apiPort":8181}');
  });
});

describe('the configuration', () => {
  it('defaults the public URLs to the configured ports', () => {
    const config = loadConfig({}, { API_PORT: '8181', WEB_PORT: '3181' });
    expect(config.backendUrl).toBe('http://localhost:8181');
    expect(config.frontendUrl).toBe('http://localhost:3181');
    expect(config.publicApiUrl).toBeUndefined();
    expect(loadConfig({}, { BACKEND_URL: 'https://api.example.com/' }).publicApiUrl).toBe('https://api.example.com');
  });
});
