#!/usr/bin/env node
/**
 * `npm run e2e`: every journey, in two lanes side by side. Each lane is a Playwright run against its own product
 * (its own embedded database and ports, its own Graph API, payment and webhook stand-in ports), so the lanes share
 * nothing but the build, made once before they start. Within a lane the journeys run one after another, as before.
 *
 * Most of a journey's time is waiting (a campaign's minute tick, a retry, a socket frame), so two lanes on two cores
 * take a little over half the time of one. The spec files are dealt out by their last measured durations (LANE_SECONDS,
 * longest first, each to the lane with the least so far); a new spec counts as a median one until it is measured.
 *
 * With arguments (a spec file, --grep, --ui …), with E2E_LANES=1 or against E2E_BASE_URL it is one plain
 * `playwright test`, with the arguments passed on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSideBySide } from '../../../scripts/side-by-side.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '../..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const args = process.argv.slice(2);
const lanes = Number(process.env.E2E_LANES ?? 2);

/**
 * Seconds per spec file, measured in lanes (2 cores, 2026-11-29, `npm run e2e` as CI runs it). Re-measure when a journey
 * grows or a lane finishes much later than the other: the sum of each spec's test durations in the run's list output.
 */
const LANE_SECONDS = {
  'sla.spec.ts': 78,
  'campaigns.spec.ts': 72,
  'campaign-templates.spec.ts': 55,
  'look.spec.ts': 44,
  'tickets.spec.ts': 36,
  'foundation.spec.ts': 32,
  'screens.spec.ts': 32,
  'admin.spec.ts': 30,
  'conversation-panel.spec.ts': 27,
  'contacts.spec.ts': 20,
  'assignment.spec.ts': 19,
  'platform-b.spec.ts': 18,
  'connections.spec.ts': 18,
  'tags.spec.ts': 16,
  'privacy.spec.ts': 15,
  'platform-companies.spec.ts': 14,
  'schedules.spec.ts': 14,
  'presence.spec.ts': 13,
  'billing.spec.ts': 13,
  'inbox.spec.ts': 12,
  'webhooks.spec.ts': 11,
  'chats.spec.ts': 10,
  'dashboard.spec.ts': 10,
  'integrations.spec.ts': 9,
  'prompts.spec.ts': 7,
  'cloud-templates.spec.ts': 7,
  'copilot.spec.ts': 7,
  'two-factor.spec.ts': 6,
  'audit-log.spec.ts': 6,
  'kanban.spec.ts': 6,
  'satisfaction.spec.ts': 6,
  'any-host.spec.ts': 5,
  'accept-race.spec.ts': 5,
  'messages-api.spec.ts': 5,
  'keyboard.spec.ts': 4,
  'quick-messages-live.spec.ts': 4,
  'reports.spec.ts': 4,
  'other-ports.spec.ts': 2,
};

function run(cmd, argv, env = process.env) {
  const r = spawnSync(cmd, argv, { cwd: web, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (args.length > 0 || lanes <= 1 || process.env.E2E_BASE_URL) {
  run(npx, ['playwright', 'test', ...args]);
  process.exit(0);
}

// Built once: the lanes' servers run the compiled API and serve this bundle (playwright.config.ts, E2E_PREBUILT).
run(npm, ['run', 'build']);
run(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')]);

const specs = readdirSync(path.join(web, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
const known = Object.values(LANE_SECONDS).sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 60;
const weight = (f) => LANE_SECONDS[f] ?? median;
const plan = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
for (const f of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lane = plan.reduce((min, l) => (l.seconds < min.seconds ? l : min));
  lane.files.push(f);
  lane.seconds += weight(f);
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server; E2E_REDIS_URL beside it), the second lane's product runs the way a scaled
 * deployment does — PostgreSQL and Redis — on a database made for this run and dropped after it; the first lane keeps
 * the embedded database of `npm start`. Without it every lane is embedded.
 */
const pgBase = process.env.E2E_DATABASE_URL;
const pgName = `atendo_e2e_${process.pid}`;
function psql(sql) {
  const r = spawnSync('psql', [pgBase, '-qtAc', sql], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`psql failed: ${sql}`);
}
if (pgBase && lanes > 1) psql(`CREATE DATABASE ${pgName}`);

/** Lane i's ports: the usual ones (or the E2E_* overrides) moved up by 20 × i. */
function laneEnv(i) {
  const port = (name, fallback) => String(Number(process.env[name] ?? fallback) + 20 * i);
  const env = {
    ...process.env,
    E2E_PREBUILT: '1',
    E2E_LANE: String(i + 1),
    E2E_WEB_PORT: port('E2E_WEB_PORT', 3000),
    E2E_API_PORT: port('E2E_API_PORT', 8080),
    E2E_GRAPH_PORT: port('E2E_GRAPH_PORT', 8090),
    E2E_PAYMENT_PORT: port('E2E_PAYMENT_PORT', 8091),
    E2E_OTHER_API_PORT: port('E2E_OTHER_API_PORT', 8181),
    E2E_OTHER_WEB_PORT: port('E2E_OTHER_WEB_PORT', 3181),
  };
  if (pgBase && i === 1) {
    const url = new URL(pgBase);
    url.pathname = `/${pgName}`;
    env.E2E_PRODUCT_DATABASE_URL = url.toString();
    env.E2E_PRODUCT_REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
  }
  delete env.E2E_API_URL; // each lane's config derives it from its API port
  delete env.ATENDO_E2E_DATA_DIR; // and makes its own data folder
  return env;
}

for (const [i, lane] of plan.entries()) {
  const engine = pgBase && i === 1 ? 'PostgreSQL + Redis' : 'embedded database';
  console.log(
    `[lane ${i + 1}] ${engine}, ${lane.files.length} spec files, about ${Math.round(lane.seconds / 60)} min: ${lane.files.join(' ')}`,
  );
}
const results = await runSideBySide(
  plan.map((lane, i) => ({
    name: `lane ${i + 1}`,
    command: npx,
    args: ['playwright', 'test', ...lane.files.map((f) => `e2e/${f}`)],
    cwd: web,
    env: laneEnv(i),
  })),
);
if (pgBase) psql(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
process.exit(results.some((c) => c !== 0) ? 1 : 0);
