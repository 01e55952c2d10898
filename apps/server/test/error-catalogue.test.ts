/**
 * Issue 15 item 7: each error code has one HTTP status, owned by the catalogue in packages/shared
 * (ERROR_CATALOGUE). AppError takes it from there; the few routes that reply instead of throwing use
 * sendError; so the server answers every code with the catalogue's status, whoever throws it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode, errorStatus } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, notFound, sendError } from '../src/platform/errors';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    build: {
      extend: (app) => {
        // a thrown code, and the same code replied directly
        app.get('/__errors/throw/:code', { config: { public: true } }, async (req) => {
          throw new AppError((req.params as { code: ErrorCode }).code, undefined, { seen: true });
        });
        app.get('/__errors/send/:code', { config: { public: true } }, async (req, reply) =>
          sendError(reply, (req.params as { code: ErrorCode }).code),
        );
      },
    },
  });
}, 60_000);
afterAll(async () => t?.close());

/** Every source file of the server, but its tests. */
function serverSources(dir = path.join(__dirname, '../src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return serverSources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the error catalogue', () => {
  it('gives every code exactly one status, an HTTP error status', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_CATALOGUE));
    for (const code of ERROR_CODES) {
      const status = errorStatus(code);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, code).toBe(true);
    }
  });

  it('is what the server answers for every code, thrown or replied', async () => {
    for (const code of ERROR_CODES) {
      const thrown = await t.app.inject({ method: 'GET', url: `/__errors/throw/${code}` });
      expect([thrown.statusCode, thrown.json()], code).toEqual([ERROR_CATALOGUE[code], { error: code, details: { seen: true } }]);
      const sent = await t.app.inject({ method: 'GET', url: `/__errors/send/${code}` });
      expect([sent.statusCode, sent.json()], code).toEqual([ERROR_CATALOGUE[code], { error: code }]);
    }
  });

  it('wins over a status written at the throw site (AppError and notFound)', () => {
    // the type already refuses a disagreeing status; a cast must not get one through either
    expect(new AppError('ERR_TICKET_STATE', 400 as never).status).toBe(409);
    expect(new AppError('ERR_NO_QUEUE_FOUND').status).toBe(404);
    expect(notFound('ERR_NO_TICKET_FOUND').status).toBe(404);
    expect(notFound().code).toBe('ERR_NOT_FOUND');
  });

  it('the server never writes an error body with a status of its own (no reply.code(n).send({ error }))', () => {
    const offenders = serverSources().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return /\.code\([^)]*\)\s*\.send\(\{\s*error\s*:/.test(text) ? [path.relative(process.cwd(), file)] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('the framework’s own refusals answer with their codes’ statuses', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-route' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'ERR_NOT_FOUND' }]);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect([badJson.statusCode, badJson.json().error]).toEqual([errorStatus('ERR_VALIDATION'), 'ERR_VALIDATION']);
  });
});
