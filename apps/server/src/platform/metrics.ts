import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { z } from 'zod';
import type { Database } from '../db/open';
import { notFound } from './errors';
import type { App } from './http';

/** One sample of a gauge read at scrape time. */
export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

/** Gauges whose value is asked for at scrape time; main.ts and the composition root give their sources. */
export type GaugeName =
  | 'atendo_sockets'
  | 'atendo_connections'
  | 'atendo_jobs'
  | 'atendo_outbound_queue_depth'
  | 'atendo_db_pool_connections';

type Source = () => GaugeSample[] | Promise<GaugeSample[]>;

const GAUGES: Record<GaugeName, { help: string; labelNames: string[] }> = {
  atendo_sockets: { help: 'socket.io sockets connected to this process (company namespaces)', labelNames: [] },
  atendo_connections: { help: 'messaging connections by channel and status (whole platform)', labelNames: ['channel', 'status'] },
  atendo_jobs: { help: 'pg-boss jobs by queue and state (rows not yet archived)', labelNames: ['queue', 'state'] },
  atendo_outbound_queue_depth: {
    help: 'outbound messages waiting to be sent (messages.send jobs created, retrying or active) by channel',
    labelNames: ['channel'],
  },
  atendo_db_pool_connections: {
    help: 'database connections of this process by state (total, idle, waiting clients); PGlite is one connection',
    labelNames: ['kind', 'state'],
  },
};

/**
 * The process' Prometheus registry: HTTP, ingest and outbound counters are written where things happen
 * (app.ts hook, the ingest port's wrapper, the send job); gauges are read from their sources at scrape time.
 * One registry per app (not prom-client's global), so several apps in one test process do not collide.
 */
export class Metrics {
  readonly registry = new client.Registry();
  readonly httpDuration = new client.Histogram({
    name: 'atendo_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly ingestMessages = new client.Counter({
    name: 'atendo_ingest_events_total',
    help: 'inbound channel events ingested, by channel and outcome (message, duplicate, status, edit, revoke, ignored, error)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly ingestDuration = new client.Histogram({
    name: 'atendo_ingest_duration_seconds',
    help: 'time to ingest one delivered batch of events (stored, ticket found or opened, published), by channel',
    labelNames: ['channel'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly domainEvents = new client.Counter({
    name: 'atendo_domain_events_total',
    help: 'domain events published in this process (docs/architecture.md "The event spine"), by event',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  readonly reactionErrors = new client.Counter({
    name: 'atendo_domain_event_reaction_errors_total',
    help: 'subscribers of a domain event that failed (logged; the event itself stands), by event',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  readonly outboundFailures = new client.Counter({
    name: 'atendo_outbound_failures_total',
    help: 'outbound messages that failed for good (marked failed), by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  readonly collectErrors = new client.Counter({
    name: 'atendo_metrics_collect_errors_total',
    help: 'gauges whose source failed during a scrape (the gauge is then absent from that scrape)',
    labelNames: ['gauge'] as const,
    registers: [this.registry],
  });
  private sources = new Map<GaugeName, Source>();

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    if (opts.defaultMetrics !== false) client.collectDefaultMetrics({ register: this.registry, prefix: 'atendo_' });
    const sources = this.sources;
    const collectErrors = this.collectErrors;
    for (const [name, def] of Object.entries(GAUGES) as [GaugeName, (typeof GAUGES)[GaugeName]][]) {
      new client.Gauge({
        name,
        help: def.help,
        labelNames: def.labelNames,
        registers: [this.registry],
        async collect() {
          this.reset();
          const source = sources.get(name);
          if (!source) {
            if (def.labelNames.length === 0) this.set(0);
            return;
          }
          try {
            for (const s of await source()) this.set(s.labels ?? {}, s.value);
          } catch {
            collectErrors.inc({ gauge: name });
          }
        },
      });
    }
  }

  /** Where a gauge reads its value at scrape time (the last one given wins). */
  setSource(name: GaugeName, source: Source) {
    this.sources.set(name, source);
  }

  observeHttp(method: string, route: string, status: number, seconds: number) {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }
}

/** Pool use of the application's database: pg's Pool counters, or PGlite's single connection. */
export function databasePoolSource(database: Database): Source {
  return () => {
    const pool = database.pool;
    if (!pool) return [{ labels: { kind: 'pglite', state: 'total' }, value: 1 }];
    return [
      { labels: { kind: 'pg', state: 'total' }, value: pool.totalCount },
      { labels: { kind: 'pg', state: 'idle' }, value: pool.idleCount },
      { labels: { kind: 'pg', state: 'waiting' }, value: pool.waitingCount },
    ];
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics` (Prometheus text format): only with `Authorization: Bearer $METRICS_TOKEN`. Without a
 * configured token the route answers 404 like an unknown path, so nothing tells a scraper it exists.
 */
export function metricsRoutes(app: App, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern (`/tickets/:ticketId`), never the raw URL: one series per route, not per id.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN; 404 when unset)',
        response: { 200: { description: 'The Prometheus text format', content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !given || !timingSafeEqual(digest(given), digest(token))) throw notFound();
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
