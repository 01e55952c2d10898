import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig, resolveJwtSecret } from './config';
import { DatabaseLockedError, openDatabase, runMigrations } from './db/open';
import { seedPlatform } from './db/seed';
import { TokenService } from './platform/auth';
import type { CoreDeps } from './platform/deps';
import { MemoryRateLimiter } from './platform/rate-limit';
import { RecordingPublisher } from './platform/realtime-port';
import { buildWebServer } from './platform/web-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.resolve(here, '../../..');

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
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
  const seeded = await seedPlatform(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  if (seeded.createdAdmin) {
    const { email, password, generated } = seeded.createdAdmin;
    console.log(
      `\n  Super admin created: ${email}${generated ? `  password: ${password}  (shown once; change it after signing in)` : ' (password from ADMIN_PASSWORD)'}\n`,
    );
  }

  const deps: CoreDeps = {
    config,
    database,
    tokens: new TokenService(resolveJwtSecret(config), config.accessTokenTtlSeconds),
    limiter: new MemoryRateLimiter(),
    realtime: new RecordingPublisher(),
    mediaUrl: (p) => `${config.backendUrl}/media/${p}`,
    version,
  };
  const app = await buildApp(deps, { logger });
  await app.listen({ port: config.apiPort, host: config.host });

  let web: Awaited<ReturnType<typeof buildWebServer>> | undefined;
  if (config.serveWeb) {
    web = await buildWebServer(config.webDist ?? path.join(rootDir, 'apps/web/dist'));
    await web.listen({ port: config.webPort, host: config.host });
    logger.info(`web app on http://localhost:${config.webPort}`);
  }
  logger.info({ database: database.kind, version }, `API on http://localhost:${config.apiPort}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await web?.close();
    await app.close();
    await database.close();
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
