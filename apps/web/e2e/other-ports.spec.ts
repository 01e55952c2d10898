import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { drawer } from './helpers';

/**
 * Issue 30 item 1: `API_PORT=8181 WEB_PORT=3181 npm start` serves a web app that finds its API on :8181 — told at run
 * time by the server that serves it, without a rebuild — and never calls the default :8080, where this run's own
 * product listens (the silent "another Atendo" of the issue). A second product is started here, on its own data.
 */
const API_PORT = Number(process.env.E2E_OTHER_API_PORT ?? 8181);
const WEB_PORT = Number(process.env.E2E_OTHER_WEB_PORT ?? 3181);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'portas@atendo.test', password: 'Portas#12345' };

let product: ChildProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-ports-'));
  product = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true, // its own process group: start.mjs and the server it runs end together
    env: {
      ...process.env,
      API_PORT: String(API_PORT),
      WEB_PORT: String(WEB_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      FRONTEND_URL: '',
      BACKEND_URL: '',
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://localhost:${WEB_PORT}/login`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 110_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (product?.pid) {
    try {
      process.kill(-product.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test(`a product on :${WEB_PORT} and :${API_PORT} calls its own API, never :8080`, async ({ page }) => {
  const apiHosts = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.port !== String(WEB_PORT)) apiHosts.add(`${u.hostname}:${u.port}`);
  });
  await page.goto(`http://localhost:${WEB_PORT}/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(`http://localhost:${WEB_PORT}/tickets`);
  await expect(drawer(page)).toBeVisible();
  await expect(page.getByText('Não foi possível falar com o servidor')).toHaveCount(0);
  expect([...apiHosts]).toEqual([`localhost:${API_PORT}`]);
});
