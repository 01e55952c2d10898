import { addDays, calendarDay, DEFAULT_TIME_ZONE, dayIn, PLAN_FLAGS } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, rows } from '../../../test/attendance';
import { appWithCompanies, requester, setCompany, superAdminToken, type Tenant, type TestContext } from '../../../test/harness';
import { createCloudConnection } from '../../../test/messaging';

let t: TestContext, a: Tenant;
let superToken: string;
const req = requester(() => t);

const full = {
  name: 'Completo',
  users: 4,
  connections: 3,
  queues: 2,
  amount: '1.234,56',
  isPublic: false,
  useWhatsapp: true,
  useFacebook: false,
  useInstagram: false,
  useCampaigns: true,
  useSchedules: false,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: true,
  trialDays: 14,
};

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  superToken = await superAdminToken(t);
});
afterAll(async () => t?.close());

describe('plans (super admin)', () => {
  it('creates a plan with every field (the ten flags, trial days, a pt-BR amount) and lists it', async () => {
    const res = await req('POST', '/plans', superToken, full);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...full, amount: 1234.56 });
    const all = await req('GET', '/plans/all', superToken);
    expect(all.json().map((p: { name: string }) => p.name)).toContain('Completo');
    // Not public: the sign-up list leaves it out.
    const pub = await t.app.inject({ method: 'GET', url: '/plans/list?listPublic=false' });
    expect(pub.json().map((p: { name: string }) => p.name)).not.toContain('Completo');
    expect(t.realtime.events.some((e) => e.event === 'plan' && e.companyId === 1)).toBe(true);
  });

  it('defaults every flag on, limits 0 (unlimited), amount 0 and 7 trial days', async () => {
    const res = await req('POST', '/plans', superToken, { name: 'Mínimo' });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    for (const flag of PLAN_FLAGS) expect(p[flag]).toBe(true);
    expect(p).toMatchObject({ users: 0, connections: 0, queues: 0, amount: 0, isPublic: true, trialDays: 7 });
  });

  it('validates each field and refuses a duplicated name (any case)', async () => {
    const bad = await req('POST', '/plans', superToken, {
      name: '',
      users: -1,
      connections: 'x',
      queues: 1.5,
      amount: 'caro',
      useKanban: 'talvez',
      trialDays: 400,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['name', 'users', 'connections', 'queues', 'amount', 'useKanban', 'trialDays']),
    );
    const dup = await req('POST', '/plans', superToken, { name: 'COMPLETO' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_PLAN_ALREADY_EXISTS' });
  });

  it('updates and deletes a plan; a plan a company is on is kept (ERR_PLAN_IN_USE)', async () => {
    const p = (await req('POST', '/plans', superToken, { name: 'Temporário', amount: 10 })).json();
    const put = await req('PUT', `/plans/${p.id}`, superToken, { ...full, name: 'Temporário 2', amount: 20.5 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: p.id, name: 'Temporário 2', amount: 20.5, useFacebook: false });
    expect((await req('PUT', `/plans/${p.id}`, superToken, { name: 'Completo' })).statusCode).toBe(409);
    expect((await req('PUT', '/plans/999999', superToken, { name: 'Nada' })).json()).toEqual({ error: 'ERR_NO_PLAN_FOUND' });
    await setCompany(t, a.companyId, { planId: p.id });
    expect((await req('DELETE', `/plans/${p.id}`, superToken)).json()).toEqual({ error: 'ERR_PLAN_IN_USE' });
    const [def] = await rows<{ id: number }>(t, sql`SELECT id FROM plans WHERE name = 'Plano Padrão'`);
    await setCompany(t, a.companyId, { planId: def.id });
    expect((await req('DELETE', `/plans/${p.id}`, superToken)).statusCode).toBe(204);
    expect((await req('GET', `/plans/${p.id}`, superToken)).statusCode).toBe(404);
  });

  it("a company signing up on a plan gets the plan's trial days before its first due date", async () => {
    const plan = (await req('POST', '/plans', superToken, { name: 'Teste longo', trialDays: 21, isPublic: true })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        name: 'Dona',
        email: 'dona-trial@example.com',
        password: 'Senha#123',
        phone: '5511999990000',
        companyName: 'Empresa Trial',
        planId: plan.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rows<{ due_date: Date }>(t, sql`SELECT due_date FROM companies WHERE name = 'Empresa Trial'`);
    // A due date is a calendar day (decision 79): the 21st day after today on the company's clock.
    expect(calendarDay(row.due_date)).toBe(addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), 21));
  });

  it('refuses a company admin and a plain user on every management route (403)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/plans/all'],
      ['GET', '/plans/1'],
      ['POST', '/plans', { name: 'Hack' }],
      ['PUT', '/plans/1', { name: 'Hack' }],
      ['DELETE', '/plans/1'],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [a.adminToken, a.userToken]) {
        expect((await req(method as 'GET', url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('lowering a plan below what a company uses', () => {
  it('refuses new users, queues and connections with ERR_PLAN_LIMIT_REACHED and deletes nothing', async () => {
    const plan = (await req('POST', '/plans', superToken, { name: 'Encolhe', users: 10, connections: 10, queues: 10 })).json();
    await setCompany(t, a.companyId, { planId: plan.id });
    await addQueue(t, a);
    await addQueue(t, a);
    await createCloudConnection(t, a);
    await createCloudConnection(t, a);
    const count = async () =>
      (
        await rows<{ users: number; queues: number; whatsapps: number }>(
          t,
          sql`SELECT (SELECT count(*)::int FROM users WHERE company_id = ${a.companyId}) AS users,
                     (SELECT count(*)::int FROM queues WHERE company_id = ${a.companyId}) AS queues,
                     (SELECT count(*)::int FROM whatsapps WHERE company_id = ${a.companyId}) AS whatsapps`,
        )
      )[0];
    const before = await count();
    expect(before).toEqual({ users: 2, queues: 2, whatsapps: 2 });

    const lowered = await req('PUT', `/plans/${plan.id}`, superToken, { name: 'Encolhe', users: 1, connections: 1, queues: 1 });
    expect(lowered.statusCode).toBe(200);

    const user = await req('POST', '/users', a.adminToken, {
      name: 'Novo',
      email: 'novo-limite@example.com',
      password: 'Senha#123',
      profile: 'user',
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toBe('ERR_PLAN_LIMIT_REACHED');
    const queue = await req('POST', '/queue', a.adminToken, { name: 'Nova fila', color: '#123456', greetingMessage: 'Oi' });
    expect(queue.json().error).toBe('ERR_PLAN_LIMIT_REACHED');
    const conn = await req('POST', '/whatsapp', a.adminToken, { name: 'Nova conexão', channel: 'whatsapp' });
    expect(conn.json().error).toBe('ERR_PLAN_LIMIT_REACHED');
    expect(await count()).toEqual(before);
    // What exists keeps working.
    expect((await req('GET', '/queue', a.adminToken)).json()).toHaveLength(2);
    expect((await req('GET', '/users/list', a.adminToken)).statusCode).toBe(200);

    // Raised again: new ones are welcome.
    await req('PUT', `/plans/${plan.id}`, superToken, { name: 'Encolhe', users: 5, connections: 5, queues: 5 });
    expect(
      (await req('POST', '/queue', a.adminToken, { name: 'Nova fila', color: '#123456', greetingMessage: 'Oi' })).statusCode,
    ).toBe(201);
  });
});
