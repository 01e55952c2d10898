import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { afterStart, contextLoader, realtimeHandlers, seedDatabase } from './composition';
import { loadConfig, resolveJwtSecret } from './config';
import { DatabaseLockedError, openDatabase, runMigrations } from './db/open';
import { TokenService } from './platform/auth';
import type { CoreDeps } from './platform/deps';
import { DomainEventBus } from './platform/domain-events';
import { Jobs } from './platform/jobs';
import { createLogger } from './platform/logger';
import { MediaStorage } from './platform/media';
import { Metrics } from './platform/metrics';
import { originPolicy } from './platform/origins';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './platform/rate-limit';
import { type RealtimeHandlers, SocketGateway } from './platform/realtime';
import { buildWebServer } from './platform/web-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.resolve(here, '../../..');

async function main() {
  // Node 24 LTS only (package.json engines): npm scripts run the pinned node_modules/.bin/node; a bare `node` may be the machine's 20.
  if (Number(process.versions.node.split('.')[0]) < 24) {
    console.error(
      `\nAtendo needs Node 24; this is ${process.version} (${process.execPath}). Run it through npm (npm start), or with Node 24.\n`,
    );
    process.exit(1);
  }
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY === true });
  const version = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')).version as string;

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
    );
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  await runMigrations(database);
  const seeded = await seedDatabase(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  if (seeded.createdAdmin) {
    const { email, password, generated } = seeded.createdAdmin;
    console.log(
      `\n  Super admin created: ${email}${generated ? `  password: ${password}  (shown once; change it after signing in)` : ' (password from ADMIN_PASSWORD)'}\n`,
    );
  }

  const secret = resolveJwtSecret(config);
  const tokens = new TokenService(secret, config.accessTokenTtlSeconds);
  let handlers: RealtimeHandlers | undefined; // bound below: the handlers need the deps that hold the gateway
  const gateway = new SocketGateway({
    origins: originPolicy(config),
    tokens,
    loadContext: contextLoader(database.db),
    handlers: {
      roomsFor: (ctx) => handlers!.roomsFor(ctx),
      userStatus: (ctx) => handlers!.userStatus(ctx),
      userOffline: (ctx) => handlers?.userOffline?.(ctx) ?? Promise.resolve(),
      canJoinTicket: (ctx, id) => handlers?.canJoinTicket?.(ctx, id) ?? Promise.resolve(false),
    },
    logger,
    flushWindowMs: config.realtimeFlushMs,
  });
  let redis: Redis | undefined;
  let limiter: RateLimiter = new MemoryRateLimiter();
  if (config.redisUrl) {
    await gateway.useRedis(config.redisUrl, config.redisChannelPrefix);
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    redis.on('error', (err) => logger.error({ err }, 'rate limiter redis error'));
    limiter = new RedisRateLimiter(redis, config.redisChannelPrefix);
  }
  const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret, ffmpegPath: config.ffmpegPath });
  const jobs = new Jobs(database, { workers: config.jobs, logger, minuteJobsEverySeconds: config.minuteJobsEverySeconds });

  const metrics = new Metrics();
  metrics.setSource('atendo_sockets', () => [{ value: gateway.localSockets() }]);
  const deps: CoreDeps = {
    config,
    database,
    tokens,
    limiter,
    realtime: gateway,
    mediaUrl: (p) => media.url(p),
    events: new DomainEventBus(),
    media,
    jobs,
    version,
    metrics,
    redis,
  };
  handlers = realtimeHandlers(deps);
  const app = await buildApp(deps, { logger, extend: (a) => gateway.register(a) });
  await app.listen({ port: config.apiPort, host: config.host });
  await jobs.start();
  await afterStart(deps);

  let web: Awaited<ReturnType<typeof buildWebServer>> | undefined;
  if (config.serveWeb) {
    web = await buildWebServer(config.webDist ?? path.join(rootDir, 'apps/web/dist'), {
      apiUrl: config.publicApiUrl,
      apiPort: config.apiPort,
    });
    await web.listen({ port: config.webPort, host: config.host });
    logger.info(`web app on http://localhost:${config.webPort}`);
  }
  logger.info(
    { database: database.kind, version, redis: Boolean(config.redisUrl), jobs: config.jobs ? 'workers' : 'send only' },
    `API on http://localhost:${config.apiPort}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    const step = async (name: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        logger.error({ err }, `shutdown: ${name} failed`);
      }
    };
    // Stop accepting and drain HTTP; the gateway's preClose hook closes the sockets first so the server can close.
    await step('web', async () => web?.close());
    await step('api', () => app.close());
    // Running jobs finish (pg-boss graceful stop) before the database goes.
    await step('jobs', () => jobs.stop(10_000));
    await step('redis', async () => redis?.quit());
    await step('database', () => database.close());
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
