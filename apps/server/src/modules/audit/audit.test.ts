/**
 * Issue 34 item 3: the audit log — an entry for each of a sample of administrative actions (who, from where, what
 * changed, secrets masked), the page's tenant and role rules and filters, the xlsx export, the retention, and a
 * failing write that does not fail the action.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTenant, createTestApp, superAdminToken, type Tenant, type TestContext } from '../../../test/harness';
import { auditLogs, whatsapps } from '../../db/schema';
import { auditSettled } from './audit.public';

let t: TestContext;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object, remoteAddress: '10.7.7.7' });
async function entries(token: string, query = '') {
  await auditSettled();
  const res = await call('GET', `/audit-logs${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().records as {
    action: string;
    entityId: string;
    before: unknown;
    after: unknown;
    userName: string;
    ip: string;
    userId: number;
    companyId: number;
  }[];
}

describe('what is recorded', () => {
  it('a user created, edited (password masked) and deleted: who, from where, before and after', async () => {
    const created = await call('POST', '/users', a.adminToken, {
      name: 'Carla',
      email: `carla-${Date.now()}@example.com`,
      password: 'Secret#123',
      profile: 'user',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await call('PUT', `/users/${id}`, a.adminToken, { name: 'Carla Souza', password: 'Other#456' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/users/${id}`, a.adminToken)).statusCode).toBe(204);

    const mine = (await entries(a.adminToken)).filter((e) => e.entityId === String(id));
    expect(mine.map((e) => e.action)).toEqual(['user.delete', 'user.update', 'user.create']);
    const [del, upd, crt] = mine;
    expect(crt).toMatchObject({ userId: a.adminId, ip: '10.7.7.7', companyId: a.companyId, before: null });
    expect(crt.after).toMatchObject({ name: 'Carla', profile: 'user' });
    expect(upd.before).toEqual({ name: 'Carla' });
    expect(upd.after).toEqual({ name: 'Carla Souza', password: '••••' });
    expect(JSON.stringify(mine)).not.toContain('Other#456');
    expect(JSON.stringify(mine)).not.toContain('Secret#123');
    expect(del.before).toMatchObject({ name: 'Carla Souza' });
  });

  it("company settings, a platform secret (masked), a queue, a user's sessions and second factor", async () => {
    await call('PUT', '/companySettings', a.adminToken, { column: 'userRating', data: 'enabled' });
    const superToken = await superAdminToken(t);
    await call('PUT', '/settings/stripeprivatekey', superToken, { value: 'sk_live_abcdefghijklmnop' });
    const q = await call('POST', '/queue', a.adminToken, { name: `Fila ${Date.now()}`, color: '#123456' });
    expect(q.statusCode, q.body).toBe(201);
    await call('PUT', `/queue/${q.json().id}`, a.adminToken, { name: 'Fila nova', color: '#123456' });
    await call('DELETE', `/users/${a.userId}/sessions`, a.adminToken);
    await call('DELETE', `/users/${a.userId}/two-factor`, a.adminToken);

    const actions = (await entries(a.adminToken)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'companySetting.update',
        'queue.create',
        'queue.update',
        'user.sessionsEnd',
        'user.twoFactorReset',
      ]),
    );
    const setting = (await entries(a.adminToken, '?action=companySetting.update'))[0];
    expect(setting).toMatchObject({ before: { userRating: 'disabled' }, after: { userRating: 'enabled' } });
    const platform = await entries(superToken, '?companyId=1&action=setting.update');
    expect(platform[0].after).not.toEqual({ stripeprivatekey: 'sk_live_abcdefghijklmnop' });
    expect(JSON.stringify(platform)).not.toContain('sk_live_abcdefghijklmnop');
  });
});

describe('what is recorded (platform and contacts)', () => {
  it("the super admin's plans and a company's change land in the platform company's log", async () => {
    const superToken = await superAdminToken(t);
    const plan = await call('POST', '/plans', superToken, { name: `Plano ${Date.now()}` });
    expect(plan.statusCode, plan.body).toBe(201);
    const id = plan.json().id;
    await call('PUT', `/plans/${id}`, superToken, { name: `Plano B ${Date.now()}` });
    await call('DELETE', `/plans/${id}`, superToken);
    const log = (await entries(superToken, '?companyId=1')).filter(
      (e) => e.entityId === String(id) && e.action.startsWith('plan.'),
    );
    expect(log.map((e) => e.action)).toEqual(['plan.delete', 'plan.update', 'plan.create']);
    expect(Object.keys(log[1].after as object)).toEqual(['name']);
  });

  it('a contact deleted and the contacts exported', async () => {
    const c = await call('POST', '/contacts', a.adminToken, { name: 'Bruno', number: '5511988887766' });
    expect(c.statusCode, c.body).toBe(201);
    await call('DELETE', `/contacts/${c.json().id}`, a.adminToken);
    expect((await call('GET', '/contacts/export', a.adminToken)).statusCode).toBe(200);
    const actions = (await entries(a.adminToken)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['contact.delete', 'contact.export']));
    const del = (await entries(a.adminToken, '?action=contact.delete'))[0];
    expect(del.before).toMatchObject({ name: 'Bruno', number: '5511988887766' });
  });
});

describe('what is recorded (webhooks, tags, campaigns, exports)', () => {
  /** The entries of one record, newest first, after checking the other company's admin sees none of them. */
  async function ofRecord(action: string, entityId: string | number | null) {
    const b = await createTenant(t);
    const theirs = await entries(b.adminToken, `?action=${action}`);
    expect(theirs).toEqual([]);
    expect((await entries(b.adminToken, `?companyId=${a.companyId}`)).every((e) => e.companyId === b.companyId)).toBe(true);
    return (await entries(a.adminToken, `?action=${action}`)).filter((e) => entityId === null || e.entityId === String(entityId));
  }

  it('a webhook created, its secret read, paused and deleted: the secret never written', async () => {
    const created = await call('POST', '/webhook-endpoints', a.adminToken, {
      url: 'https://example.com/hook',
      events: ['ticket.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json();
    expect((await call('GET', `/webhook-endpoints/${id}/secret`, a.adminToken)).statusCode).toBe(200);
    expect((await call('PUT', `/webhook-endpoints/${id}`, a.adminToken, { active: false })).statusCode).toBe(200);
    expect((await call('DELETE', `/webhook-endpoints/${id}`, a.adminToken)).statusCode).toBe(204);

    const [crt] = await ofRecord('webhook.create', id);
    expect(crt).toMatchObject({ userId: a.adminId, ip: '10.7.7.7', before: null });
    expect(crt.after).toMatchObject({ url: 'https://example.com/hook', events: ['ticket.created'], active: true });
    const [read] = await ofRecord('webhook.secretRead', id);
    expect(read).toMatchObject({ userId: a.adminId, before: null, after: null });
    const [pause] = await ofRecord('webhook.pause', id);
    expect(pause).toMatchObject({ before: { active: true }, after: { active: false, pausedReason: 'admin' } });
    const [del] = await ofRecord('webhook.delete', id);
    expect(del.before).toMatchObject({ url: 'https://example.com/hook', active: false });
    expect(del.after).toBeNull();
    const all = JSON.stringify(await entries(a.adminToken));
    expect(all).not.toContain(secret);
    expect(all).not.toContain(secret.slice(-4));
  });

  it('a tag edited: only what changed, before and after', async () => {
    const tag = await call('POST', '/tags', a.adminToken, { name: `VIP ${Date.now()}`, color: '#112233' });
    expect(tag.statusCode, tag.body).toBe(201);
    const { id, name } = tag.json();
    const edited = await call('PUT', `/tags/${id}`, a.adminToken, { name: 'Cliente VIP', color: '#112233' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [upd] = await ofRecord('tag.update', id);
    expect(upd).toMatchObject({ userId: a.adminId, before: { name }, after: { name: 'Cliente VIP' } });
    expect((await ofRecord('tag.create', id)).length).toBe(1);
  });

  it('a campaign cancelled and its report exported', async () => {
    const [conn] = await t.database.db
      .insert(whatsapps)
      .values({ companyId: a.companyId, name: 'Vendas', token: 'x'.repeat(30), status: 'CONNECTED' })
      .returning();
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const c = await call('POST', '/campaigns', a.adminToken, {
      name: 'Black Friday',
      whatsappId: conn.id,
      message1: 'Oi {nome}',
      scheduledAt: later,
    });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json().id;
    expect((await call('POST', `/campaigns/${id}/cancel`, a.adminToken)).json().status).toBe('CANCELADA');
    expect((await call('GET', `/campaigns/${id}/report/export`, a.adminToken)).statusCode).toBe(200);

    const [cancel] = await ofRecord('campaign.cancel', id);
    expect(cancel).toMatchObject({ userId: a.adminId, before: { status: 'PROGRAMADA' }, after: { status: 'CANCELADA' } });
    expect((await ofRecord('campaign.create', id))[0].after).toMatchObject({ name: 'Black Friday', status: 'PROGRAMADA' });
    expect((await ofRecord('campaign.export', id)).length).toBe(1);
  });

  it('the tickets report and the audit log itself exported, with their filters', async () => {
    const report = await call('GET', '/ticketreport/export?dateFrom=2026-01-01&dateTo=2026-01-31', a.adminToken);
    expect(report.statusCode, report.body.slice(0, 200)).toBe(200);
    const [rep] = await ofRecord('report.export', null);
    expect(rep).toMatchObject({ userId: a.adminId, before: null, after: { dateFrom: '2026-01-01', dateTo: '2026-01-31' } });
    expect((await call('GET', '/audit-logs/export?action=tag.update', a.adminToken)).statusCode).toBe(200);
    const [exp] = await ofRecord('audit.export', null);
    expect(exp).toMatchObject({ userId: a.adminId, after: { action: 'tag.update', rows: 1 } });
  });
});

describe('who sees what', () => {
  it("an admin sees their company's entries only; an attendant none; the super admin any company or all", async () => {
    const b = await createTenant(t);
    await call('PUT', '/companySettings', b.adminToken, { column: 'userRandom', data: 'enabled' });
    const ofA = await entries(a.adminToken, `?companyId=${b.companyId}`);
    expect(ofA.every((e) => e.companyId === a.companyId)).toBe(true);
    expect((await call('GET', '/audit-logs', b.userToken)).statusCode).toBe(403);
    const superToken = await superAdminToken(t);
    const ofB = await entries(superToken, `?companyId=${b.companyId}`);
    expect(ofB.map((e) => e.action)).toEqual(['companySetting.update']);
    const all = await entries(superToken);
    expect(new Set(all.map((e) => e.companyId)).size).toBeGreaterThan(1);
  });

  it('filters by user, action and days; bad filters are 400', async () => {
    expect((await entries(a.adminToken, `?userId=${a.userId}`)).length).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(a.adminToken, '?from=2000-01-01&to=2000-01-31')).length).toBe(0);
    expect((await entries(a.adminToken, `?from=2000-01-01&to=2999-12-31`)).length).toBeGreaterThan(0);
    for (const q of ['?action=drop.table', '?from=yesterday', '?userId=-1', `?to=${today}x`]) {
      expect((await call('GET', `/audit-logs${q}`, a.adminToken)).statusCode).toBe(400);
    }
  });

  it('exports the selected entries as xlsx', async () => {
    await auditSettled();
    const res = await call('GET', '/audit-logs/export?action=companySetting.update', a.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    // no language named: Portuguese (the product's default)
    expect([rows[0][1], rows[0][5], rows[0][7], rows[0][11]]).toEqual(['Nº', 'Quem', 'Ação', 'Depois']);
    expect(rows.slice(1).map((r) => r[7])).toEqual(['companySetting.update']);
  });

  it("the export's headers are in the user's language (?lang=, else Accept-Language)", async () => {
    const headers = async (query: string, language?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/audit-logs/export?action=companySetting.update${query}`,
        headers: { ...bearer(a.adminToken), ...(language ? { 'accept-language': language } : {}) },
      });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return [book.worksheets[0].name, ...(book.worksheets[0].getRow(1).values as unknown[]).slice(1)];
    };
    expect(await headers('&lang=en')).toEqual([
      'audit',
      'No.',
      'When',
      'Company',
      'User ID',
      'Who',
      'Address',
      'Action',
      'Record',
      'Record ID',
      'Before',
      'After',
    ]);
    expect((await headers('', 'es-ES,es;q=0.9'))[7]).toBe('Acción');
    expect((await headers('&lang=tr'))[7]).toBe('İşlem');
    expect((await call('GET', '/audit-logs/export?lang=xx', a.adminToken)).statusCode).toBe(400);
  });
});

describe('retention and failures', () => {
  it('entries older than the retention go; newer ones stay', async () => {
    const superToken = await superAdminToken(t);
    expect((await call('PUT', '/settings/auditRetentionDays', superToken, { value: '0' })).statusCode).toBe(400);
    expect((await call('PUT', '/settings/auditRetentionDays', superToken, { value: '30' })).statusCode).toBe(200);
    await t.database.db.insert(auditLogs).values({
      companyId: a.companyId,
      userName: 'old',
      action: 'user.update',
      entity: 'user',
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    const before = (await entries(a.adminToken)).length;
    expect(await t.modules.audit.prune()).toBeGreaterThanOrEqual(1);
    const after = await entries(a.adminToken);
    expect(after.length).toBe(before - 1);
    expect(after.some((e) => e.userName === 'old')).toBe(false);
  });

  it('a write that fails does not fail the action it records', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.database.db.execute(sql`ALTER TABLE audit_logs RENAME TO audit_logs_away`);
    try {
      const res = await call('PUT', '/companySettings', a.adminToken, { column: 'userRandom', data: 'enabled' });
      expect(res.statusCode).toBe(200);
      await auditSettled();
      expect(errors).toHaveBeenCalled();
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_logs_away RENAME TO audit_logs`);
      errors.mockRestore();
    }
  });
});
