import { BOOLEAN_TEXT_COLUMNS, COMPANY_SETTING_COLUMNS, COMPANY_TEXT_COLUMNS, REQUIRED_WHILE } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createTenant, requester, superAdminToken, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let superToken: string;
beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  superToken = await superAdminToken(t);
});
afterAll(async () => t?.close());

const req = requester(() => t);

describe('company settings', () => {
  it('a new company gets the defaults', async () => {
    const res = await req('GET', `/companySettings/${a.companyId}`, a.userToken);
    expect(res.json()).toMatchObject({
      userRating: 'disabled',
      sendSignMessage: 'enabled',
      closeTicketOnTransfer: 'false',
      scheduleType: 'disabled',
    });
  });

  it('admins save by column; the value is checked against the column', async () => {
    expect((await req('PUT', '/companySettings', a.adminToken, { column: 'userRating', data: 'enabled' })).json()).toEqual({
      column: 'userRating',
      data: 'enabled',
    });
    expect((await req('GET', '/companySettingOne?column=userRating', a.userToken)).json()).toEqual({
      column: 'userRating',
      value: 'enabled',
      userRating: 'enabled',
    });
    const bad = await req('PUT', '/companySettings', a.adminToken, { column: 'userRating', data: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await req('PUT', '/companySettings', a.adminToken, { column: 'closeTicketOnTransfer', data: true })).json().data,
    ).toBe('true');
    expect((await req('PUT', '/companySettings', a.adminToken, { column: 'nope', data: 'x' })).statusCode).toBe(400);
  });

  it("GET /companySettingOne?column=X answers data[X] as the seeds' client reads it; keys that are no setting answer 400 (issue 37)", async () => {
    await req('PUT', '/companySettings', b.adminToken, { column: 'sendSignMessage', data: 'disabled' });
    const sign = await req('GET', '/companySettingOne?column=sendSignMessage', b.userToken);
    expect(sign.statusCode).toBe(200);
    const data = sign.json();
    expect(data.sendSignMessage).toBe('disabled'); // data[column]
    expect(data).toEqual({ column: 'sendSignMessage', value: 'disabled', sendSignMessage: 'disabled' });
    expect((await req('GET', '/companySettingOne?column=appName', b.userToken)).json()).toMatchObject({ appName: '' });
    for (const column of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope', 'mpaccesstoken']) {
      const res = await req('GET', `/companySettingOne?column=${column}`, b.userToken);
      expect([res.statusCode, res.json().error], column).toEqual([400, 'ERR_VALIDATION']);
    }
    // The same keys through GET /setting/:key and the super admin's PUT /settings/:key name no setting either.
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect((await req('GET', `/setting/${key}`, b.userToken)).statusCode, key).toBe(404);
      expect((await req('PUT', `/settings/${key}`, superToken, { value: 'x' })).statusCode, key).toBe(404);
    }
  });

  it('a message cannot be emptied while its feature is enabled', async () => {
    await req('PUT', '/companySettings', a.adminToken, { column: 'transferMessage', data: 'Transferindo…' });
    await req('PUT', '/companySettings', a.adminToken, { column: 'sendMsgTransfTicket', data: 'enabled' });
    const res = await req('PUT', '/companySettings', a.adminToken, { column: 'transferMessage', data: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'data', message: 'validation.requiredWhileEnabled' }]);
    // nor can the switch be turned on while its message is empty
    const tenant = await createTenant(t);
    const on = await req('PUT', '/companySettings', tenant.adminToken, { column: 'sendGreetingAccepted', data: 'enabled' });
    expect(on.json().fields).toEqual([{ path: 'data', message: 'validation.requiredWhileEnabled' }]);
    expect(
      (await req('PUT', '/companySettings', tenant.adminToken, { column: 'sendQueuePosition', data: 'enabled' })).statusCode,
    ).toBe(400);
    // AcceptCallWhatsappMessage is required while accepting calls is DISABLED
    expect(
      (await req('PUT', '/companySettings', a.adminToken, { column: 'acceptCallWhatsapp', data: 'disabled' })).statusCode,
    ).toBe(400);
    await req('PUT', '/companySettings', a.adminToken, { column: 'AcceptCallWhatsappMessage', data: 'Não atendemos ligações' });
    expect(
      (await req('PUT', '/companySettings', a.adminToken, { column: 'acceptCallWhatsapp', data: 'disabled' })).statusCode,
    ).toBe(200);
    expect(
      (await req('PUT', '/companySettings', a.adminToken, { column: 'AcceptCallWhatsappMessage', data: '' })).statusCode,
    ).toBe(400);
  });

  it('profile user cannot change settings; another company is not reachable', async () => {
    expect((await req('PUT', '/companySettings', a.userToken, { column: 'userRating', data: 'enabled' })).statusCode).toBe(403);
    expect((await req('GET', `/companySettings/${a.companyId}`, b.adminToken)).statusCode).toBe(404);
    // b's change never touches a's row
    await req('PUT', '/companySettings', b.adminToken, { column: 'requiredTag', data: 'enabled' });
    expect((await req('GET', `/companySettings/${a.companyId}`, a.adminToken)).json().requiredTag).toBe('disabled');
  });
});

describe('setting keys are own keys only', () => {
  it('an inherited name (constructor, __proto__, toString) is no setting: 404 (400 as a column query), never 500 nor 200', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const one = await req('GET', `/setting/${key}`, a.adminToken);
      expect(one.statusCode, key).toBe(404);
      expect(one.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
      // companySettingOne validates its query: a key that is no setting column is bad input (issue 37 item 3)
      const column = await req('GET', `/companySettingOne?column=${key}`, a.adminToken);
      expect(column.statusCode, key).toBe(400);
      expect((await req('PUT', `/settings/${key}`, superToken, { value: 'x' })).statusCode, key).toBe(404);
    }
  });
});

describe('global settings', () => {
  it('only super admins change them, with value checks; secrets are masked', async () => {
    expect((await req('PUT', '/settings/userCreation', a.adminToken, { value: 'disabled' })).statusCode).toBe(403);
    expect((await req('PUT', '/settings/downloadLimit', superToken, { value: '100' })).statusCode).toBe(400);
    expect((await req('PUT', '/settings/downloadLimit', superToken, { value: '128' })).json()).toEqual({
      key: 'downloadLimit',
      value: '128',
    });
    const secret = await req('PUT', '/settings/stripeprivatekey', superToken, { value: 'sk_live_abcdef123456' });
    expect(secret.json().value).toBe('••••3456');
    const list = (await req('GET', '/settings', superToken)).json();
    expect(list).toContainEqual({ key: 'stripeprivatekey', value: '••••3456' });
    const adminList = (await req('GET', '/settings', a.adminToken)).json();
    expect(adminList.map((s: { key: string }) => s.key)).not.toContain('stripeprivatekey');
    expect((await req('GET', '/setting/stripeprivatekey', a.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/settings', a.userToken)).statusCode).toBe(403);
  });
});

describe('every company column (seed 001 §3) saves and reads back', () => {
  it('switches take enabled/disabled (true/false for two), scheduleType its four values, texts any text', async () => {
    const tenant = await createTenant(t);
    for (const column of COMPANY_SETTING_COLUMNS) {
      let data = 'enabled';
      if (COMPANY_TEXT_COLUMNS.includes(column)) data = `texto ${column}`;
      else if (BOOLEAN_TEXT_COLUMNS.includes(column)) data = 'true';
      else if (column === 'scheduleType') data = 'company';
      if (REQUIRED_WHILE.some((r) => r.switch === column && r.when === 'enabled')) {
        const rule = REQUIRED_WHILE.find((r) => r.switch === column)!;
        await req('PUT', '/companySettings', tenant.adminToken, { column: rule.text, data: 'mensagem' });
      }
      const res = await req('PUT', '/companySettings', tenant.adminToken, { column, data });
      expect(res.statusCode, column).toBe(200);
      expect((await req('GET', `/companySettingOne?column=${column}`, tenant.adminToken)).json().value, column).toBe(data);
    }
  });
});

describe('company service hours', () => {
  it('start with the default hours, save by weekday, and check each interval', async () => {
    const tenant = await createTenant(t);
    const first = (await req('GET', `/companies/${tenant.companyId}/schedules`, tenant.adminToken)).json();
    expect(first.schedules).toHaveLength(7);
    expect(first.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeB: '18:00' });
    const schedules = first.schedules.map((r: Record<string, string>) =>
      r.weekdayEn === 'sunday' ? { ...r, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : r,
    );
    const saved = await req('PUT', `/companies/${tenant.companyId}/schedules`, tenant.adminToken, {
      id: tenant.companyId,
      schedules,
    });
    expect(saved.statusCode).toBe(200);
    const again = (await req('GET', `/companies/${tenant.companyId}/schedules`, tenant.adminToken)).json();
    expect(again.schedules[6]).toMatchObject({ weekdayEn: 'sunday', startTimeA: '' });
    const reversed = schedules.map((r: Record<string, string>, i: number) =>
      i === 0 ? { ...r, startTimeA: '13:00', endTimeA: '12:00' } : r,
    );
    const bad = await req('PUT', `/companies/${tenant.companyId}/schedules`, tenant.adminToken, { schedules: reversed });
    expect(bad.json().fields).toEqual([{ path: 'schedules.0.endTimeA', message: 'validation.invalid' }]);
  });

  it("refuses a profile user, another company's hours, and a plan without useSchedules", async () => {
    const tenant = await createTenant(t);
    expect((await req('GET', `/companies/${tenant.companyId}/schedules`, tenant.userToken)).statusCode).toBe(403);
    expect((await req('GET', `/companies/${a.companyId}/schedules`, tenant.adminToken)).statusCode).toBe(404);
    expect((await req('PUT', `/companies/${a.companyId}/schedules`, tenant.adminToken, { schedules: [] })).statusCode).toBe(404);
    const noPlan = await createTenant(t, { planFlags: { useSchedules: false } });
    const res = await req('GET', `/companies/${noPlan.companyId}/schedules`, noPlan.adminToken);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});
