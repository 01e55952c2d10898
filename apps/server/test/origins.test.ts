/**
 * Issue 16 item 1: in the embedded mode the API lets in the web app from whatever host the browser
 * opened it at (same host name, the web port) — for HTTP and for socket.io's polling — while a page of
 * another host stays refused; in the scaled mode FRONTEND_URL alone is let in.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../src/platform/origins';
import { createTestApp, type TestContext } from './harness';

let embedded: TestContext;
let scaled: TestContext;
beforeAll(async () => {
  embedded = await createTestApp({ env: { SERVE_WEB: 'true', WEB_PORT: '3000' }, socket: {} });
  scaled = await createTestApp({ env: { FRONTEND_URL: 'https://app.example.com' } });
}, 60_000);
afterAll(async () => {
  await embedded?.close();
  await scaled?.close();
});

const preflight = (t: TestContext, origin: string, host: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/auth/login',
    headers: { origin, host, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('embedded mode', () => {
  it.each([
    ['http://localhost:3000', 'localhost:8080'],
    ['http://127.0.0.1:3000', '127.0.0.1:8080'],
    ['http://127.0.0.2:3000', '127.0.0.2:8080'],
    ['http://192.168.0.10:3000', '192.168.0.10:8080'],
    ['http://atendo.local:3000', 'ATENDO.local:8080'],
  ])('lets %s in (API reached as %s), with credentials', async (origin, host) => {
    const res = await preflight(embedded, origin, host);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const login = await embedded.app.inject({ method: 'GET', url: '/version', headers: { origin, host } });
    expect(login.headers['access-control-allow-origin']).toBe(origin);
  });

  it.each([
    ['http://evil.test:3000', '127.0.0.1:8080'], // another host's page
    ['http://127.0.0.1:4000', '127.0.0.1:8080'], // another port of the same host
    ['http://127.0.0.2:3000', '127.0.0.1:8080'],
    ['null', '127.0.0.1:8080'],
  ])('refuses %s (API reached as %s)', async (origin, host) => {
    const res = await preflight(embedded, origin, host);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers socket.io's polling handshake to the web app of the host it was reached by", async () => {
    const port = new URL(embedded.url!).port;
    const handshake = (origin: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/socket.io/?EIO=4&transport=polling',
            headers: { origin, host: `127.0.0.2:${port}` },
          },
          (res) => {
            res.resume();
            resolve(res.headers);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect((await handshake('http://127.0.0.2:3000'))['access-control-allow-origin']).toBe('http://127.0.0.2:3000');
    expect((await handshake('http://evil.test:3000'))['access-control-allow-origin']).toBeUndefined();
  });
});

describe('scaled mode', () => {
  it('lets FRONTEND_URL in and nothing else', async () => {
    expect((await preflight(scaled, 'https://app.example.com', 'api.example.com')).headers['access-control-allow-origin']).toBe(
      'https://app.example.com',
    );
    for (const [origin, host] of [
      ['http://127.0.0.1:3000', '127.0.0.1:8080'],
      ['http://api.example.com:3000', 'api.example.com:8080'],
    ]) {
      expect((await preflight(scaled, origin, host)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('a bad Host or Origin is simply not let in', () => {
    expect(isAllowedOrigin({ frontendUrl: 'x', webPort: 3000 }, 'not a url', '127.0.0.1:8080')).toBe(false);
    expect(isAllowedOrigin({ frontendUrl: 'x', webPort: 3000 }, 'http://127.0.0.1:3000', undefined)).toBe(false);
    expect(isAllowedOrigin({ frontendUrl: 'x', webPort: 3000 }, 'ftp://127.0.0.1:3000', '127.0.0.1:8080')).toBe(false);
  });
});
