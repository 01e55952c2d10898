import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../app';
import type { Modules } from '../composition';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/open';
import { auditSettled } from '../modules/audit/audit.public';
import { TokenService } from '../platform/auth';
import type { CoreDeps } from '../platform/deps';
import { DomainEventBus } from '../platform/domain-events';
import type { App } from '../platform/http';
import { Jobs } from '../platform/jobs';
import { createLogger } from '../platform/logger';
import { MediaStorage } from '../platform/media';
import { MemoryRateLimiter } from '../platform/rate-limit';
import { RecordingPublisher } from '../platform/realtime-port';

/** What a command runs on: the database, and the services wired as the server wires them. */
export interface CliRuntime {
  config: Config;
  database: Database;
  /** The modules' services (built once, on first call: `migrate` never builds them). */
  modules(): Promise<Modules>;
  /** Lets every reaction to the events published finish, then closes the job queue and the database. */
  close(): Promise<void>;
}

/**
 * Opens the database exactly as main.ts does (DATABASE_URL, else the PGlite folder `$DATA_DIR/db`, locked against a
 * running server) and, when a command needs services, builds the application without listening: the same services,
 * subscribers and job registrations as the server's, with workers off (jobs a command causes are stored for the
 * server's workers) and no socket gateway (realtime frames go nowhere; open screens see the change on their next load).
 */
export async function openCliRuntime(env: NodeJS.ProcessEnv = process.env): Promise<CliRuntime> {
  const config = loadConfig(env, { JOBS: 'off' });
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 4 } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  // Logs go to stderr, so stdout holds only the command's answer (`list-companies --json | jq`).
  const logger = createLogger({ level: env.LOG_LEVEL ?? 'warn', pretty: false }, process.stderr);
  let app: App | undefined;
  let jobs: Jobs | undefined;
  let modules: Promise<Modules> | undefined;

  async function build(): Promise<Modules> {
    // Nothing the command does is signed for later use: without JWT_SECRET a throwaway key (no file is written).
    const secret = config.jwtSecret ?? randomBytes(48).toString('base64url');
    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret, ffmpegPath: config.ffmpegPath });
    jobs = new Jobs(database, { workers: false, logger });
    const deps: CoreDeps = {
      config,
      database,
      tokens: new TokenService(secret, config.accessTokenTtlSeconds),
      limiter: new MemoryRateLimiter(),
      realtime: new RecordingPublisher(),
      mediaUrl: (p) => media.url(p),
      events: new DomainEventBus(),
      media,
      jobs,
      version: 'cli',
    };
    let built: Modules | undefined;
    app = await buildApp(deps, { logger, onModules: (m) => (built = m) });
    await app.ready();
    await jobs.start();
    return built!;
  }

  return {
    config,
    database,
    modules: () => {
      modules ??= build();
      return modules;
    },
    async close() {
      await modules?.catch(() => undefined);
      await app?.close(); // waits for the domain events' reactions (buildApp's onClose)
      await auditSettled(); // the audit log's lines of what the command did (written after it, never awaited by it)
      await jobs?.stop(10_000);
      await database.close();
    },
  };
}
