import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue } from '../../../test/attendance';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let queueA: number;
const req = requester(() => t);

/** A company's JSON feed (allowed through OUTBOUND_ALLOWED_HOSTS) and a private service that must never be reached. */
let feed: Server;
let inside: Server;
let insideHits = 0;
const port = (s: Server) => (s.address() as AddressInfo).port;

const listen = (s: Server) => new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));

beforeAll(async () => {
  inside = createServer((_req, res) => {
    insideHits++;
    res.setHeader('content-type', 'application/json');
    res.end('{"secret":true}');
  });
  await listen(inside);
  feed = createServer((rq, res) => {
    if (rq.url === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', `http://127.0.0.1:${port(inside)}/`);
      return res.end();
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ produtos: [{ nome: 'Plano Pro', preco: 99 }] }));
  });
  await listen(feed);
  [t, a, b] = await appWithCompanies(2, { env: { OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port(feed)}` } });
  queueA = await addQueue(t, a, 'Vendas IA');
});
afterAll(async () => {
  await t?.close();
  feed?.close();
  inside?.close();
});

const INSTRUCTIONS = 'Você é um vendedor cordial da Loja. Responda em português, com frases curtas e objetivas.';

describe('prompts CRUD', () => {
  it('creates with the seed defaults, masks the key, lists, updates, deletes, with company events', async () => {
    const created = await req('POST', '/prompt', a.adminToken, {
      name: 'Vendedor',
      prompt: INSTRUCTIONS,
      queueId: queueA,
      apiKey: 'sk-test-1234567890abcd',
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      name: 'Vendedor',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 20,
      voice: 'texto',
      queueId: queueA,
    });
    expect(p.queue.name).toBe('Vendas IA');
    expect(p.apiKey).not.toContain('sk-test');
    expect(p.apiKey.endsWith('abcd')).toBe(true);
    expect(t.realtime.events.some((e) => e.event === 'prompt' && e.companyId === a.companyId)).toBe(true);

    const list = (await req('GET', '/prompt', a.adminToken)).json();
    expect(list.prompts.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await req('GET', '/prompt', b.adminToken)).json().prompts).toEqual([]);
    expect((await req('GET', `/prompt/${p.id}`, b.adminToken)).statusCode).toBe(404);

    // An empty key keeps the stored one; the external feed switch sets the history to 0 (seed 001 §4).
    const upd = await req('PUT', `/prompt/${p.id}`, a.adminToken, {
      name: 'Vendedor 2',
      prompt: INSTRUCTIONS,
      queueId: queueA,
      apiKey: '',
      maxTokens: 200,
      temperature: 0.5,
      maxMessages: 20,
      useExternalApi: true,
      apiUrl: 'https://example.com/produtos.json',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      name: 'Vendedor 2',
      maxTokens: 200,
      temperature: 0.5,
      maxMessages: 0,
      useExternalApi: true,
    });
    expect(upd.json().apiKey.endsWith('abcd')).toBe(true);

    const del = await req('DELETE', `/prompt/${p.id}`, a.adminToken);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBeTruthy();
    expect((await req('GET', `/prompt/${p.id}`, a.adminToken)).statusCode).toBe(404);
  });

  it('the chosen sector is the queue the prompt answers: set, replaced, moved, in one save (issue 31 item 7)', async () => {
    const queueB = await addQueue(t, a, 'Suporte IA');
    const body = (name: string, queueId: number) => ({ name, prompt: INSTRUCTIONS, queueId, apiKey: 'sk-sector-1234' });
    const queueOf = async (id: number) => (await req('GET', `/queue/${id}`, a.adminToken)).json();
    const promptOf = async (id: number) => (await req('GET', `/prompt/${id}`, a.adminToken)).json();

    const first = (await req('POST', '/prompt', a.adminToken, body('Atende vendas', queueA))).json();
    expect((await queueOf(queueA)).promptId).toBe(first.id);
    const queueEvent = t.realtime.events.findLast((e) => e.event === 'queue' && e.companyId === a.companyId);
    expect(queueEvent?.payload).toMatchObject({ action: 'update', queue: { id: queueA, promptId: first.id } });

    // A queue has one prompt: a second prompt on the same sector takes it, and the first is left without a sector.
    const second = (await req('POST', '/prompt', a.adminToken, body('Atende vendas 2', queueA))).json();
    expect((await queueOf(queueA)).promptId).toBe(second.id);
    expect((await promptOf(first.id)).queueId).toBeNull();

    // Moving the prompt to another sector: the new queue uses it, the old one no longer does.
    const moved = await req('PUT', `/prompt/${second.id}`, a.adminToken, { ...body('Atende vendas 2', queueB), apiKey: '' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await queueOf(queueB)).promptId).toBe(second.id);
    expect((await queueOf(queueA)).promptId).toBeNull();

    await req('DELETE', `/prompt/${first.id}`, a.adminToken);
    await req('DELETE', `/prompt/${second.id}`, a.adminToken);
    expect((await queueOf(queueB)).promptId).toBeNull();
  });

  it('refuses short names and instructions, a missing key or queue, another company’s queue', async () => {
    const bad = await req('POST', '/prompt', a.adminToken, { name: 'abc', prompt: 'curto', apiKey: '' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'prompt', 'queueId']));
    const noKey = await req('POST', '/prompt', a.adminToken, { name: 'Vendedor', prompt: INSTRUCTIONS, queueId: queueA });
    expect(noKey.json().fields).toEqual([{ path: 'apiKey', message: 'validation.required' }]);
    const foreignQueue = await addQueue(t, b, 'Fila B');
    const foreign = await req('POST', '/prompt', a.adminToken, {
      name: 'Vendedor',
      prompt: INSTRUCTIONS,
      queueId: foreignQueue,
      apiKey: 'sk-x',
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('is for admins of a plan with useOpenAi', async () => {
    expect((await req('GET', '/prompt', a.userToken)).statusCode).toBe(403);
    const noAi = await createTenant(t, { planFlags: { useOpenAi: false } });
    const res = await req('GET', '/prompt', noAi.adminToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describe('GET /api/external-proxy', () => {
  const proxy = (url: string) => req('GET', `/api/external-proxy?url=${encodeURIComponent(url)}`, a.adminToken);

  it('answers the JSON of an allowed URL', async () => {
    const res = await proxy(`http://127.0.0.1:${port(feed)}/produtos`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ produtos: [{ nome: 'Plano Pro', preco: 99 }] });
  });

  it('refuses loopback, private, link-local, IPv6 loopback, localhost and a redirect to loopback; nothing is fetched', async () => {
    const insidePort = port(inside);
    for (const url of [
      `http://127.0.0.1:${insidePort}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${insidePort}/`,
      `http://localhost:${insidePort}/`,
      `http://127.0.0.1:${port(feed)}/redirect`,
    ]) {
      const res = await proxy(url);
      expect({ url, status: res.statusCode, error: res.json().error }).toEqual({
        url,
        status: 400,
        error: 'ERR_URL_NOT_ALLOWED',
      });
    }
    expect(insideHits).toBe(0);
  });

  it('needs a URL and a session', async () => {
    expect((await req('GET', '/api/external-proxy', a.adminToken)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/external-proxy?url=https://example.com' })).statusCode).toBe(401);
  });
});

describe('GET /prompt/usage', () => {
  it("answers this month's tokens per prompt of the caller's company only, the month's total, admins only", async () => {
    const { sql } = await import('drizzle-orm');
    const make = async (tenant: Tenant, name: string, queueId: number) => {
      const res = await req('POST', '/prompt', tenant.adminToken, {
        name,
        prompt: INSTRUCTIONS,
        queueId,
        apiKey: 'sk-uso-123456',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const sales = await make(a, 'Uso vendas', queueA);
    const support = await make(a, 'Uso suporte', queueA);
    const other = await make(b, 'Uso B', await addQueue(t, b, 'Fila B uso'));
    const turn = (companyId: number, promptId: number, p: number, c: number, when = sql`now()`) =>
      t.database.db.execute(sql`
        INSERT INTO ai_usage (company_id, prompt_id, outcome, prompt_tokens, completion_tokens, total_tokens, created_at)
        VALUES (${companyId}, ${promptId}, 'answered', ${p}, ${c}, ${p + c}, ${when})`);
    await turn(a.companyId, sales, 100, 20);
    await turn(a.companyId, sales, 50, 10);
    await turn(a.companyId, support, 300, 40);
    // last month's and another company's turns do not count
    await turn(
      a.companyId,
      sales,
      9000,
      9000,
      sql`date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo' - interval '1 day'`,
    );
    await turn(b.companyId, other, 7000, 7000);

    const res = await req('GET', '/prompt/usage', a.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
    expect(body.prompts).toEqual([
      { promptId: support, name: 'Uso suporte', turns: 1, promptTokens: 300, completionTokens: 40, totalTokens: 340 },
      { promptId: sales, name: 'Uso vendas', turns: 2, promptTokens: 150, completionTokens: 30, totalTokens: 180 },
    ]);
    expect(body.total).toEqual({ turns: 3, promptTokens: 450, completionTokens: 70, totalTokens: 520 });
    const forB = (await req('GET', '/prompt/usage', b.adminToken)).json();
    expect(forB.prompts.map((p: { promptId: number }) => p.promptId)).toEqual([other]);
    expect(forB.total.totalTokens).toBe(14000);
    // a plain user may not see it
    expect((await req('GET', '/prompt/usage', a.userToken)).statusCode).toBe(403);
    // a deleted prompt's turns still count, without a name
    expect((await req('DELETE', `/prompt/${support}`, a.adminToken)).statusCode).toBe(200);
    const after = (await req('GET', '/prompt/usage', a.adminToken)).json();
    expect(after.prompts[0]).toMatchObject({ promptId: null, name: '', totalTokens: 340 });
    expect(after.total.totalTokens).toBe(520);
  });
});
