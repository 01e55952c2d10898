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

describe('GET /health/live and /health/ready', () => {
  it('live answers 200 without reading anything, even while the database is down; ready says 503', async () => {
    const query = t.deps.database.query;
    t.deps.database.query = async () => {
      throw new Error('connection refused');
    };
    try {
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'error', database: { ok: false } });
    } finally {
      t.deps.database.query = query;
    }
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).not.toHaveProperty('redis'); // none configured here
  });

  it('ready pings Redis when it is configured: 503 while it does not answer', async () => {
    let answering = true;
    t.deps.redis = {
      ping: async () => {
        if (!answering) throw new Error('ECONNREFUSED');
        return 'PONG';
      },
    };
    try {
      const up = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 'ok', redis: { ok: true } });
      answering = false;
      const down = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'error', redis: { ok: false }, database: { ok: true } });
      // the old path answers the same
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
    } finally {
      delete t.deps.redis;
    }
  });

  it.skipIf(!process.env.REDIS_URL)('against the real Redis of REDIS_URL', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    t.deps.redis = redis;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().redis.ok).toBe(true);
    } finally {
      delete t.deps.redis;
      redis.disconnect();
    }
  });
});
