import { VersionDto } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';

const Check = z.object({ ok: z.boolean() });
const HealthDto = z.object({
  status: z.enum(['ok', 'error']),
  database: Check.extend({ kind: z.enum(['pglite', 'pg']), latencyMs: z.number().optional() }),
  /** Present when REDIS_URL is set (realtime across processes, shared rate limits). */
  redis: Check.extend({ latencyMs: z.number().optional() }).optional(),
  jobs: Check.extend({ state: z.string(), workers: z.boolean() }),
});
const LiveDto = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

export function systemRoutes(app: App, deps: CoreDeps) {
  app.get('/version', { config: { public: true }, schema: { tags: ['system'], response: { 200: VersionDto } } }, async () => ({
    version: deps.version,
  }));

  /** What readiness reads: the database, Redis when configured, the job queue — each within 3 s. */
  async function readiness(log: { error: (o: object, msg: string) => void }) {
    const timed = async (probe: () => Promise<unknown>, what: string) => {
      const started = performance.now();
      const ok = await withTimeout(probe(), 3000)
        .then(() => true)
        .catch((err) => {
          log.error({ err }, `health: ${what} does not answer`);
          return false;
        });
      return { ok, latencyMs: Math.round(performance.now() - started) };
    };
    const database = { ...(await timed(() => deps.database.query('SELECT 1'), 'database')), kind: deps.database.kind };
    const redis = deps.redis ? await timed(() => deps.redis!.ping(), 'redis') : undefined;
    const jobsHealth = await withTimeout(deps.jobs.health(), 3000).catch(() => ({
      ok: false,
      state: deps.jobs.state,
      workers: deps.jobs.workersEnabled,
    }));
    const jobs = { ok: jobsHealth.ok, state: jobsHealth.state, workers: jobsHealth.workers };
    const ok = database.ok && (redis?.ok ?? true) && jobs.ok;
    return { ok, body: { status: ok ? ('ok' as const) : ('error' as const), database, ...(redis ? { redis } : {}), jobs } };
  }

  // Liveness, for restarts: the process answers (its event loop turns). It reads nothing, so a database outage does
  // not make an orchestrator kill every API process at once.
  app.get(
    '/health/live',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: LiveDto } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
    },
  );

  // Readiness, for load balancers: 503 while the database, Redis (when configured) or the job queue does not answer.
  // GET /health is the same answer (kept for existing monitors).
  for (const url of ['/health/ready', '/health']) {
    app.get(
      url,
      { config: { public: true }, schema: { tags: ['system'], response: { 200: HealthDto, 503: HealthDto } } },
      async (req, reply) => {
        const { ok, body } = await readiness(req.log);
        reply.header('cache-control', 'no-store');
        return reply.code(ok ? 200 : 503).send(body);
      },
    );
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
