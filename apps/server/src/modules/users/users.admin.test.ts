import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, ticketRow } from '../../../test/attendance';
import {
  appWithCompanies,
  bearer,
  createTenant,
  requester,
  superAdminToken,
  type Tenant,
  type TestContext,
} from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let superToken: string;
beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2, { env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
  superToken = await superAdminToken(t);
});
afterAll(async () => t?.close());

const req = requester(() => t);
let seq = 0;
const email = () => `new-${++seq}-${Date.now()}@example.com`;
const fieldsOf = (res: { json(): { fields?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).map((f) => [f.path, f.message]));

describe('POST /users', () => {
  it('creates a user with queues, flags and hours, and tells the admins', async () => {
    const q1 = await addQueue(t, a);
    const q2 = await addQueue(t, a);
    t.realtime.events.length = 0;
    const res = await req('POST', '/users', a.adminToken, {
      name: 'Maria Souza',
      email: 'Maria.Souza@Example.com',
      password: 'abcde',
      profile: 'user',
      queueIds: [q1, q2],
      // hours that hold whenever the suite runs: the sign-in below is refused outside them (ERR_OUT_OF_HOURS)
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'enabled',
      allowGroup: 'enabled',
      userClosePendingTicket: 'enabled',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Maria Souza',
      email: 'maria.souza@example.com',
      profile: 'user',
      companyId: a.companyId,
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'enabled',
      allowGroup: 'enabled',
      showDashboard: 'disabled',
    });
    expect(user.queueIds.sort()).toEqual([q1, q2].sort());
    expect(user).not.toHaveProperty('passwordHash');
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ companyId: a.companyId, event: 'user', payload: expect.objectContaining({ action: 'create' }) }),
    );
    // the new user signs in with the password chosen by the admin
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'maria.souza@example.com', password: 'abcde' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('validates name, e-mail and password with the seed messages', async () => {
    const empty = await req('POST', '/users', a.adminToken, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual({
      name: 'validation.required',
      email: 'validation.required',
      password: 'validation.required',
    });
    const bad = await req('POST', '/users', a.adminToken, { name: 'M', email: 'nope', password: '1234' });
    expect(fieldsOf(bad)).toEqual({
      name: 'validation.tooShort',
      email: 'validation.invalidEmail',
      password: 'validation.tooShort',
    });
    const long = await req('POST', '/users', a.adminToken, { name: 'x'.repeat(51), email: email(), password: 'y'.repeat(51) });
    expect(fieldsOf(long)).toEqual({ name: 'validation.tooLong', password: 'validation.tooLong' });
    // work hours in 10-minute steps; 23:59 (the default end of day) is kept
    const hours = await req('POST', '/users', a.adminToken, {
      name: 'Horas',
      email: email(),
      password: 'abcde',
      startWork: '08:05',
    });
    expect(fieldsOf(hours)).toEqual({ startWork: 'validation.invalid' });
    const endOfDay = await req('POST', '/users', a.adminToken, {
      name: 'Dia todo',
      email: email(),
      password: 'abcde',
      endWork: '23:59',
    });
    expect(endOfDay.json()).toMatchObject({ startWork: '00:00', endWork: '23:59' });
  });

  it('refuses an e-mail already used anywhere, in any case', async () => {
    const res = await req('POST', '/users', a.adminToken, { name: 'Copy', email: b.adminEmail.toUpperCase(), password: 'abcde' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  it("refuses another company's queues", async () => {
    const foreign = await addQueue(t, b);
    const res = await req('POST', '/users', a.adminToken, {
      name: 'Queue',
      email: email(),
      password: 'abcde',
      queueIds: [foreign],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it("enforces the plan's user limit with ERR_PLAN_LIMIT_REACHED", async () => {
    const small = await createTenant(t, { planFlags: { users: 3 } }); // admin + user already
    expect((await req('POST', '/users', small.adminToken, { name: 'Third', email: email(), password: 'abcde' })).statusCode).toBe(
      201,
    );
    const fourth = await req('POST', '/users', small.adminToken, { name: 'Fourth', email: email(), password: 'abcde' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({ error: 'ERR_PLAN_LIMIT_REACHED', details: { limit: 3, resource: 'users' } });
  });

  it('the userCreation switch stops company admins (ERR_USER_CREATION_DISABLED), not the super admin', async () => {
    expect((await req('PUT', '/settings/userCreation', superToken, { value: 'disabled' })).statusCode).toBe(200);
    try {
      const res = await req('POST', '/users', a.adminToken, { name: 'Blocked', email: email(), password: 'abcde' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_USER_CREATION_DISABLED' });
      const bySuper = await req('POST', '/users', superToken, { name: 'By super', email: email(), password: 'abcde' });
      expect(bySuper.statusCode).toBe(201);
    } finally {
      await req('PUT', '/settings/userCreation', superToken, { value: 'enabled' });
    }
  });

  it('refuses a profile user', async () => {
    const res = await req('POST', '/users', a.userToken, { name: 'Nope', email: email(), password: 'abcde' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_NO_PERMISSION');
  });
});

describe('GET /users', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t, { planFlags: { users: 100 } });
    for (let i = 0; i < 23; i++) await addUser(t, tenant, { name: `Zeta ${String(i).padStart(2, '0')}` });
  });

  it('pages by 20 with hasMore and a total, in name order', async () => {
    const p1 = (await req('GET', '/users?pageNumber=1', tenant.adminToken)).json();
    expect(p1.users).toHaveLength(20);
    expect(p1).toMatchObject({ count: 25, hasMore: true });
    const p2 = (await req('GET', '/users?pageNumber=2', tenant.adminToken)).json();
    expect(p2.users).toHaveLength(5);
    expect(p2.hasMore).toBe(false);
    const names = [...p1.users, ...p2.users].map((u: { name: string }) => u.name);
    expect(new Set(names).size).toBe(25);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('searches by name or e-mail without case; wildcards are literal', async () => {
    const byName = (await req('GET', '/users?searchParam=zETA%2001', tenant.adminToken)).json();
    expect(byName.users.map((u: { name: string }) => u.name)).toEqual(['Zeta 01']);
    const byEmail = (
      await req('GET', `/users?searchParam=${encodeURIComponent(tenant.userEmail.toUpperCase())}`, tenant.adminToken)
    ).json();
    expect(byEmail.users).toHaveLength(1);
    expect((await req('GET', '/users?searchParam=%25', tenant.adminToken)).json().users).toHaveLength(0);
  });

  it("never lists another company's users; refuses a profile user", async () => {
    const list = (await req('GET', '/users?searchParam=Zeta', a.adminToken)).json();
    expect(list.users).toHaveLength(0);
    expect((await req('GET', '/users', tenant.userToken)).statusCode).toBe(403);
  });
});

describe('DELETE /users/:id', () => {
  it('deletes a user, returns their open tickets to the waiting list and ends their sessions', async () => {
    const tenant = await createTenant(t);
    const queueId = await addQueue(t, tenant);
    const conn = await addConnection(t, tenant, { queueIds: [queueId] });
    const victim = await addUser(t, tenant, { queueIds: [queueId] });
    const { ticketId } = await customerWrites(t, conn.id);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${victim.id} WHERE id = ${ticketId}`);
    t.realtime.events.length = 0;
    const res = await req('DELETE', `/users/${victim.id}`, tenant.adminToken);
    expect(res.statusCode).toBe(204);
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'pending', userId: null });
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ event: 'user', payload: { action: 'delete', userId: victim.id } }),
    );
    expect((await req('GET', '/tickets', victim.token)).statusCode).toBe(401);
    expect((await req('GET', `/users/${victim.id}`, tenant.adminToken)).statusCode).toBe(404);
  });

  it("refuses deleting oneself, a profile user deleting, and another company's user", async () => {
    expect((await req('DELETE', `/users/${a.adminId}`, a.adminToken)).statusCode).toBe(403);
    expect((await req('DELETE', `/users/${a.adminId}`, a.userToken)).statusCode).toBe(403);
    const foreign = await req('DELETE', `/users/${b.userId}`, a.adminToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_USER_FOUND');
    expect((await req('GET', `/users/${b.userId}`, b.adminToken)).statusCode).toBe(200);
  });
});

describe('admin routes of users, queues and settings', () => {
  it('refuse a profile user on every one of them (403 ERR_NO_PERMISSION), whatever the body', async () => {
    const admin = ['users:manage', 'queues:manage', 'settings:options'];
    const guarded = t.routes.filter((r) => admin.includes((r.config as { permission?: string } | undefined)?.permission ?? ''));
    const seen = new Set<string>();
    for (const r of guarded) {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD') continue;
        seen.add(`${method} ${r.url}`);
        const url = r.url.replace(/:(\w+)/g, (_, name: string) => String(name === 'id' ? a.adminId : a.companyId));
        const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(a.userToken), payload: {} as never });
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
        expect(res.json().error).toBe('ERR_NO_PERMISSION');
      }
    }
    for (const route of [
      'GET /users',
      'POST /users',
      'DELETE /users/:id',
      'POST /queue',
      'PUT /queue/:id',
      'DELETE /queue/:id',
    ]) {
      expect(seen, route).toContain(route);
    }
    for (const route of [
      'POST /chatbot',
      'PUT /chatbot/:id',
      'DELETE /chatbot/:id',
      'PUT /companySettings',
      'PUT /companies/:id/schedules',
    ]) {
      expect(seen, route).toContain(route);
    }
  });
});
