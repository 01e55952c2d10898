import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTenant,
  createTestApp,
  type Tenant,
  type TestContext,
} from '../../../test/harness';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  superToken = res.json().token;
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

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
    });
    const bad = await req('PUT', '/companySettings', a.adminToken, { column: 'userRating', data: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await req('PUT', '/companySettings', a.adminToken, { column: 'closeTicketOnTransfer', data: true })).json().data,
    ).toBe('true');
    expect((await req('PUT', '/companySettings', a.adminToken, { column: 'nope', data: 'x' })).statusCode).toBe(400);
  });

  it('a message cannot be emptied while its feature is enabled', async () => {
    await req('PUT', '/companySettings', a.adminToken, { column: 'transferMessage', data: 'Transferindo…' });
    await req('PUT', '/companySettings', a.adminToken, { column: 'sendMsgTransfTicket', data: 'enabled' });
    const res = await req('PUT', '/companySettings', a.adminToken, { column: 'transferMessage', data: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'data', message: 'validation.requiredWhileEnabled' }]);
    // AcceptCallWhatsappMessage is required while accepting calls is DISABLED
    await req('PUT', '/companySettings', a.adminToken, { column: 'acceptCallWhatsapp', data: 'disabled' });
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
