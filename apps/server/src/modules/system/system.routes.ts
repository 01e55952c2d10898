import { VersionDto } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';

const HealthDto = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'pg']), latencyMs: z.number().optional() }),
  jobs: z.object({ ok: z.boolean(), state: z.string(), workers: z.boolean() }),
});

export function systemRoutes(app: App, deps: CoreDeps) {
  app.get('/version', { config: { public: true }, schema: { tags: ['system'], response: { 200: VersionDto } } }, async () => ({
    version: deps.version,
  }));

  // For load balancers and orchestrators: 503 when the database or the job queue does not answer.
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: HealthDto, 503: HealthDto } } },
    async (req, reply) => {
      const started = performance.now();
      const dbOk = await withTimeout(deps.database.query('SELECT 1'), 3000)
        .then(() => true)
        .catch((err) => {
          req.log.error({ err }, 'health: database does not answer');
          return false;
        });
      const database = { ok: dbOk, kind: deps.database.kind, latencyMs: Math.round(performance.now() - started) };
      const jobsHealth = await withTimeout(deps.jobs.health(), 3000).catch(() => ({
        ok: false,
        state: deps.jobs.state,
        workers: deps.jobs.workersEnabled,
      }));
      const jobs = { ok: jobsHealth.ok, state: jobsHealth.state, workers: jobsHealth.workers };
      const ok = database.ok && jobs.ok;
      reply.header('cache-control', 'no-store');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database, jobs });
    },
  );
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
