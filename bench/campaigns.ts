/**
 * Campaign dispatch engine (issue 22): the engine's own overhead, channel excluded.
 *
 *   node --import tsx bench/campaigns.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/campaigns.ts               # a fresh PostgreSQL database (dropped after)
 *
 * A company with a Cloud API connection, sending rules with every interval 0 and every hour and day open, a contact
 * list of BENCH_RECIPIENTS=10,000 numbers and a campaign of two variants with {nome}/{numero} filled.
 * 1. Expansion: POST-equivalent start (the service's restart) → one shipping record per recipient; records/s.
 * 2. Dispatch: one loop (as the pg-boss job runs it) claims the slot and the record, finds or creates the contact and
 *    its ticket, and hands the message to the outbound pipeline (stored at ack 0 with its send job queued: what the
 *    channel adapter then sends); messages handed to the channel per second. The Graph API call itself is not timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf, runMigrations } from '../apps/server/src/db/open';
import { loadTenantContext } from '../apps/server/src/modules/auth/auth.public';
import { createCampaignsService } from '../apps/server/src/modules/campaigns/campaigns.service';
import { insertCompany } from '../apps/server/src/modules/companies/companies.public';
import { createConversationService } from '../apps/server/src/modules/conversation/conversation.service';
import { createOutboundService } from '../apps/server/src/modules/messages/outbound.service';
import { createTicketsService } from '../apps/server/src/modules/tickets/tickets.service';
import { TokenService } from '../apps/server/src/platform/auth';
import type { CoreDeps } from '../apps/server/src/platform/deps';
import { DomainEventBus } from '../apps/server/src/platform/domain-events.ts';
import { Jobs } from '../apps/server/src/platform/jobs';
import { MediaStorage } from '../apps/server/src/platform/media';
import { MemoryRateLimiter } from '../apps/server/src/platform/rate-limit';
import { RecordingPublisher } from '../apps/server/src/platform/realtime-port';
import { openBenchDatabase } from './_db';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-campaigns-'));
  const { database, drop } = await openBenchDatabase(dataDir, 'atendo_bench_campaigns');
  const kind = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  try {
    await runMigrations(database);
    await seedDatabase(database.db, { adminEmail: 'admin@bench.test', adminPassword: 'Bench#12345' });
    const config = loadConfig({}, { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), JOBS: 'off' });
    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret! });
    const jobs = new Jobs(database, { workers: false });
    const deps: CoreDeps = {
      config,
      database,
      tokens: new TokenService(config.jwtSecret!, 3600),
      limiter: new MemoryRateLimiter(),
      realtime: new RecordingPublisher(),
      mediaUrl: (p) => media.url(p),
      events: new DomainEventBus(),
      media,
      jobs,
      version: 'bench',
    };
    const db = database.db;
    const company = await insertCompany(db, {
      name: 'Bench Campaigns',
      dueDate: new Date(Date.now() + 30 * 86_400_000),
      status: true,
    });
    const [admin] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO users (company_id, name, email, password_hash, profile)
                           VALUES (${company.id}, 'Bench', 'bench-campaigns@example.com', 'x', 'admin') RETURNING id`),
    );
    const [conn] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO whatsapps (company_id, name, channel, status, phone_number_id, access_token, token)
                           VALUES (${company.id}, 'Cloud bench', 'whatsappapi', 'CONNECTED', '100000000000001', 'tok', md5(random()::text)) RETURNING id`),
    );
    await db.execute(sql`INSERT INTO campaign_settings (company_id, message_interval, longer_interval_after, greater_interval, sabado, domingo, start_hour, end_hour)
                         VALUES (${company.id}, 0, 0, 0, true, true, '00:00', '23:59')`);
    const [list] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO contact_lists (company_id, name) VALUES (${company.id}, 'Bench') RETURNING id`),
    );
    await db.execute(sql`INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
                         SELECT ${company.id}, ${list.id}, 'Pessoa ' || g, (5511900000000 + g)::text, 'p' || g || '@example.com'
                           FROM generate_series(1, ${RECIPIENTS}) g`);
    const [campaign] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO campaigns (company_id, name, message1, message2, whatsapp_id, contact_list_id, created_by_id)
                           VALUES (${company.id}, 'Bench', 'Oi {nome}, seu número {numero}', 'Olá {nome}!', ${conn.id}, ${list.id}, ${admin.id})
                           RETURNING id`),
    );
    const ctx = (await loadTenantContext(db, Number(admin.id)))!;
    const outbound = createOutboundService(deps);
    const tickets = createTicketsService(deps, outbound);
    const campaigns = createCampaignsService(deps, createConversationService(deps, tickets, outbound), tickets, {
      maxRunMs: 24 * 3_600_000,
      maxSleepMs: 0,
    });
    await jobs.start();

    let t0 = performance.now();
    await campaigns.restart(ctx, Number(campaign.id));
    const expandMs = performance.now() - t0;
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM campaign_shippings WHERE campaign_id = ${campaign.id}`),
    );

    t0 = performance.now();
    const r = await campaigns.dispatch(company.id, Number(campaign.id));
    const sendMs = performance.now() - t0;
    const [{ stored }] = rowsOf<{ stored: number }>(
      await db.execute(sql`SELECT count(*)::int AS stored FROM messages WHERE company_id = ${company.id} AND from_me`),
    );

    console.log(`campaigns bench on ${kind}: ${RECIPIENTS} recipients, intervals 0`);
    console.log(`  expansion: ${n} records in ${expandMs.toFixed(0)} ms → ${((n / expandMs) * 1000).toFixed(0)} records/s`);
    console.log(
      `  dispatch:  ${r.sent} messages handed to the channel (${stored} stored, send jobs queued) in ${(sendMs / 1000).toFixed(1)} s → ${((r.sent / sendMs) * 1000).toFixed(0)} messages/s`,
    );
    await jobs.stop();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
