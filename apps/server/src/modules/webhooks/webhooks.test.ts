import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addConnection, addQueue, companySetting, customerWrites, rows } from '../../../test/attendance';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';
import { newWebhookSecret, retryDelaySeconds, signatureHeader, verifySignature } from './webhooks.signature';

/** What the loopback receiver got: the envelope, whether its signature verified, the headers. */
interface Received {
  path: string;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the receiver reads whatever JSON the event carries.
  envelope: { id: string; type: string; companyId: number; createdAt: string; data: Record<string, any> };
  signature: string;
  verified: boolean | null;
}

let t: TestContext, a: Tenant, b: Tenant, noApi: Tenant;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** Secrets by receiver path (each endpoint has its own path), to verify as a receiver would. */
const secrets = new Map<string, string>();
/** Paths that answer 500. */
const failing = new Set<string>();
/** Paths that hold the request open until the test lets them answer (a slow endpoint). */
const held = new Map<string, (() => void)[]>();

const req = requester(() => t);

/** docs/api.md's recipe, written independently of the server's code: HMAC-SHA256 of `${t}.${body}`, hex. */
function receiverVerifies(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return (
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 &&
    expected.length === parts.v1.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1))
  );
}

beforeAll(async () => {
  receiver = http.createServer((r, res) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = r.url ?? '/';
      const signature = String(r.headers['x-atendo-signature'] ?? '');
      const secret = secrets.get(path);
      received.push({
        path,
        body,
        envelope: JSON.parse(body),
        signature,
        verified: secret ? receiverVerifies(secret, signature, body) : null,
      });
      const answer = () => res.writeHead(failing.has(path) ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
      const hold = held.get(path);
      if (hold) hold.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  // Loopback is reachable only because this test allows this one host:port (never a default).
  [t, a, b] = await appWithCompanies(2, {
    env: {
      JOBS: 'on',
      OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port}`,
      WEBHOOK_RETRY_BASE_SECONDS: '0',
      WEBHOOK_PAUSE_AFTER: '3',
    },
  });
  noApi = await createTenant(t, { planFlags: { useExternalApi: false } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function addEndpoint(tenant: Tenant, path: string, events: string[]) {
  const res = await req('POST', '/webhook-endpoints', tenant.adminToken, { url: `${base}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  secrets.set(path, body.secret);
  return body as { id: number; secret: string; secretHint: string };
}

const at = (path: string) => received.filter((r) => r.path === path);

describe('outgoing webhooks', () => {
  it('signs as documented: t=<seconds>,v1=<HMAC-SHA256 hex of t.body>; back-off doubles up to 6 h', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, 1_800_000_000, '{"a":1}');
    expect(header).toBe(`t=1800000000,v1=${createHmac('sha256', secret).update('1800000000.{"a":1}').digest('hex')}`);
    expect(verifySignature(secret, header, '{"a":1}', 1_800_000_100)).toBe(true);
    expect(verifySignature(secret, header, '{"a":2}', 1_800_000_100)).toBe(false);
    expect(verifySignature(secret, header, '{"a":1}', 1_800_001_000)).toBe(false);
    expect([1, 2, 3, 10, 20].map((n) => retryDelaySeconds(60, n))).toEqual([60, 120, 240, 21_600, 21_600]);
  });

  it('refuses what the rules refuse: a profile user, a plan without the API, bad forms, private addresses', async () => {
    expect((await req('GET', '/webhook-endpoints', a.userToken)).statusCode).toBe(403);
    const plan = await req('GET', '/webhook-endpoints', noApi.adminToken);
    expect(plan.statusCode).toBe(403);
    expect(plan.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    const bad = await req('POST', '/webhook-endpoints', a.adminToken, { url: 'ftp://x', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'url', message: 'validation.webhookUrl' },
        { path: 'events', message: 'validation.webhookEvents' },
      ]),
    );
    const unknown = await req('POST', '/webhook-endpoints', a.adminToken, {
      url: 'https://example.com',
      events: ['ticket.eaten'],
    });
    expect(unknown.statusCode).toBe(400);
    for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.5/hook', 'http://[::1]/hook', 'http://169.254.169.254/']) {
      const res = await req('POST', '/webhook-endpoints', a.adminToken, { url, events: ['ticket.closed'] });
      expect(res.json(), url).toMatchObject({ error: 'ERR_URL_NOT_ALLOWED' });
    }
  });

  it('a customer message and a ticket close reach the endpoint signed; another company never hears them', async () => {
    const ep = await addEndpoint(a, '/a', ['message.created', 'ticket.closed', 'ticket.created', 'contact.created']);
    expect(ep.secret).toMatch(/^whsec_/);
    expect(ep.secretHint).toBe(ep.secret.slice(-4));
    expect((await req('GET', `/webhook-endpoints/${ep.id}/secret`, a.adminToken)).json()).toEqual({ secret: ep.secret });
    await addEndpoint(b, '/b', ['message.created', 'ticket.closed', 'ticket.created', 'contact.created']);
    // Company a hides numbers from profile users: the receiver is treated as one.
    await companySetting(t, a, 'enableLGPD', 'enabled');
    await companySetting(t, a, 'lgpdHideNumber', 'enabled');

    const conn = await addConnection(t, a, { queueIds: [await addQueue(t, a)] });
    const { ticketId, messageId } = await customerWrites(t, conn.id, { from: '5511987654321', body: 'Quero um orçamento' });
    const closed = await req('PUT', `/tickets/${ticketId}`, a.adminToken, { status: 'closed', sendFarewellMessage: false });
    expect(closed.statusCode, closed.body).toBe(200);
    await t.settled();

    await vi.waitFor(
      () => {
        const types = at('/a').map((r) => r.envelope.type);
        expect(types).toEqual(expect.arrayContaining(['message.created', 'ticket.created', 'contact.created', 'ticket.closed']));
      },
      { timeout: 20_000, interval: 100 },
    );
    for (const r of at('/a')) {
      expect(r.verified, r.envelope.type).toBe(true);
      expect(r.envelope.companyId).toBe(a.companyId);
    }
    const message = at('/a').find((r) => r.envelope.type === 'message.created')!.envelope;
    expect(message.data.message).toMatchObject({ id: messageId, body: 'Quero um orçamento', fromMe: false, ticketId });
    expect(message.data.contact.number).toBe('5511*******21');
    expect(message.data.ticket.contact.number).toBe('5511*******21');
    expect(JSON.stringify(message.data)).not.toContain('5511987654321');
    const close = at('/a').find((r) => r.envelope.type === 'ticket.closed')!.envelope;
    expect(close.data).toMatchObject({ ticket: { id: ticketId, status: 'closed' }, why: 'attendant' });

    // Every delivery is in the log, delivered on the first attempt, with the body as sent (recorded once answered).
    await vi.waitFor(
      async () => {
        const log = (await req('GET', `/webhook-endpoints/${ep.id}/deliveries`, a.adminToken)).json();
        const closeRow = log.records.find((d: { eventType: string }) => d.eventType === 'ticket.closed');
        expect(closeRow).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, eventId: close.id });
        expect(JSON.parse(closeRow.body)).toEqual(close);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Company b's endpoint heard nothing of company a.
    expect(at('/b')).toEqual([]);
  });

  it('resend delivers the same event id again; the test event reaches the endpoint', async () => {
    const [ep] = (await req('GET', '/webhook-endpoints', a.adminToken)).json();
    const test = await req('POST', `/webhook-endpoints/${ep.id}/test`, a.adminToken);
    expect(test.statusCode, test.body).toBe(201);
    const testRow = test.json();
    expect(testRow).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await vi.waitFor(() => expect(at('/a').some((r) => r.envelope.id === testRow.eventId)).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });
    const resent = await req('POST', `/webhook-endpoints/${ep.id}/deliveries/${testRow.id}/resend`, a.adminToken);
    expect(resent.statusCode, resent.body).toBe(200);
    await vi.waitFor(() => expect(at('/a').filter((r) => r.envelope.id === testRow.eventId)).toHaveLength(2), {
      timeout: 20_000,
      interval: 100,
    });
    const [first, second] = at('/a').filter((r) => r.envelope.id === testRow.eventId);
    expect(second.body).toBe(first.body);
    expect(second.verified).toBe(true);
    await vi.waitFor(
      async () => {
        const row = (await req('GET', `/webhook-endpoints/${ep.id}/deliveries`, a.adminToken))
          .json()
          .records.find((d: { id: number }) => d.id === testRow.id);
        expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
      },
      { timeout: 20_000, interval: 100 },
    );
    // Another company's endpoint or delivery answers 404; its admin cannot resend ours.
    expect((await req('POST', `/webhook-endpoints/${ep.id}/deliveries/${testRow.id}/resend`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', `/webhook-endpoints/${ep.id}/deliveries`, b.adminToken)).statusCode).toBe(404);
    expect((await req('PUT', `/webhook-endpoints/${ep.id}`, b.adminToken, { active: false })).statusCode).toBe(404);
    expect((await req('DELETE', `/webhook-endpoints/${ep.id}`, b.adminToken)).statusCode).toBe(404);
  });

  it('a failing receiver gets retries, then the endpoint pauses and the admins find a notice in their bell', async () => {
    const ep = await addEndpoint(a, '/down', ['contact.updated']);
    failing.add('/down');
    const conn = await addConnection(t, a, { queueIds: [await addQueue(t, a)] });
    const { contactId } = await customerWrites(t, conn.id);
    const edited = await req('PUT', `/contacts/${contactId}`, a.adminToken, { name: 'Cliente renomeado' });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.settled();

    await vi.waitFor(
      async () => {
        const [row] = (await req('GET', '/webhook-endpoints', a.adminToken)).json().filter((e: { id: number }) => e.id === ep.id);
        expect(row).toMatchObject({ active: false, pausedReason: 'failures', consecutiveFailures: 3 });
      },
      { timeout: 20_000, interval: 100 },
    );
    const attempts = at('/down');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.envelope.id)).size).toBe(1); // one event, retried with its id
    expect(attempts.every((r) => r.verified)).toBe(true);
    const log = (await req('GET', `/webhook-endpoints/${ep.id}/deliveries`, a.adminToken)).json();
    expect(log.records).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, responseStatus: 500 })]);

    // The notice: in the company's admins' bell, not its profile users', not another company's.
    const notices = (who: string) =>
      req('GET', '/announcements/?pageNumber=1', who).then((r) =>
        r.json().records.filter((x: { title: string }) => x.title === 'Webhook pausado'),
      );
    await vi.waitFor(async () => expect(await notices(a.adminToken)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect((await notices(a.adminToken))[0].text).toContain(`${base}/down`);
    // each reader's app writes it in their language from its key and values
    expect((await notices(a.adminToken))[0].notice).toEqual({
      key: 'webhookPaused',
      params: { url: `${base}/down`, failures: expect.any(Number) },
    });
    expect(await notices(a.userToken)).toEqual([]);
    expect(await notices(b.adminToken)).toEqual([]);

    // Paused: nothing new is recorded for it, a test or a resend is refused until it is resumed.
    expect((await req('POST', `/webhook-endpoints/${ep.id}/test`, a.adminToken)).json()).toEqual({ error: 'ERR_WEBHOOK_PAUSED' });
    failing.delete('/down');
    const resumed = await req('PUT', `/webhook-endpoints/${ep.id}`, a.adminToken, { active: true });
    expect(resumed.json()).toMatchObject({ active: true, pausedReason: null, consecutiveFailures: 0 });
    const resend = await req('POST', `/webhook-endpoints/${ep.id}/deliveries/${log.records[0].id}/resend`, a.adminToken);
    expect(resend.statusCode).toBe(200);
    await vi.waitFor(() => expect(at('/down')).toHaveLength(4), { timeout: 20_000, interval: 100 });
    expect(at('/down')[3].envelope.id).toBe(attempts[0].envelope.id);
  });

  it("one company's slow endpoint does not hold another company's deliveries", async () => {
    held.set('/slow', []);
    const slow = await addEndpoint(b, '/slow', ['ticket.closed']);
    const fast = await addEndpoint(a, '/fast', ['contact.updated']);
    expect((await req('POST', `/webhook-endpoints/${slow.id}/test`, b.adminToken)).statusCode).toBe(201);
    await vi.waitFor(() => expect(held.get('/slow')).toHaveLength(1), { timeout: 20_000, interval: 50 });
    // b's endpoint has not answered yet; a's test event is delivered meanwhile.
    expect((await req('POST', `/webhook-endpoints/${fast.id}/test`, a.adminToken)).statusCode).toBe(201);
    await vi.waitFor(() => expect(at('/fast')).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(held.get('/slow')).toHaveLength(1);
    const release = held.get('/slow') ?? [];
    held.delete('/slow');
    for (const answer of release) answer();
    await vi.waitFor(
      async () =>
        expect((await req('GET', `/webhook-endpoints/${slow.id}/deliveries`, b.adminToken)).json().records[0]).toMatchObject({
          status: 'delivered',
        }),
      { timeout: 20_000, interval: 100 },
    );
  });

  it('pause, edit and delete; the sweep keeps 30 days', async () => {
    const ep = await addEndpoint(a, '/edit', ['ticket.closed']);
    const paused = await req('PUT', `/webhook-endpoints/${ep.id}`, a.adminToken, { active: false, events: ['ticket.updated'] });
    expect(paused.json()).toMatchObject({ active: false, pausedReason: 'admin', events: ['ticket.updated'] });
    await req('POST', `/webhook-endpoints/${ep.id}/deliveries/1/resend`, a.adminToken).then((r) =>
      expect(r.statusCode).toBe(409),
    );
    await rows(
      t,
      sql`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = (SELECT min(id) FROM webhook_deliveries WHERE company_id = ${a.companyId})`,
    );
    const before = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM webhook_deliveries`);
    expect(await t.modules.webhooks.sweep()).toBe(1);
    const after = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM webhook_deliveries`);
    expect(after[0].n).toBe(before[0].n - 1);
    expect((await req('DELETE', `/webhook-endpoints/${ep.id}`, a.adminToken)).statusCode).toBe(204);
    expect((await req('GET', `/webhook-endpoints/${ep.id}/secret`, a.adminToken)).statusCode).toBe(404);
  });
});

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};

/** Where a value departs from a schema of the OpenAPI document (the subset zod emits for these payloads). */
function departures(schema: JsonSchema, value: unknown, at = '$'): string[] {
  if (schema.anyOf) return schema.anyOf.some((s) => !departures(s, value, at).length) ? [] : [`${at}: matches no branch`];
  if (schema.const !== undefined && value !== schema.const) return [`${at}: not ${schema.const}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${String(value)} not in the enum`];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (types.length && !types.some((t) => t === kind || (t === 'integer' && Number.isInteger(value)))) return [`${at}: ${kind}`];
  if (kind === 'array' && schema.items)
    return (value as unknown[]).flatMap((v, i) => departures(schema.items!, v, `${at}[${i}]`));
  if (kind !== 'object' || !schema.properties) return [];
  const obj = value as Record<string, unknown>;
  return [
    ...(schema.required ?? []).filter((k) => !(k in obj)).map((k) => `${at}.${k}: missing`),
    ...Object.keys(obj)
      .filter((k) => !schema.properties![k])
      .map((k) => `${at}.${k}: not documented`),
    ...Object.entries(obj).flatMap(([k, v]) => (schema.properties![k] ? departures(schema.properties![k], v, `${at}.${k}`) : [])),
  ];
}

it('every delivery above matches the envelope the OpenAPI document describes for its type (webhooks section)', () => {
  const doc = t.app.swagger() as unknown as {
    webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: JsonSchema } } } } }>;
  };
  const types = new Set(received.map((r) => r.envelope.type));
  // contact.created/updated, ticket.created/closed, message.created, webhook.test
  expect(types.size).toBeGreaterThanOrEqual(6);
  const wrong = received.flatMap((r) => {
    const described = doc.webhooks[r.envelope.type];
    if (!described) return [`${r.envelope.type}: not described`];
    return departures(described.post.requestBody.content['application/json'].schema, r.envelope).map(
      (d) => `${r.envelope.type} ${d}`,
    );
  });
  expect([...new Set(wrong)]).toEqual([]);
});
