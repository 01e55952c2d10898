import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, isPublicAddress, OutboundRefused } from './safe-fetch';

/** A loopback server that counts what reaches it. */
function target(handler: (url: string, res: import('node:http').ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  return {
    hits,
    server,
    start: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
  };
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof OutboundRefused) return e.reason;
    throw e;
  }
  throw new Error('the call was not refused');
}

describe('safe outbound fetch (issue 21: SSRF guard)', () => {
  const inner = target((_u, res) => res.end('secret'));
  const outer = target((url, res) => {
    if (url === '/big') return res.end('x'.repeat(5000));
    if (url === '/slow') return void setTimeout(() => res.end('late'), 1500);
    if (url === '/hop') {
      res.writeHead(302, { location: '/ok' });
      return res.end();
    }
    if (url === '/ok') return res.end(JSON.stringify({ ok: true }));
    res.writeHead(302, { location: `http://127.0.0.1:${innerPort}/` });
    res.end();
  });
  let innerPort = 0;
  let outerPort = 0;

  beforeAll(async () => {
    innerPort = await inner.start();
    outerPort = await outer.start();
  });
  afterAll(() => {
    inner.server.close();
    outer.server.close();
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '200.147.67.142', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses loopback, private, link-local and IPv6 loopback literals, a name resolving to loopback, and other schemes — nothing is fetched', async () => {
    const safeFetch = createSafeFetch();
    for (const url of [
      `http://127.0.0.1:${innerPort}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${innerPort}/`,
      `http://[::ffff:127.0.0.1]:${innerPort}/`,
      `http://localhost:${innerPort}/`,
      `http://0.0.0.0:${innerPort}/`,
    ]) {
      expect(await refusal(safeFetch(url, { timeoutMs: 3000 })), url).toBe('address');
    }
    expect(await refusal(safeFetch('file:///etc/passwd'))).toBe('scheme');
    expect(await refusal(safeFetch('gopher://example.com/'))).toBe('scheme');
    expect(await refusal(safeFetch('not a url'))).toBe('scheme');
    expect(inner.hits).toEqual([]);
  });

  it('refuses a redirect to a private address (each hop is checked) without reaching it', async () => {
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${outerPort}`] });
    expect(await refusal(safeFetch(`http://127.0.0.1:${outerPort}/redirect`))).toBe('address');
    expect(outer.hits).toContain('/redirect');
    expect(inner.hits).toEqual([]);
  });

  it('reaches an allowed host, follows its redirects, and bounds size and time', async () => {
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${outerPort}`] });
    const res = await safeFetch(`http://127.0.0.1:${outerPort}/hop`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.url).toBe(`http://127.0.0.1:${outerPort}/ok`);
    expect(await refusal(safeFetch(`http://127.0.0.1:${outerPort}/big`, { maxBytes: 1000 }))).toBe('too_large');
    expect(await refusal(safeFetch(`http://127.0.0.1:${outerPort}/slow`, { timeoutMs: 300 }))).toBe('timeout');
    expect(await refusal(safeFetch(`http://127.0.0.1:${outerPort}/hop`, { maxRedirects: 0 }))).toBe('redirects');
  });
});
