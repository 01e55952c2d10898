import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { standinAddress } from './channels/baileys/standin-socket';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  API_PORT: z.coerce.number().int().default(8080),
  WEB_PORT: z.coerce.number().int().default(3000),
  /** Origin of the web app (CORS allows only it); default http://localhost:<WEB_PORT>. */
  FRONTEND_URL: z.string().optional(),
  /** Public base URL of the API (media URLs, webhooks, and the web app served by this process); default http://localhost:<API_PORT>. */
  BACKEND_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of the socket.io Redis channels and rate-limit keys: deployments sharing one Redis keep their events and counters apart. */
  REDIS_CHANNEL_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/)
    .default('atendo-io'),
  /**
   * Proxies whose X-Forwarded-For is believed (client address of rate limits and logs): comma-separated
   * addresses/CIDRs (`127.0.0.1,10.0.0.0/8`) or a hop count (`1`); unset, no proxy is trusted.
   */
  TRUST_PROXY: z.string().default(''),
  MEDIA_DIR: z.string().optional(),
  /** A system ffmpeg instead of the static build of `@ffmpeg-installer` (voice notes, iOS playback). */
  FFMPEG_PATH: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(7),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOGIN_RATE_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_EMAIL_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
  SIGNUP_RATE_IP_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Hours of inactivity after which a ticket is closed automatically (seed 000 §9). */
  EXPIRES_TICKET_HOURS: z.coerce.number().positive().default(24),
  GRAPH_API_URL: z.string().default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z.string().default('v13.0'),
  /** OpenAI's REST base (audio transcription); the Graph stand-in answers its path too for tests and development. */
  OPENAI_API_URL: z.string().default('https://api.openai.com/v1'),
  /** Speech synthesis base of prompts with a voice (Azure text-to-speech; `{region}` is the prompt's voiceRegion). */
  SPEECH_API_URL: z.string().default('https://{region}.tts.speech.microsoft.com'),
  /** "host:port" items that outbound calls to company-given URLs may reach although private (local stand-ins in development and tests); empty in production. */
  OUTBOUND_ALLOWED_HOSTS: z.string().default(''),
  /**
   * A socket that has just been written waits this long before its next write, and what arrives meanwhile goes out in
   * one write (docs/deploy.md, "Realtime CPU"); 0 writes every event at once.
   */
  REALTIME_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(25),
  /** Outgoing webhooks (docs/api.md): first retry after this many seconds, doubling (capped at 6 h) over about a day. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(60),
  /** Failed attempts in a row after which an endpoint is paused and its company's admins told. */
  WEBHOOK_PAUSE_AFTER: z.coerce.number().int().positive().default(15),
  /** Seconds one delivery waits for its endpoint's answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** Dialogflow ES API base and Google's OAuth token URL (a local stand-in in tests); the token URL overrides the credentials' token_uri. */
  DIALOGFLOW_API_URL: z.string().default('https://dialogflow.googleapis.com'),
  GOOGLE_TOKEN_URL: z.string().default(''),
  /** Meta app of the Facebook/Instagram channels: login token exchange, webhook signatures and handshake. */
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_VERIFY_TOKEN: z.string().optional(),
  /** `on` only for the Playwright server: test hooks such as a fake QR pushed through the session event. */
  /** Payment providers' API bases (billing): the real ones by default; tools/payment-standin in tests and development. */
  EFI_API_URL: z.string().default('https://pix.api.efipay.com.br'),
  MERCADOPAGO_API_URL: z.string().default('https://api.mercadopago.com'),
  STRIPE_API_URL: z.string().default('https://api.stripe.com'),
  ASAAS_API_URL: z.string().default('https://api.asaas.com/v3'),
  /** Webhook secrets (docs/billing.md): Stripe's signing secret, Mercado Pago's x-signature secret, Asaas' access token, Efí's hmac. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  ASAAS_WEBHOOK_TOKEN: z.string().optional(),
  EFI_WEBHOOK_HMAC: z.string().optional(),
  E2E_HOOKS: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.string().default('info'),
  SERVE_WEB: bool,
  WEB_DIST: z.string().optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  /**
   * Journeys and demos: the jobs that run every minute (campaigns' tick, the SLA and idle sweeps, schedules, kanban
   * lanes…) also run every this many seconds, so what waits for "the next minute" waits seconds. Unset in production.
   */
  MINUTE_JOBS_EVERY_SECONDS: z.coerce.number().int().min(2).max(59).optional(),
  /** How long the automation keeps a connection's setup (company hours and settings, the connection, its queues) between decisions; an admin's change drops it at once. */
  SETUP_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Bearer token of GET /metrics (Prometheus); unset, the route answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Name of this API process (e.g. api-2): sent as X-Atendo-Instance on every answer when set (deploy/, test:scale). */
  INSTANCE_NAME: z.string().max(64).optional(),
  /**
   * TEST ONLY: QR connections dial tools/baileys-standin at this loopback tcp:// address instead of WhatsApp
   * (npm run test:scale). Refused when NODE_ENV=production.
   */
  BAILEYS_STANDIN_URL: z.string().optional(),
});

/** The Baileys stand-in address, refused in production and anywhere but loopback (a test tool, never a way in). */
function baileysStandinUrl(nodeEnv: string, url: string | undefined) {
  if (!url) return undefined;
  if (nodeEnv === 'production') {
    throw new Error('BAILEYS_STANDIN_URL is a test tool and is refused when NODE_ENV=production: unset it');
  }
  standinAddress(url);
  return url;
}

/**
 * TRUST_PROXY as Fastify's trustProxy: false (the peer is the client), the proxies' addresses/CIDRs, or a
 * hop count — a function, since Fastify ignores a bare number; a count suits only an API that nothing but
 * those proxies can reach. Never `true`: trusting every hop lets any client forge its address.
 */
export function trustProxy(value: string): false | string[] | ((address: string, hop: number) => boolean) {
  const v = value.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || extra !== undefined || !validBits) {
      throw new Error(`TRUST_PROXY: "${item}" is not an address, a CIDR or a hop count`);
    }
  }
  return items;
}

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; defaults give the embedded mode (PGlite in ./data/db). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<z.input<typeof EnvSchema>> = {}) {
  const parsed = EnvSchema.parse({ ...env, ...overrides });
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV,
    host: parsed.HOST,
    apiPort: parsed.API_PORT,
    webPort: parsed.WEB_PORT,
    frontendUrl: (parsed.FRONTEND_URL || `http://localhost:${parsed.WEB_PORT}`).replace(/\/$/, ''),
    backendUrl: (parsed.BACKEND_URL || `http://localhost:${parsed.API_PORT}`).replace(/\/$/, ''),
    /** BACKEND_URL when it was given: the web app served by this process calls it instead of its own host on API_PORT. */
    publicApiUrl: parsed.BACKEND_URL ? parsed.BACKEND_URL.replace(/\/$/, '') : undefined,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    redisUrl: parsed.REDIS_URL || undefined,
    redisChannelPrefix: parsed.REDIS_CHANNEL_PREFIX,
    realtimeFlushMs: parsed.REALTIME_FLUSH_MS,
    trustProxy: trustProxy(parsed.TRUST_PROXY),
    mediaDir: path.resolve(parsed.MEDIA_DIR ?? path.join(dataDir, 'media')),
    ffmpegPath: parsed.FFMPEG_PATH || undefined,
    jwtSecret: parsed.JWT_SECRET ?? undefined,
    accessTokenTtlSeconds: parsed.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: parsed.REFRESH_TOKEN_TTL_DAYS,
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    loginRateIpPerMinute: parsed.LOGIN_RATE_IP_PER_MINUTE,
    loginRateEmailPer15Minutes: parsed.LOGIN_RATE_EMAIL_PER_15_MINUTES,
    signupRateIpPerHour: parsed.SIGNUP_RATE_IP_PER_HOUR,
    expiresTicketHours: parsed.EXPIRES_TICKET_HOURS,
    graphApiUrl: parsed.GRAPH_API_URL.replace(/\/$/, ''),
    graphApiVersion: parsed.GRAPH_API_VERSION,
    openAiApiUrl: parsed.OPENAI_API_URL.replace(/\/$/, ''),
    speechApiUrl: parsed.SPEECH_API_URL.replace(/\/$/, ''),
    dialogflowApiUrl: parsed.DIALOGFLOW_API_URL.replace(/\/$/, ''),
    googleTokenUrl: parsed.GOOGLE_TOKEN_URL || undefined,
    outboundAllowedHosts: parsed.OUTBOUND_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    webhooks: {
      retryBaseSeconds: parsed.WEBHOOK_RETRY_BASE_SECONDS,
      pauseAfter: parsed.WEBHOOK_PAUSE_AFTER,
      timeoutMs: parsed.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    facebookAppId: parsed.FACEBOOK_APP_ID || undefined,
    facebookAppSecret: parsed.FACEBOOK_APP_SECRET || undefined,
    facebookVerifyToken: parsed.FACEBOOK_VERIFY_TOKEN || undefined,
    payments: {
      efiApiUrl: parsed.EFI_API_URL.replace(/\/$/, ''),
      mercadoPagoApiUrl: parsed.MERCADOPAGO_API_URL.replace(/\/$/, ''),
      stripeApiUrl: parsed.STRIPE_API_URL.replace(/\/$/, ''),
      asaasApiUrl: parsed.ASAAS_API_URL.replace(/\/$/, ''),
      stripeWebhookSecret: parsed.STRIPE_WEBHOOK_SECRET || undefined,
      mercadoPagoWebhookSecret: parsed.MERCADOPAGO_WEBHOOK_SECRET || undefined,
      asaasWebhookToken: parsed.ASAAS_WEBHOOK_TOKEN || undefined,
      efiWebhookHmac: parsed.EFI_WEBHOOK_HMAC || undefined,
    },
    e2eHooks: parsed.E2E_HOOKS === 'on',
    logLevel: parsed.LOG_LEVEL,
    serveWeb: parsed.SERVE_WEB,
    webDist: parsed.WEB_DIST ? path.resolve(parsed.WEB_DIST) : undefined,
    jobs: parsed.JOBS === 'on',
    minuteJobsEverySeconds: parsed.MINUTE_JOBS_EVERY_SECONDS,
    setupCacheMs: parsed.SETUP_CACHE_SECONDS * 1000,
    metricsToken: parsed.METRICS_TOKEN || undefined,
    instanceName: parsed.INSTANCE_NAME || undefined,
    baileysStandinUrl: baileysStandinUrl(parsed.NODE_ENV, parsed.BAILEYS_STANDIN_URL || undefined),
  };
}

/** The JWT secret: from the environment, else generated once and kept in the data folder so restarts keep sessions. */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
