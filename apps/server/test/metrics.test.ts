import { inbound } from '@atendo/graph-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/platform/jobs';
import { createTenant, createTestApp, type TestContext } from './harness';
import { createCloudConnection, deliver } from './messaging';

const TOKEN = 'metrics-token-0123456789';
/** A queue with no worker: a job sent to it stays 'created', so the jobs gauge has a row that does not depend on timing. */
const parked = defineJob({ name: 'test.metrics-parked', schema: z.object({}) });
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, JOBS: 'on' } });
});
afterAll(async () => t?.close());

const scrape = async (token = TOKEN) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((w) => inside.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics', () => {
  it('answers 404 without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await scrape('not-the-token-at-all')).statusCode).toBe(404);
  });

  it('answers 404 when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('exposes the HTTP, ingest, outbound, jobs, sockets, connections and pool metrics in Prometheus format', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of [
      'atendo_http_request_duration_seconds',
      'atendo_ingest_events_total',
      'atendo_ingest_duration_seconds',
      'atendo_outbound_failures_total',
      'atendo_outbound_queue_depth',
      'atendo_jobs',
      'atendo_sockets',
      'atendo_connections',
      'atendo_db_pool_connections',
      'atendo_process_cpu_seconds_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    expect(sample(res.body, 'atendo_db_pool_connections', { kind: t.database.kind, state: 'total' })).toBeGreaterThan(0);
  });

  it('counts requests by route pattern, not by raw URL', async () => {
    const before = sample((await scrape()).body, 'atendo_http_request_duration_seconds_count', {
      route: '/health',
      status: '200',
    });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const after = (await scrape()).body;
    expect(sample(after, 'atendo_http_request_duration_seconds_count', { route: '/health', status: '200' })).toBe(before + 2);
    expect(after).not.toMatch(/route="\/tickets\/\d+"/);
  });

  it('counts ingested messages and duplicates, and shows the connection by channel and status', async () => {
    const tenant = await createTenant(t);
    const conn = await createCloudConnection(t, tenant);
    const from = '5511987650001';
    const message = inbound.text({ from, body: 'olá' });
    expect((await deliver(t, conn, [message])).statusCode).toBe(200);
    expect((await deliver(t, conn, [message])).statusCode).toBe(200);
    const body = (await scrape()).body;
    expect(sample(body, 'atendo_ingest_events_total', { channel: 'whatsappapi', outcome: 'message' })).toBe(1);
    expect(sample(body, 'atendo_ingest_events_total', { channel: 'whatsappapi', outcome: 'duplicate' })).toBe(1);
    expect(sample(body, 'atendo_ingest_duration_seconds_count', { channel: 'whatsappapi' })).toBe(2);
    expect(sample(body, 'atendo_connections', { channel: 'whatsappapi' })).toBeGreaterThanOrEqual(1);
  });

  it('counts pg-boss jobs by queue and state', async () => {
    await t.deps.jobs.send(parked, {});
    const body = (await scrape()).body;
    expect(sample(body, 'atendo_jobs', { queue: parked.name, state: 'created' })).toBe(1);
  });
});
