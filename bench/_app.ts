/** The product's HTTP app on a loopback port for a bench: the same deps as the server, no job workers, events recorded. */
import { buildApp } from '../apps/server/src/app';
import type { Modules } from '../apps/server/src/composition';
import type { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/open';
import { TokenService } from '../apps/server/src/platform/auth';
import type { CoreDeps } from '../apps/server/src/platform/deps';
import { DomainEventBus } from '../apps/server/src/platform/domain-events.ts';
import { Jobs } from '../apps/server/src/platform/jobs';
import { MediaStorage } from '../apps/server/src/platform/media';
import { MemoryRateLimiter } from '../apps/server/src/platform/rate-limit';
import { RecordingPublisher } from '../apps/server/src/platform/realtime-port';

export async function startBenchApp(database: Database, config: ReturnType<typeof loadConfig>) {
  const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret! });
  const tokens = new TokenService(config.jwtSecret!, 3600);
  const deps: CoreDeps = {
    config,
    database,
    tokens,
    limiter: new MemoryRateLimiter(),
    realtime: new RecordingPublisher(),
    mediaUrl: (p) => media.url(p),
    events: new DomainEventBus(),
    media,
    jobs: new Jobs(database, { workers: false }),
    version: 'bench',
  };
  let modules: Modules | undefined;
  const app = await buildApp(deps, {
    onModules: (m) => {
      modules = m;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  /** A bearer token of a user, as a sign-in would give. */
  const tokenFor = (userId: number, companyId: number) => tokens.sign({ userId, companyId, tokenVersion: 0 });
  return { app, base, tokenFor, deps, modules: modules! };
}
