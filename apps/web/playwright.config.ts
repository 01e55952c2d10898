import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is read by the runner and by every worker: make the data folder once and pass it down.
process.env.ATENDO_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'atendo-e2e-'));

/** Set E2E_BASE_URL to run against a product that is already up (then no server is started). */
const external = process.env.E2E_BASE_URL;
/**
 * E2E_WEB_PORT / E2E_API_PORT (and E2E_GRAPH_PORT / E2E_PAYMENT_PORT for the stand-ins) move a run off the default
 * ports, so two checkouts can run journeys side by side. The workers read the API's URL from E2E_API_URL.
 */
const webPort = process.env.E2E_WEB_PORT ?? '3000';
const apiPort = process.env.E2E_API_PORT ?? '8080';
process.env.E2E_API_URL ??= `http://localhost:${apiPort}`;
export const WEB_URL = external ?? `http://localhost:${webPort}`;
export const API_URL = process.env.E2E_API_URL;

/**
 * Debian's Chromium: its headless shell when installed (the same engine without the browser's own interface: three
 * journeys took 58 s against 68 s with the full browser), else the browser. CHROMIUM_PATH picks another.
 */
const chromium = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/lib/chromium/chromium-headless-shell'
  : '/usr/bin/chromium';

/** Set by scripts/e2e.mjs when journeys run in lanes: each lane keeps its own results and report. */
const lane = process.env.E2E_LANE ? `/lane-${process.env.E2E_LANE}` : '';

export default defineConfig({
  testDir: './e2e',
  outputDir: `./test-results${lane}`,
  fullyParallel: false,
  // one embedded database, one product: journeys run one after another (scripts/e2e.mjs runs two such lanes side by side)
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report${lane}` }]] : 'list',
  use: {
    baseURL: WEB_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    colorScheme: 'light',
    // the system asks for less motion: the theme's transitions are instant (less to draw on 2 cores: three journeys 54 s
    // against 63 s); E2E_REDUCED_MOTION=no-preference runs them with MUI's transitions
    reducedMotion: process.env.E2E_REDUCED_MOTION === 'no-preference' ? 'no-preference' : 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // a fake microphone (a beep) that needs no prompt: the composer's voice notes are recorded in the journeys
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } } }],
  webServer: external
    ? undefined
    : {
        // build first so the journeys never run a stale bundle; start.mjs runs API :8080 + SPA :3000. In lanes
        // (scripts/e2e.mjs) the build is made once before they start, and each lane runs the compiled product as start.mjs does.
        command: process.env.E2E_PREBUILT ? 'node apps/server/dist/main.js' : 'npm run build && node ../../scripts/start.mjs',
        cwd: process.env.E2E_PREBUILT ? '../..' : '.',
        url: `${WEB_URL}/login`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          DATA_DIR: process.env.ATENDO_E2E_DATA_DIR,
          // scripts/e2e.mjs runs a lane's product on PostgreSQL and Redis when CI gives it a server (E2E_DATABASE_URL)
          ...(process.env.E2E_PRODUCT_DATABASE_URL
            ? { DATABASE_URL: process.env.E2E_PRODUCT_DATABASE_URL, REDIS_URL: process.env.E2E_PRODUCT_REDIS_URL ?? '' }
            : {}),
          SERVE_WEB: 'true',
          WEB_PORT: webPort,
          API_PORT: apiPort,
          ADMIN_EMAIL: 'admin@atendo.test',
          ADMIN_PASSWORD: 'Admin#12345',
          NODE_ENV: 'production',
          // request lines would drown the test report; warnings and errors still show
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
          // the Graph API stand-in that e2e/tickets.spec.ts starts
          GRAPH_API_URL: `http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? 8090}`,
          // the same stand-in answers OpenAI's audio transcription path
          OPENAI_API_URL: `http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? 8090}/v1`,
          // and the AI prompts' chat completions and speech synthesis (e2e/prompts.spec.ts), reached through the outbound guard
          SPEECH_API_URL: `http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? 8090}`,
          // plus the receiver e2e/webhooks.spec.ts starts for the company's outgoing webhooks (graph port + 3)
          OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${process.env.E2E_GRAPH_PORT ?? 8090},127.0.0.1:${Number(process.env.E2E_GRAPH_PORT ?? 8090) + 3}`,
          // what waits for the next minute (a scheduled campaign, an SLA breach, a schedule) waits seconds
          MINUTE_JOBS_EVERY_SECONDS: '5',
          // a failed webhook delivery is retried after seconds, not a minute (the journey sees the log settle)
          WEBHOOK_RETRY_BASE_SECONDS: '2',
          // the payment providers' stand-in that e2e/billing.spec.ts starts (tools/payment-standin), with its webhook secrets
          EFI_API_URL: `http://127.0.0.1:${process.env.E2E_PAYMENT_PORT ?? 8091}`,
          MERCADOPAGO_API_URL: `http://127.0.0.1:${process.env.E2E_PAYMENT_PORT ?? 8091}`,
          STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_PAYMENT_PORT ?? 8091}`,
          ASAAS_API_URL: `http://127.0.0.1:${process.env.E2E_PAYMENT_PORT ?? 8091}/v3`,
          EFI_WEBHOOK_HMAC: 'e2e-efi-hmac',
          STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
          MERCADOPAGO_WEBHOOK_SECRET: 'e2e-mp-secret',
          ASAAS_WEBHOOK_TOKEN: 'e2e-asaas-token',
          // journeys sign in many times from one address
          LOGIN_RATE_IP_PER_MINUTE: '1000',
          // test hooks (a fake QR pushed through the real session event: e2e/connections.spec.ts)
          E2E_HOOKS: 'on',
          LOGIN_RATE_EMAIL_PER_15_MINUTES: '1000',
          SIGNUP_RATE_IP_PER_HOUR: '1000',
        },
      },
});
