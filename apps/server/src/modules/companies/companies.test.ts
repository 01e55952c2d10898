import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, customerWrites, rows } from '../../../test/attendance';
import {
  appWithCompanies,
  bearer,
  createTenant,
  multipart,
  PNG_1PX,
  requester,
  superAdminToken,
  type Tenant,
  type TestContext,
} from '../../../test/harness';
import { createCloudConnection } from '../../../test/messaging';
import { sendMessageJob } from '../messages/messages.public';

let t: TestContext, a: Tenant;
let superToken: string;
let planId: number;
const req = requester(() => t);

const body = (over: Record<string, unknown> = {}) => ({
  name: `Empresa ${Math.random().toString(36).slice(2, 8)}`,
  email: `dono-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '5511999990000',
  password: 'Senha#123',
  planId,
  status: true,
  dueDate: '2030-01-10',
  recurrence: 'TRIMESTRAL',
  document: '12.345.678/0001-90',
  paymentMethod: 'pix',
  ...over,
});

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  superToken = await superAdminToken(t);
  const plan = await req('POST', '/plans', superToken, { name: 'Empresas', users: 5, connections: 2, queues: 3, amount: 99.9 });
  planId = plan.json().id;
});
afterAll(async () => t?.close());

describe('companies (super admin)', () => {
  it('creates a company with its plan, settings and first admin, who can sign in', async () => {
    const input = body();
    const res = await req('POST', '/companies', superToken, input);
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: input.name,
      email: input.email,
      phone: input.phone,
      status: true,
      recurrence: 'TRIMESTRAL',
      document: input.document,
      paymentMethod: 'pix',
      plan: { id: planId, name: 'Empresas', amount: 99.9 },
      folderSize: 0,
      numberFileFolder: 0,
      lastLogin: null,
    });
    expect(c.dueDate.slice(0, 10)).toBe('2030-01-10');
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.profile).toBe('admin');
    const shown = await req('GET', `/companies/${c.id}`, superToken);
    expect(shown.json().lastLogin).not.toBeNull();
    const settings = await rows(t, sql`SELECT company_id FROM company_settings WHERE company_id = ${c.id}`);
    expect(settings).toHaveLength(1);
    expect(t.realtime.events.some((e) => e.event === 'company' && e.companyId === 1)).toBe(true);
  });

  it('validates every field with a translated message and refuses duplicates', async () => {
    const bad = await req('POST', '/companies', superToken, { name: 'A', email: 'nope', planId: 'x', password: '1' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields.map((f: { path: string }) => f.path);
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'planId', 'password']));
    expect((await req('POST', '/companies', superToken, body({ recurrence: 'SEMANAL' }))).statusCode).toBe(400);
    expect((await req('POST', '/companies', superToken, body({ dueDate: 'amanhã' }))).statusCode).toBe(400);
    expect((await req('POST', '/companies', superToken, body({ numberAttendants: 'muitos' }))).statusCode).toBe(400);
    expect((await req('POST', '/companies', superToken, body({ planId: 999_999 }))).json()).toEqual({
      error: 'ERR_NO_PLAN_FOUND',
    });
    const first = body();
    expect((await req('POST', '/companies', superToken, first)).statusCode).toBe(201);
    const sameName = await req('POST', '/companies', superToken, body({ name: first.name.toUpperCase() }));
    expect(sameName.json()).toEqual({ error: 'ERR_COMPANY_ALREADY_EXISTS' });
    const sameEmail = await req('POST', '/companies', superToken, body({ email: first.email }));
    expect(sameEmail.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  it('updates name, e-mail, phone, plan, status, due date, recurrence, document and payment method', async () => {
    const c = (await req('POST', '/companies', superToken, body())).json();
    const other = await req('POST', '/plans', superToken, { name: 'Outro plano', amount: 0 });
    const res = await req('PUT', `/companies/${c.id}`, superToken, {
      name: 'Renomeada',
      email: 'novo@example.com',
      phone: '5521988887777',
      planId: other.json().id,
      status: false,
      dueDate: '2031-02-03T00:00:00.000Z',
      recurrence: 'ANUAL',
      document: '999',
      paymentMethod: 'boleto',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renomeada',
      email: 'novo@example.com',
      phone: '5521988887777',
      planId: other.json().id,
      plan: { name: 'Outro plano', amount: 0 },
      status: false,
      dueDate: '2031-02-03T00:00:00.000Z',
      recurrence: 'ANUAL',
      document: '999',
      paymentMethod: 'boleto',
    });
    // a due date is a calendar day (issue 30 item 2): a time of day sent with it is dropped
    const c2 = (await req('POST', '/companies', superToken, body())).json();
    const noon = await req('PUT', `/companies/${c2.id}`, superToken, body({ dueDate: '2026-12-27T15:30:00.000Z' }));
    expect(noon.json().dueDate).toBe('2026-12-27T00:00:00.000Z');
    expect((await req('PUT', `/companies/${c.id}`, superToken, { name: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', '/companies/999999', superToken, body())).json()).toEqual({ error: 'ERR_NO_COMPANY_FOUND' });
  });

  it('lists every company, and pages them with a search (GET /companiesPlan/)', async () => {
    const list = await req('GET', '/companies', superToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: number }) => c.id)).toContain(1);
    expect((await req('GET', '/companies/list', superToken)).json()).toHaveLength(list.json().length);
    const page = await req('GET', '/companiesPlan/?searchParam=Renomeada&pageNumber=1', superToken);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ hasMore: false, count: 1, companies: [{ name: 'Renomeada' }] });
    expect((await req('GET', '/companiesPlan/?pageNumber=0', superToken)).statusCode).toBe(400);
  });

  it('an inactive company: its users cannot sign in (ERR_COMPANY_INACTIVE) and their tokens stop working', async () => {
    const input = body();
    const c = (await req('POST', '/companies', superToken, input)).json();
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: input.email, password: input.password },
    });
    const token = login.json().token;
    await req('PUT', `/companies/${c.id}`, superToken, { ...input, password: '', status: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: input.email, password: input.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
    expect((await req('GET', '/auth/me', token)).json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
  });

  it('the platform company is never deactivated nor deleted', async () => {
    const one = (await req('GET', '/companies/1', superToken)).json();
    const put = await req('PUT', '/companies/1', superToken, {
      name: one.name,
      email: one.email ?? 'admin@atendo.test',
      planId: one.planId ?? planId,
      status: false,
    });
    expect(put.json()).toEqual({ error: 'ERR_PLATFORM_COMPANY' });
    expect((await req('DELETE', `/companies/1?confirm=${encodeURIComponent(one.name)}`, superToken)).statusCode).toBe(409);
  });

  it('refuses a company admin and a plain user on every route (403)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['GET', '/companiesPlan/'],
      ['GET', `/companies/${a.companyId}`],
      ['POST', '/companies', body()],
      ['PUT', `/companies/${a.companyId}`, body()],
      ['DELETE', `/companies/${a.companyId}?confirm=x`],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [a.adminToken, a.userToken]) {
        const res = await req(method as 'GET', url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Its own plan stays readable (the finance page and the plan gates read it).
    expect((await req('GET', `/companies/listPlan/${a.companyId}`, a.adminToken)).statusCode).toBe(200);
  });

  it('records the media each company stores (size, files, last change)', async () => {
    const tenant = await createTenant(t);
    const qm = await req('POST', '/quick-messages', tenant.adminToken, { shortcode: 'foto', message: 'x' });
    const form = multipart([
      { name: 'typeArch', data: 'quickMessage' },
      { name: 'file', data: PNG_1PX, filename: 'a.png', contentType: 'image/png' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/quick-messages/${qm.json().id}/media-upload`,
      headers: { ...bearer(tenant.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBeLessThan(300);
    await expect
      .poll(async () => (await req('GET', `/companies/${tenant.companyId}`, superToken)).json())
      .toMatchObject({ folderSize: PNG_1PX.length, numberFileFolder: 1 });
    expect((await req('GET', `/companies/${tenant.companyId}`, superToken)).json().updatedAtFolder).not.toBeNull();
  });
});

describe('deleting a company', () => {
  it('needs the typed name, then removes every row it owns in every table, and its media', async () => {
    const victim = await createTenant(t);
    const queueId = await addQueue(t, victim);
    const conn = await createCloudConnection(t, victim, { queueIds: [queueId] });
    await customerWrites(t, conn.id, { body: 'Olá' });
    await req('POST', '/tags', victim.adminToken, { name: 'Urgente', color: '#ff0000' });
    await req('POST', '/quick-messages', victim.adminToken, { shortcode: 'oi', message: 'Olá' });
    const qm = await req('POST', '/quick-messages', victim.adminToken, { shortcode: 'img', message: 'x' });
    const form = multipart([
      { name: 'typeArch', data: 'quickMessage' },
      { name: 'file', data: PNG_1PX, filename: 'a.png', contentType: 'image/png' },
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/quick-messages/${qm.json().id}/media-upload`,
      headers: { ...bearer(victim.adminToken), ...form.headers },
      payload: form.payload,
    });
    const folder = path.join(t.deps.media.dir, String(victim.companyId));
    expect(existsSync(folder)).toBe(true);
    const survivor = await createTenant(t);
    await req('POST', '/tags', survivor.adminToken, { name: 'Fica', color: '#00ff00' });
    // Jobs waiting to run for it (a retry, a later send) are dropped with it; another company's stay.
    const later = new Date(Date.now() + 3_600_000);
    const victimJob = await t.deps.jobs.send(
      sendMessageJob,
      { messageId: 1, companyId: victim.companyId },
      { startAfter: later },
    );
    const survivorJob = await t.deps.jobs.send(
      sendMessageJob,
      { messageId: 2, companyId: survivor.companyId },
      { startAfter: later },
    );

    const { name } = (await req('GET', `/companies/${victim.companyId}`, superToken)).json();
    const wrong = await req('DELETE', `/companies/${victim.companyId}?confirm=outro`, superToken);
    expect(wrong.json()).toEqual({ error: 'ERR_CONFIRMATION_MISMATCH' });
    expect((await req('DELETE', `/companies/${victim.companyId}`, superToken)).statusCode).toBe(400);
    const res = await req(
      'DELETE',
      `/companies/${victim.companyId}?confirm=${encodeURIComponent(` ${name.toUpperCase()} `)}`,
      superToken,
    );
    expect(res.statusCode).toBe(204);

    const tables = await rows<{ table_name: string }>(
      t,
      sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'company_id' AND table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const left: string[] = [];
    for (const { table_name } of tables) {
      const [{ n }] = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE company_id = ${victim.companyId}`,
      );
      if (Number(n) > 0) left.push(`${table_name}: ${n}`);
    }
    expect(left).toEqual([]);
    expect(await rows(t, sql`SELECT id FROM companies WHERE id = ${victim.companyId}`)).toEqual([]);
    expect(await rows(t, sql`SELECT id FROM users WHERE company_id = ${victim.companyId}`)).toEqual([]);
    expect(existsSync(folder)).toBe(false);
    expect(await t.deps.jobs.getJob(sendMessageJob, victimJob!)).toBeNull();
    expect(await t.deps.jobs.getJob(sendMessageJob, survivorJob!)).not.toBeNull();
    // Nothing of another company went with it.
    expect(await rows(t, sql`SELECT id FROM tags WHERE company_id = ${survivor.companyId}`)).toHaveLength(1);
    expect((await req('GET', `/companies/${victim.companyId}`, superToken)).statusCode).toBe(404);
    expect((await req('GET', '/auth/me', victim.adminToken)).statusCode).toBe(401);
  });
});
