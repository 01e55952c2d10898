// The scaled deployment on loopback, as deploy/ describes it: a fresh PostgreSQL database, Redis, N API processes
// (jobs on) and nginx running deploy/nginx.conf in front of them, plus the Graph API stand-in the Cloud API
// connections send to. Shared by scripts/test-scale.mjs and bench/realtime.mjs; run them with `node --import tsx`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBaileysStandin } from '@atendo/baileys-standin';
import { envelope, inbound, signBody, startGraphStandin } from '@atendo/graph-standin';
import pg from 'pg';
import { io } from 'socket.io-client';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stamp = () => new Date().toISOString().slice(11, 23);
export const log = (...args) => console.log(`[${stamp()}]`, ...args);

/** Waits until `check` answers something truthy (polling every `every` ms); throws `what` after `ms`. */
export async function waitFor(what, check, { ms = 30_000, every = 200 } = {}) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

const portLocks = path.join(tmpdir(), 'atendo-scale-ports');
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/**
 * Claims a port for this run: a lock file created exclusively (O_EXCL) in the temp folder, holding our pid. Two runs
 * on this machine (a CI run and someone's test:scale or bench) can then never pick the same port, even when both
 * probe it free before either listens on it. A lock left by a dead run is taken over.
 */
function lockPort(port) {
  mkdirSync(portLocks, { recursive: true });
  const file = path.join(portLocks, String(port));
  for (let i = 0; i < 2; i++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && alive(owner)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function unlockPorts(ports) {
  for (const port of ports) {
    const file = path.join(portLocks, String(port));
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  }
}

/**
 * `count` consecutive loopback ports in 18000–18999 (other sessions on this machine use other ports), claimed by
 * lock files (lockPort) and probed free; unlockPorts() gives them back.
 */
async function freePorts(count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 18000 + Math.floor(Math.random() * (1000 - count));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    const locked = [];
    for (const p of ports) {
      if (!lockPort(p)) break;
      locked.push(p);
    }
    if (locked.length === count && (await Promise.all(ports.map(portFree))).every(Boolean)) return ports;
    unlockPorts(locked);
  }
  throw new Error('no free ports in 18000-18999');
}

/** deploy/nginx.conf with this run's ports, root, logs and temp folders; the rest is the file as shipped. */
function nginxConfig(dir, { webPort, apiPort, ports, workers }) {
  let conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const swap = (from, to) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}": update scripts/scale/stack.mjs`);
    conf = conf.replace(from, to);
  };
  swap('worker_processes auto;', `worker_processes ${workers};`);
  swap('listen 80;', `listen 127.0.0.1:${webPort};`);
  swap('listen 8080;', `listen 127.0.0.1:${apiPort};`);
  swap('root /opt/atendo/apps/web/dist;', `root ${path.join(root, 'apps/web/dist')};`);
  swap('access_log /var/log/nginx/atendo.access.log;', `access_log ${dir}/access.log;`);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => {
    mkdirSync(path.join(dir, t), { recursive: true, mode: 0o777 });
    return `  ${t}_temp_path ${dir}/${t};`;
  });
  swap('http {\n', `http {\n${temps.join('\n')}\n`);
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const upstreams = ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n');
  writeFileSync(path.join(dir, 'upstreams.conf'), `${upstreams}\n`);
}

/** One HTTP request from a given loopback source address (nginx hashes on it), JSON in and out. */
export function request(url, { method = 'GET', body, headers = {}, from = '127.0.0.1', raw } = {}) {
  return new Promise((resolve, reject) => {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        localAddress: from,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json, instance: res.headers['x-atendo-instance'] });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout ${method} ${url}`)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * Starts the stack. `processes` API processes on loopback ports, each named api-1… (X-Atendo-Instance);
 * nginx in front (deploy/nginx.conf); the Graph stand-in for Cloud API sends. `stop()` ends everything it started.
 * `baileys: true` also starts tools/baileys-standin and points the processes' QR sockets at it
 * (BAILEYS_STANDIN_URL): that test-only setting is refused in production, so those processes run with NODE_ENV=test.
 * Every process trusts nginx on loopback (TRUST_PROXY=127.0.0.1) for the client address, as deploy/ does.
 */
export async function startStack({ processes = 3, nginxWorkers = 1, env = {}, pgUrl, redisUrl, baileys = false } = {}) {
  pgUrl ??= process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  redisUrl ??= process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const dir = mkdtempSync(path.join(tmpdir(), 'atendo-scale-'));
  const allPorts = await freePorts(processes + 4);
  const [webPort, apiPort, standinPort, baileysPort, ...ports] = allPorts;
  const dbName = `atendo_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });

  const secret = randomBytes(32).toString('hex');
  const metricsToken = randomBytes(16).toString('hex');
  const adminEmail = 'admin@scale.test';
  const adminPassword = `Adm#${randomBytes(6).toString('hex')}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const standin = await startGraphStandin({ appSecret: 'unused', port: standinPort, host: '127.0.0.1' });
  const whatsapp = baileys ? await startBaileysStandin({ port: baileysPort, host: '127.0.0.1' }) : undefined;
  const baileysEnv = whatsapp ? { NODE_ENV: 'test', BAILEYS_STANDIN_URL: whatsapp.url } : {};
  const procs = ports.map((port, i) => ({
    name: `api-${i + 1}`,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    alive: false,
  }));
  let nginx;

  // The processes run the compiled API (apps/server/dist), as production does: built once, here, from these sources.
  const build = spawnSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('apps/server build failed');

  const spawnProcess = (p) => {
    const out = openSync(path.join(dir, `${p.name}.log`), 'a');
    // SCALE_CPU_PROF=<dir>: each API process writes a V8 CPU profile there when it stops (for bench/realtime).
    const prof = process.env.SCALE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_CPU_PROF}`] : [];
    p.child = spawn(process.execPath, [...prof, '--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        API_PORT: String(p.port),
        INSTANCE_NAME: p.name,
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: dbName,
        TRUST_PROXY: '127.0.0.1',
        JWT_SECRET: secret,
        METRICS_TOKEN: metricsToken,
        JOBS: 'on',
        DATA_DIR: path.join(dir, 'data'),
        MEDIA_DIR: path.join(dir, 'media'),
        FRONTEND_URL: webUrl,
        BACKEND_URL: apiUrl,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        GRAPH_API_URL: standin.url,
        GRAPH_API_VERSION: 'v21.0',
        LOG_LEVEL: 'warn',
        ...baileysEnv,
        ...env,
      },
    });
    closeSync(out);
    p.alive = true;
    p.child.on('exit', () => {
      p.alive = false;
    });
  };
  const healthy = (p) =>
    waitFor(`${p.name} /health`, async () => (await request(`${p.url}/health`)).status === 200, { ms: 120_000, every: 500 });

  const stack = {
    dir,
    apiUrl,
    webUrl,
    procs,
    standin,
    /** tools/baileys-standin (WhatsApp's servers for QR connections), with `baileys: true`. */
    whatsapp,
    db,
    dbName,
    secret,
    metricsToken,
    adminEmail,
    adminPassword,
    /** Prometheus text of one process, scraped directly (not through nginx, which hides /metrics). */
    async metrics(p) {
      const res = await request(`${p.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      if (res.status !== 200) throw new Error(`${p.name} /metrics: ${res.status}`);
      return res.text;
    },
    kill(p, signal = 'SIGKILL') {
      p.child.kill(signal);
    },
    async stop({ keepDir = false } = {}) {
      for (const p of procs) if (p.alive) p.child.kill('SIGTERM');
      await Promise.all(
        procs.map((p) =>
          p.alive
            ? Promise.race([new Promise((r) => p.child.once('exit', r)), sleep(15_000).then(() => p.child.kill('SIGKILL'))])
            : undefined,
        ),
      );
      if (nginx && nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await Promise.race([new Promise((r) => nginx.once('exit', r)), sleep(5_000).then(() => nginx.kill('SIGKILL'))]);
      }
      await standin.close().catch(() => {});
      await whatsapp?.close().catch(() => {});
      await db.end().catch(() => {});
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await c.end();
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
      unlockPorts(allPorts);
    },
  };

  try {
    // The first process migrates and seeds; the others start on a migrated database.
    log(`database ${dbName}; logs and nginx prefix in ${dir}`);
    spawnProcess(procs[0]);
    await healthy(procs[0]);
    for (const p of procs.slice(1)) spawnProcess(p);
    await Promise.all(procs.slice(1).map(healthy));
    for (const p of procs) log(`${p.name} up on ${p.url} (pid ${p.child.pid})`);
    nginxConfig(dir, { webPort, apiPort, ports, workers: nginxWorkers });
    copyFileSync(path.join(root, 'deploy/nginx.conf'), path.join(dir, 'nginx.conf.shipped'));
    const nginxBin = process.env.NGINX ?? 'nginx';
    nginx = spawn(
      nginxBin,
      [
        '-p',
        dir,
        '-c',
        path.join(dir, 'nginx.conf'),
        '-e',
        path.join(dir, 'error.log'),
        '-g',
        `daemon off; pid ${dir}/nginx.pid;`,
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitFor('nginx', async () => (await request(`${apiUrl}/health`)).status === 200, { ms: 15_000 });
    log(`nginx (pid ${nginx.pid}) on ${apiUrl} (API, socket.io) and ${webUrl} (web)`);
    stack.nginxPid = nginx.pid;
    return stack;
  } catch (err) {
    log(`stack failed to start: ${err.message}; logs kept in ${dir}`);
    await stack.stop({ keepDir: true });
    throw err;
  }
}

/**
 * Loopback source addresses by the process nginx sends them to (consistent hash of $remote_addr):
 * `perProcess` addresses for every process, found by asking /health from 127.0.0.2, .3, …
 */
export async function addressesByProcess(stack, perProcess = 1, maxTries = 2000) {
  const byName = new Map(stack.procs.map((p) => [p.name, []]));
  for (let n = 2; n < 2 + maxTries; n++) {
    const from = `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;
    const res = await request(`${stack.apiUrl}/health`, { from });
    const list = byName.get(res.instance);
    if (list && list.length < perProcess) list.push(from);
    if ([...byName.values()].every((l) => l.length >= perProcess)) return byName;
  }
  throw new Error('could not find source addresses for every process');
}

/** Signs in through nginx from `from`; answers the access token and user. */
export async function signIn(stack, email, password, from) {
  const res = await request(`${stack.apiUrl}/auth/login`, { method: 'POST', body: { email, password }, from });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.text}`);
  return { token: res.json.token, user: res.json.user, instance: res.instance };
}

/** An authenticated JSON call through nginx. */
export async function api(stack, token, method, url, body, from = '127.0.0.1') {
  return request(`${stack.apiUrl}${url}`, { method, body, headers: { authorization: `Bearer ${token}` }, from });
}

async function created(res, what) {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json;
}

/**
 * The platform company (1) with `queues` queues, one Cloud API connection per queue (so a customer of that
 * connection lands in that queue) and `usersPerQueue` attendants in each.
 */
export async function setupCompany(stack, { queues = 1, usersPerQueue = 3, password = 'Secret#123' } = {}) {
  const adminSession = await signIn(stack, stack.adminEmail, stack.adminPassword, '127.0.0.1');
  const companyId = adminSession.user.companyId;
  const t = adminSession.token;
  const result = { companyId, adminToken: t, queues: [] };
  // The seeded plan allows 10 users; the bench needs more (0 = unlimited).
  await stack.db.query(
    'UPDATE plans SET users = 0, queues = 0, connections = 0 WHERE id = (SELECT plan_id FROM companies WHERE id = $1)',
    [companyId],
  );
  for (let q = 0; q < queues; q++) {
    const queue = await created(
      await api(stack, t, 'POST', '/queue', {
        name: `Fila ${q + 1}`,
        color: ['#3366ff', '#ff6633', '#33aa55', '#aa33cc'][q % 4],
        greetingMessage: 'Olá! Em que podemos ajudar?',
      }),
      'queue',
    );
    const conn = {
      phoneNumberId: `1${String(Date.now()).slice(-9)}${String(q).padStart(4, '0')}`,
      appSecret: randomBytes(16).toString('hex'),
      accessToken: `EAAG${randomBytes(12).toString('hex')}`,
      verifyToken: `verify-${randomBytes(6).toString('hex')}`,
    };
    const c = await created(
      await api(stack, t, 'POST', '/whatsapp', { name: `Cloud ${q + 1}`, channel: 'whatsappapi', queueIds: [queue.id], ...conn }),
      'connection',
    );
    const users = [];
    for (let u = 0; u < usersPerQueue; u++) {
      const email = `att-${q + 1}-${u + 1}@scale.test`;
      const user = await created(
        await api(stack, t, 'POST', '/users', {
          name: `Atendente ${q + 1}.${u + 1}`,
          email,
          password,
          profile: 'user',
          queueIds: [queue.id],
        }),
        'user',
      );
      users.push({ id: user.id, email, password });
    }
    result.queues.push({ id: queue.id, connection: { id: c.id, ...conn }, users });
  }
  return result;
}

/** A customer's text posted as Meta would (raw bytes signed with the app secret) through nginx from `from`. */
export function customerWrites(stack, connection, { from: customer, body, id }, from = '127.0.0.1') {
  const message = inbound.text({ from: customer, body, ...(id ? { id } : {}) });
  // Meta saw the customer write: the 24-hour window for free-form answers opens in the stand-in (issue 36); the
  // realtime bench's load process has no stand-in of its own (it sends no answers).
  stack.standin?.customerWrote(connection.phoneNumberId, customer, Number(message.timestamp) * 1000 || Date.now());
  const raw = JSON.stringify(envelope({ phoneNumberId: connection.phoneNumberId }, { messages: [message] }));
  return request(`${stack.apiUrl}/webhooks/whatsappapi/${connection.id}`, {
    method: 'POST',
    raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, connection.appSecret) },
    from,
  }).then((res) => ({ ...res, wamid: message.id }));
}

/** An attendant's socket on the company namespace through nginx, from a given source address (websocket). */
export function connectSocket(stack, companyId, session, from, opts = {}) {
  const socket = io(`${stack.apiUrl}/${companyId}`, {
    auth: { token: session.token },
    query: { userId: String(session.user.id) },
    transports: ['websocket'],
    localAddress: from,
    reconnectionDelay: 500,
    reconnectionDelayMax: 1000,
    forceNew: true,
    ...opts,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket of ${session.user.email} did not connect`)), 20_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      if (!socket.active) {
        clearTimeout(timer);
        reject(err);
      }
    });
  });
}

/** The value of one series in a Prometheus text scrape (0 when absent). */
export function sample(text, name, labels = {}) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!(line.startsWith(`${name}{`) || line.startsWith(`${name} `))) continue;
    const inside = line.includes('{') ? line.slice(line.indexOf('{') + 1, line.indexOf('}')).split(',') : [];
    if (want.every((w) => inside.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

export const webDistBuilt = () => existsSync(path.join(root, 'apps/web/dist/index.html'));
