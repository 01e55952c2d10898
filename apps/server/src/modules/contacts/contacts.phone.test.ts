// Decision 111: a typed or imported number is valid for its country, stored canonical (a Brazilian mobile with its
// ninth digit), and matched against the contact that holds the same line under the other variant.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../test/attendance';
import { appWithCompanies, postFile, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant;
const req = requester(() => t);

/** A contact as the inbound path or an old import stores it (the number exactly as given, no form in between). */
async function storedContact(number: string, extra: { channel?: string; isGroup?: boolean } = {}) {
  const [r] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO contacts (company_id, name, number, channel, is_group)
        VALUES (${a.companyId}, ${`Contato ${number}`}, ${number}, ${extra.channel ?? 'whatsapp'}, ${extra.isGroup ?? false})
        RETURNING id`,
  );
  return Number(r.id);
}

async function waitImport(id: number) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = (await req('GET', `/contacts/import/${id}`, a.adminToken)).json();
    if (res.status === 'done' || res.status === 'failed') return res;
    if (Date.now() > until) throw new Error(`import ${id} still ${res.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  [t, a] = await appWithCompanies(1, { env: { JOBS: 'on' } });
});
afterAll(async () => {
  await t?.close();
});

describe('phone numbers of contacts (decision 111)', () => {
  it('POST /contacts refuses a number not valid for its country, or typed without the country code', async () => {
    for (const number of ['5500000000001', '(11) 98888-0000', '15551234567']) {
      const res = await req('POST', '/contacts', a.adminToken, { name: 'Ana', number });
      expect(res.statusCode, number).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'number', message: 'validation.contactNumberInvalid' }]);
    }
  });

  it('stores a masked BR mobile typed without the ninth digit with it; a landline gets none; a US number passes', async () => {
    const mobile = await req('POST', '/contacts', a.adminToken, { name: 'Bia', number: '+55 (11) 8765-0001' });
    expect(mobile.statusCode, mobile.body).toBe(201);
    expect(mobile.json().number).toBe('5511987650001');
    // searched as the list shows it
    const shown = encodeURIComponent('+55 11 98765-0001');
    expect(
      (await req('GET', `/contacts?searchParam=${shown}`, a.adminToken)).json().contacts.map((c: { name: string }) => c.name),
    ).toEqual(['Bia']);
    const landline = await req('POST', '/contacts', a.adminToken, { name: 'Loja', number: '+55 11 3333-4444' });
    expect(landline.json().number).toBe('551133334444');
    const us = await req('POST', '/contacts', a.adminToken, { name: 'John', number: '+1 (415) 555-2671' });
    expect(us.json().number).toBe('14155552671');
  });

  it('the ninth-digit variant finds the existing contact: 409 on create and on update, both ways', async () => {
    expect((await req('POST', '/contacts', a.adminToken, { name: 'Caio', number: '5511988880000' })).statusCode).toBe(201);
    const without9 = await req('POST', '/contacts', a.adminToken, { name: 'Caio 2', number: '551188880000' });
    expect(without9.statusCode).toBe(409);
    expect(without9.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    // stored without the ninth digit (as WhatsApp may give it), typed with it
    await storedContact('551177770000');
    const with9 = await req('POST', '/contacts', a.adminToken, { name: 'Duda', number: '+55 11 97777-0000' });
    expect(with9.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    const other = (await req('POST', '/contacts', a.adminToken, { name: 'Eli', number: '5511966660000' })).json();
    const upd = await req('PUT', `/contacts/${other.id}`, a.adminToken, { number: '5511977770000' });
    expect(upd.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    expect((await req('PUT', `/contacts/${other.id}`, a.adminToken, { number: '5500000000001' })).json().fields).toEqual([
      { path: 'number', message: 'validation.contactNumberInvalid' },
    ]);
    // a contact stored without its ninth digit may be saved with it (its own line)
    const own = await storedContact('551165550000');
    const self = await req('PUT', `/contacts/${own}`, a.adminToken, { number: '5511965550000' });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().number).toBe('5511965550000');
  });

  it('a group or a Facebook contact keeps its id as number: edited without the phone rule', async () => {
    const group = await storedContact('120363025000000001', { isGroup: true });
    const g = await req('PUT', `/contacts/${group}`, a.adminToken, { name: 'Grupo Vendas', number: '120363025000000001' });
    expect(g.statusCode, g.body).toBe(200);
    const fb = await storedContact('24681357902468135', { channel: 'facebook' });
    const f = await req('PUT', `/contacts/${fb}`, a.adminToken, { name: 'Fã', number: '24681357902468136' });
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json().number).toBe('24681357902468136');
  });

  it('imports: a row without the ninth digit updates the contact stored with it, and the other way round', async () => {
    const bruno = (await req('POST', '/contacts', a.adminToken, { name: 'Bruno', number: '5521987651111' })).json();
    const one = await req('POST', '/contactsImport', a.adminToken, { name: 'Bruno Lima', number: '552187651111' });
    expect(one.json()).toMatchObject({ outcome: 'updated', contact: { id: bruno.id, number: '5521987651111' } });
    expect((await req('POST', '/contactsImport', a.adminToken, { name: 'X Y', number: '5500000000001' })).json().fields).toEqual([
      { path: 'number', message: 'validation.contactNumberInvalid' },
    ]);

    const old = await storedContact('553187652222');
    const csv = Buffer.from('Nome;Telefone\nCarla;5521987651111\nDora;+55 31 98765-2222\nEva;553187\nFabi;553187654444\n');
    const up = await postFile(t, '/contacts/upload', a.adminToken, csv, 'nove.csv', 'text/csv');
    expect(up.statusCode, up.body).toBe(200);
    const started = await req('POST', '/contacts/import', a.adminToken, {
      importId: up.json().importId,
      mapping: { name: 0, number: 1 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await waitImport(up.json().importId);
    expect(done).toMatchObject({ status: 'done', created: 1, updated: 2, failed: 1 });
    expect(done.errors).toEqual([{ row: 3, field: 'number', message: 'validation.tooShort' }]);
    const stored = await rows<{ id: number; name: string; number: string }>(
      t,
      sql`SELECT id, name, number FROM contacts WHERE company_id = ${a.companyId} AND name IN ('Carla', 'Dora', 'Fabi') ORDER BY name`,
    );
    expect(stored.map((r) => [Number(r.id), r.name, r.number])).toEqual([
      [bruno.id, 'Carla', '5521987651111'],
      [old, 'Dora', '553187652222'],
      [expect.any(Number), 'Fabi', '5531987654444'],
    ]);
  });
});
