/**
 * Inbox and conversation scrolling in a real browser (issue 7: "with 5,000 tickets and a 10,000-message conversation
 * loaded, scrolling stays smooth: the list and the message pane are virtualized").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/inbox-scroll.ts
 *
 * Seeds a fresh PostgreSQL database (dropped after; BENCH_KEEP=1 keeps it): one company, 5,000 open tickets of its
 * admin (5,000 contacts) and one conversation of 10,000 messages over 100 days (texts of 1 to 12 lines, a day
 * separator every ~100). Starts the product on it (the built web app, ports 3000/8080 — run it when the e2e suite is
 * not running: it takes /tmp/atendo-e2e.lock), then drives Chromium (CHROMIUM_PATH, default /usr/bin/chromium):
 *   1. the Open tab scrolled to its end until all 5,000 tickets are loaded (pages of 40, as an attendant would);
 *   2. the conversation scrolled to its top until every page of 20 is loaded (BENCH_PAGES caps it; default all);
 *   3. each then scrolled through end to end (at most BENCH_SWEEP_SECONDS=120 s each), 300 px per frame, while
 *      requestAnimationFrame intervals and long tasks
 *      (> 50 ms) are recorded.
 * Prints, for both: rows loaded, rows in the DOM, frame interval p50/p95/max, frames over 50 ms, long tasks and the
 * JS heap. Writes bench/results/inbox-scroll.json. A smooth list keeps the DOM rows constant as rows load, and p95
 * near the display's frame time (16.7 ms at 60 Hz).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { seedDatabase } from '../apps/server/src/composition';
import { runMigrations } from '../apps/server/src/db/open';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository';
import { openBenchDatabase } from './_db';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const TICKETS = 5000;
const MESSAGES = 10_000;
const EMAIL = 'scroll@bench.test';
const PASSWORD = 'bench12345';
const WEB = 'http://localhost:3000';
const sweepSeconds = Number(process.env.BENCH_SWEEP_SECONDS ?? 120);
const maxPages = Number(process.env.BENCH_PAGES ?? Math.ceil(MESSAGES / 20));

if (!process.env.DATABASE_URL) {
  console.log('inbox-scroll: skipped — it needs DATABASE_URL (a PostgreSQL server; a fresh database is made and dropped).');
  process.exit(0);
}
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('building the web app…');
  if (spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

async function seed() {
  const { database, drop, url } = await openBenchDatabase(path.join(root, 'data', 'bench'), 'atendo_bench_scroll');
  await runMigrations(database);
  await seedDatabase(database.db, {});
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const company = await insertCompany(database.db, { name: 'Rolagem', dueDate: new Date(Date.now() + 365 * 86_400_000) });
  const c = company.id;
  const [admin] = await q<{ id: number }>(
    `INSERT INTO users (company_id, name, email, password_hash, profile, all_ticket) VALUES ($1, 'Admin Rolagem', $2, $3, 'admin', 'enabled') RETURNING id`,
    [c, EMAIL, await hashPassword(PASSWORD)],
  );
  await q(
    `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default) VALUES ($1, 'Número', 'whatsappapi', 'CONNECTED', 'tok', true)`,
    [c],
  );
  await q(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT $1, 'Cliente ' || g, '5511' || lpad(g::text, 9, '0'), 'whatsapp' FROM generate_series(1, $2) g`,
    [c, TICKETS],
  );
  await q(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, channel, last_message, unread_messages, created_at, updated_at)
     SELECT $1, ct.id, w.id, 'open', $2, 'whatsappapi', 'mensagem ' || ct.id, (ct.id % 4), now() - ct.id * interval '1 minute',
       now() - ct.id * interval '1 minute'
     FROM contacts ct CROSS JOIN (SELECT id FROM whatsapps WHERE company_id = $1) w WHERE ct.company_id = $1`,
    [c, admin.id],
  );
  const [big] = await q<{ id: number; uuid: string; contact_id: number; whatsapp_id: number }>(
    `SELECT id, uuid, contact_id, whatsapp_id FROM tickets WHERE company_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 1`,
    [c],
  );
  // 10,000 messages over 100 days: 1 to 12 lines each (varied heights), both sides, every one read and delivered.
  await q(
    `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, media_type, created_at, updated_at)
     SELECT $1, $2, CASE WHEN k % 3 = 0 THEN NULL ELSE $3::int END, $4, 
       'Mensagem ' || k || repeat(E'\\nlinha de texto da conversa longa, com algumas palavras a mais', (k * 7919) % 12),
       k % 3 = 0, true, CASE WHEN k % 3 = 0 THEN 3 ELSE 0 END, 'text',
       now() - ($5 - k) * interval '864 seconds', now() - ($5 - k) * interval '864 seconds'
     FROM generate_series(1, $5) k`,
    [c, big.id, big.contact_id, big.whatsapp_id, MESSAGES],
  );
  await database.close();
  return { drop, url: url as string, uuid: big.uuid };
}

async function startProduct(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, SERVE_WEB: 'true', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${WEB}/login`)).ok && (await fetch('http://localhost:8080/version')).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the product did not start');
}

/** Scrolls the element through its whole height, `step` px per frame, recording frame intervals and long tasks. */
async function sweep(page: Page, testId: string, direction: 'down' | 'up', step = 300) {
  return page.evaluate(
    async ({ testId, direction, step, maxMs }) => {
      const el = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
      const longTasks: number[] = [];
      const obs = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push(e.duration);
      });
      obs.observe({ type: 'longtask', buffered: false });
      el.scrollTop = direction === 'down' ? 0 : el.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const frames: number[] = [];
      const domRows: number[] = [];
      let last = performance.now();
      const began = last;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now();
          frames.push(now - last);
          last = now;
          domRows.push(el.querySelectorAll('[data-index]').length);
          const before = el.scrollTop;
          el.scrollTop = before + (direction === 'down' ? step : -step);
          const atEnd = direction === 'down' ? el.scrollTop + el.clientHeight >= el.scrollHeight - 1 : el.scrollTop <= 0;
          if (atEnd || now - began > maxMs) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      obs.disconnect();
      frames.shift();
      const sorted = [...frames].sort((a, b) => a - b);
      const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return {
        frames: frames.length,
        p50: pick(0.5),
        p95: pick(0.95),
        max: sorted[sorted.length - 1] ?? 0,
        over50: frames.filter((f) => f > 50).length,
        longTasks: longTasks.length,
        longestTask: Math.max(0, ...longTasks),
        domRowsMax: Math.max(...domRows),
        /** How far the sweep got (1 = the whole list) within BENCH_SWEEP_SECONDS. */
        covered: direction === 'down' ? (el.scrollTop + el.clientHeight) / el.scrollHeight : 1 - el.scrollTop / el.scrollHeight,
        seconds: (performance.now() - began) / 1000,
        heapMB: memory ? memory.usedJSHeapSize / 1048576 : null,
      };
    },
    { testId, direction, step, maxMs: sweepSeconds * 1000 },
  );
}

async function main() {
  const started = Date.now();
  const { drop, url, uuid } = await seed();
  console.log(
    `seeded ${TICKETS} tickets and a ${MESSAGES}-message conversation in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const product = await startProduct(url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  const results: Record<string, unknown> = {};
  mkdirSync(path.join(here, 'results'), { recursive: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
    // tsx names the functions it compiles (`__name(fn, …)`); the page's copies of sweep() need the helper too
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await page.goto(`${WEB}/login`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/tickets/);
    await page.screenshot({ path: path.join(here, 'results', 'inbox-scroll-list.png') });

    // 1. the Open tab, scrolled down until every ticket is loaded
    const list = page.getByTestId('tickets-list');
    await list.locator('[data-index]').first().waitFor();
    let loaded = 0;
    const listStart = Date.now();
    for (let i = 0; i < 400; i++) {
      await list.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await page.waitForTimeout(150);
      const n = await list.evaluate((el) =>
        Math.round(el.scrollHeight / (el.querySelector('[data-index]') as HTMLElement).offsetHeight),
      );
      if (n >= TICKETS) break;
      if (n === loaded && i > 10 && (await page.getByRole('progressbar').count()) === 0) {
        await page.waitForTimeout(500);
      }
      loaded = n;
    }
    const ticketRows = await list.evaluate((el) =>
      Math.round(el.scrollHeight / (el.querySelector('[data-index]') as HTMLElement).offsetHeight),
    );
    console.log(`ticket list: ${ticketRows} rows loaded in ${((Date.now() - listStart) / 1000).toFixed(1)} s`);
    results.ticketList = { loaded: ticketRows, ...(await sweep(page, 'tickets-list', 'up')) };
    console.log('ticket list sweep', results.ticketList);

    // 2. the conversation, scrolled up until every page is loaded
    await page.goto(`${WEB}/tickets/${uuid}`);
    const pane = page.getByTestId('messages-list');
    await pane.locator('[data-testid="message"]').first().waitFor();
    const paneStart = Date.now();
    let count = 0;
    for (let pageNo = 1; pageNo < maxPages; pageNo++) {
      await pane.evaluate((el) => {
        el.scrollTop = 0;
      });
      const target = Math.min(MESSAGES, (pageNo + 1) * 20);
      await page
        .waitForFunction(
          (n) => Number(document.querySelector('[data-testid="messages-list"]')?.getAttribute('data-count')) >= n,
          target,
          {
            timeout: 15_000,
          },
        )
        .catch(() => {});
      count = Number(await pane.getAttribute('data-count'));
      if (pageNo % 50 === 0)
        console.log(`  conversation: ${count} messages loaded (${((Date.now() - paneStart) / 1000).toFixed(0)} s)`);
      if (count >= MESSAGES) break;
    }
    const inDom = await pane.locator('[data-testid="message"]').count();
    await page.screenshot({ path: path.join(here, 'results', 'inbox-scroll-conversation.png') });
    console.log(
      `conversation: ${count} messages loaded in ${((Date.now() - paneStart) / 1000).toFixed(1)} s, ${inDom} in the DOM`,
    );
    results.conversation = { loaded: count, inDomAtTop: inDom, ...(await sweep(page, 'messages-list', 'down')) };
    console.log('conversation sweep', results.conversation);
  } finally {
    await browser.close();
    product.kill('SIGTERM');
    await new Promise((r) => product.once('exit', r));
    await drop();
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'inbox-scroll.json'),
    `${JSON.stringify({ at: new Date().toISOString(), tickets: TICKETS, messages: MESSAGES, ...results }, null, 2)}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
