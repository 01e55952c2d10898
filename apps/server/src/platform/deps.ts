import type { Config } from '../config';
import type { Database } from '../db/open';
import type { DomainEventMap } from '../domain-events';
import type { TokenService } from './auth';
import type { DomainEventBus } from './domain-events';
import type { Jobs } from './jobs';
import type { MediaStorage } from './media';
import type { Metrics } from './metrics';
import type { RateLimiter } from './rate-limit';
import type { RealtimePublisher } from './realtime-port';

/** What the modules are built from (made in main.ts, or by the test harness; wired in src/composition.ts). */
export interface CoreDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  limiter: RateLimiter;
  realtime: RealtimePublisher;
  /** Public URL of a stored media path (the media module signs or authorises it). */
  mediaUrl: (stored: string) => string;
  /** Uploaded and downloaded files (platform/media.ts). */
  media: MediaStorage;
  /** Background jobs (platform/jobs.ts): modules register handlers, services send. */
  jobs: Jobs;
  version: string;
  /** Domain events of this process (src/domain-events.ts): modules publish after commit, composition.ts subscribes. */
  events: DomainEventBus<DomainEventMap>;
  /** Prometheus registry of this process; buildApp makes one when none is given. */
  metrics?: Metrics;
  /** Redis, when configured (REDIS_URL): the readiness check pings it. */
  redis?: { ping(): Promise<unknown> };
}
