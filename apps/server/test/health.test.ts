import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /health', () => {
  it('is public and answers 200 with the database and job queue state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: t.database.kind },
      jobs: { ok: true, workers: false },
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const query = t.deps.database.query;
    t.deps.database.query = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: { ok: false } });
    } finally {
      t.deps.database.query = query;
    }
  });

  it('answers 503 when the job queue failed to start', async () => {
    const jobs = t.deps.jobs as unknown as { _state: string; lastError?: string };
    const state = jobs._state;
    jobs._state = 'failed';
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().jobs).toMatchObject({ ok: false, state: 'failed' });
    } finally {
      jobs._state = state;
    }
  });
});
