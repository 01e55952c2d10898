import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { quickMessages } from '../../db/schema';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let ana: TestUser;
let bia: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  ana = await addUser(t, a, { name: 'Ana' });
  bia = await addUser(t, a, { name: 'Bia' });
  await t.database.db.insert(quickMessages).values([
    { companyId: a.companyId, userId: ana.id, shortcode: 'oi', message: 'Olá! Como posso ajudar?' },
    { companyId: a.companyId, userId: bia.id, shortcode: 'tchau', message: 'Até logo' },
    { companyId: a.companyId, userId: bia.id, shortcode: 'pix', message: 'Nossa chave PIX é…', geral: true },
    { companyId: a.companyId, userId: bia.id, shortcode: 'oculta', message: 'rascunho', geral: true, visao: false },
    { companyId: b.companyId, userId: b.adminId, shortcode: 'outra', message: 'de outra empresa', geral: true },
  ]);
});
afterAll(async () => t?.close());

describe('quick messages for the picker', () => {
  it("lists the caller's own and the shared visible ones, never another company's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/quick-messages', headers: bearer(ana.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((q: { shortcode: string }) => q.shortcode)).toEqual(['oi', 'pix']);
    const search = await t.app.inject({ method: 'GET', url: '/quick-messages?searchParam=chave', headers: bearer(ana.token) });
    expect(search.json().map((q: { shortcode: string }) => q.shortcode)).toEqual(['pix']);
  });
});
