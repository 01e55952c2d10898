/**
 * A NUL character (PostgreSQL refuses the byte in text) or invalid UTF-8 anywhere in the input is bad
 * input: 400, never 500, on every route — cleaned in one place (app.ts), and database errors of bad
 * input map to 400 (platform/errors.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from './harness';

let t: TestContext;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
}, 60_000);
afterAll(async () => t?.close());

describe('NUL in the input', () => {
  it.each([
    ['POST', '/contacts', { name: 'Ana\u0000', number: '5511988880000' }],
    ['POST', '/tags', { name: 'VIP\u0000', color: '#ff0000' }],
    ['POST', '/quick-messages', { shortcode: 'oi\u0000', message: 'Olá' }],
    ['POST', '/users', { name: 'Bia\u0000', email: 'bia-nul@example.com', password: 'Secret#123', profile: 'user' }],
  ])('%s %s with a NUL in a body string answers 400', async (method, url, payload) => {
    const res = await t.app.inject({ method: method as 'POST', url, headers: bearer(a.adminToken), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
  });

  it.each(['/contacts', '/users', '/tags', '/quick-messages', '/tickets', '/contacts/list', '/tags/list', '/schedules'])(
    'GET %s with searchParam NUL answers 400',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?searchParam=%00`, headers: bearer(a.adminToken) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    },
  );

  it('a NUL in a path parameter answers 4xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public-settings/x%00y' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('invalid UTF-8 in a JSON body or the query is not a 500', async () => {
    const raw = Buffer.concat([
      Buffer.from('{"name":"A'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('","number":"5511977770000"}'),
    ]);
    const body = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: { ...bearer(a.adminToken), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(body.statusCode, body.body).toBeLessThan(500);
    const query = await t.app.inject({ method: 'GET', url: '/contacts?searchParam=%FF%FE', headers: bearer(a.adminToken) });
    expect(query.statusCode, query.body).toBeLessThan(500);
  });

  it('text without NUL still works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tags',
      headers: bearer(a.adminToken),
      payload: { name: 'Normal', color: '#00ff00' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('database refusals of bad input', () => {
  it('map to 400 ERR_VALIDATION, never 500', async () => {
    const probe = await createTestApp({
      build: {
        extend: (app) => {
          app.get('/__probe/db-bad-input', { config: { public: true } }, async () => {
            await t.database.query('SELECT $1::int AS n', ['not a number']);
            return { ok: true };
          });
        },
      },
    });
    try {
      const res = await probe.app.inject({ method: 'GET', url: '/__probe/db-bad-input' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    } finally {
      await probe.close();
    }
  });
});
