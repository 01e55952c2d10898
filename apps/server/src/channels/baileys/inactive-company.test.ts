import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, setCompany, type Tenant, type TestContext } from '../../../test/harness';
import type { BaileysSessionManager } from './sessions';
import { fakeSocketFactory } from './testing';

/** An inactive company's QR connections stop, and start again when it is reactivated (issue 18 item 1). */
let t: TestContext;
let m: BaileysSessionManager;
let a: Tenant;
let b: Tenant;
const f = fakeSocketFactory();

const connect = async (tenant: Tenant, name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(tenant.adminToken),
    payload: { name, channel: 'whatsapp' },
  });
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  m = t.app.baileys!.manager;
  m.useSocketFactory(f.factory);
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(async () => t?.close());

describe('connections of an inactive company', () => {
  it('are closed on the next lease pass and not started while the company is inactive', async () => {
    const idA = await connect(a, 'Conexão A');
    const idB = await connect(b, 'Conexão B');
    await m.tick();
    expect(m.owns(idA)).toBe(true);
    expect(m.owns(idB)).toBe(true);

    await setCompany(t, a.companyId, { status: false });
    await m.tick();
    expect(m.owns(idA)).toBe(false);
    expect(m.owns(idB)).toBe(true);
    await m.tick();
    expect(m.owns(idA)).toBe(false);

    await setCompany(t, a.companyId, { status: true });
    await m.tick();
    expect(m.owns(idA)).toBe(true);
  });
});
