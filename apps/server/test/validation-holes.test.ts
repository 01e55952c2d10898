/**
 * Validation holes of issue 16 item 9: duplicate quick-message shortcodes in one picker, a queue colour
 * that is no colour, a sign-up phone that is no number, a masked phone, and the import summary's reason
 * for a row with a name and a bad number.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, type TestUser } from './attendance';
import { bearer, createTenant, createTestApp, postFile, type Tenant, type TestContext } from './harness';

let t: TestContext;
let a: Tenant;
let ana: TestUser;
let beto: TestUser;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: 'on' } });
  a = await createTenant(t);
  ana = await addUser(t, a, { name: 'Ana' });
  beto = await addUser(t, a, { name: 'Beto' });
}, 60_000);
afterAll(async () => t?.close());

describe('quick-message shortcodes', () => {
  it('refuses a shortcode the same owner already has (any case) with its code', async () => {
    expect((await req('POST', '/quick-messages', ana.token, { shortcode: 'oi', message: 'Olá' })).statusCode).toBe(201);
    const again = await req('POST', '/quick-messages', ana.token, { shortcode: 'OI', message: 'Olá de novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ERR_QUICK_MESSAGE_ALREADY_EXISTS' });
  });

  it('lets a colleague keep a private one with the same shortcode (pickers apart), but not share it', async () => {
    expect((await req('POST', '/quick-messages', beto.token, { shortcode: 'oi', message: 'E aí' })).statusCode).toBe(201);
    const shared = await req('POST', '/quick-messages', beto.token, { shortcode: 'tchau', message: 'Até', geral: true });
    expect(shared.statusCode).toBe(201);
    // a shared 'tchau' is in Ana's picker: hers would be ambiguous
    const clash = await req('POST', '/quick-messages', ana.token, { shortcode: 'tchau', message: 'Tchau!' });
    expect(clash.json()).toEqual({ error: 'ERR_QUICK_MESSAGE_ALREADY_EXISTS' });
    // sharing Beto's private 'oi' would put it in Ana's picker beside hers
    const betoOi = (await req('GET', '/quick-messages?searchParam=oi', beto.token)).json().records[0];
    const share = await req('PUT', `/quick-messages/${betoOi.id}`, beto.token, { shortcode: 'oi', geral: true });
    expect(share.statusCode).toBe(409);
    // renaming to a free shortcode works, as does saving a message under its own shortcode
    expect((await req('PUT', `/quick-messages/${betoOi.id}`, beto.token, { shortcode: 'opa', geral: true })).statusCode).toBe(
      200,
    );
    expect((await req('PUT', `/quick-messages/${betoOi.id}`, beto.token, { shortcode: 'opa', message: 'Opa!' })).statusCode).toBe(
      200,
    );
  });
});

describe('queue colour', () => {
  it.each(['zzz', '#zzzzzz', 'red', '#12345'])('refuses %s as a colour', async (color) => {
    const res = await req('POST', '/queue', a.adminToken, { name: `Fila ${color}`, color });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'color', message: 'validation.invalidColor' }]);
  });

  it('accepts a hex colour', async () => {
    const res = await req('POST', '/queue', a.adminToken, { name: 'Fila Cor', color: '#1a2B3c' });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('phones', () => {
  const signup = (phone: string, n: string) =>
    req('POST', '/auth/signup', null, {
      name: 'Maria',
      email: `maria-${n}@phone.test`,
      password: 'abcde',
      phone,
      companyName: `Empresa ${n}`,
      planId: 1,
    });

  it("refuses the sign-up phone 'abc' as contacts refuse it", async () => {
    const res = await signup('abc', 'a');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'phone', message: 'validation.contactNumberFormat' }]);
  });

  it('normalises a masked phone at sign-up and on a contact', async () => {
    const res = await signup('+55 (11) 98888-0000', 'b');
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [company] = await t.database.query<{ phone: string }>('SELECT phone FROM companies WHERE name = $1', ['Empresa b']);
    expect(company.phone).toBe('5511988880000');
    const contact = await req('POST', '/contacts', a.adminToken, { name: 'Mascarado', number: '+55 (11) 98888-0000' });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    expect(contact.json().number).toBe('5511988880000');
    const letters = await req('POST', '/contacts', a.adminToken, { name: 'Letras', number: '55 11 9888A-0000' });
    expect(letters.json().fields).toEqual([{ path: 'number', message: 'validation.contactNumberFormat' }]);
  });
});

describe('contact import summary', () => {
  it('files a row with a name and a bad number under the number error, not as ignored', async () => {
    const csv = Buffer.from('Nome;Telefone\nAna;abc\nBeto;+55 (11) 97777-0000\n;5511966660000\nCarla;\n');
    const up = await postFile(t, '/contacts/upload', a.adminToken, csv, 'lista.csv', 'text/csv');
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().importId;
    const started = await req('POST', '/contacts/import', a.adminToken, { importId: id, mapping: { name: 0, number: 1 } });
    expect(started.statusCode, started.body).toBe(202);
    const done = await vi.waitFor(
      async () => {
        const res: Record<string, unknown> = (await req('GET', `/contacts/import/${id}`, a.adminToken)).json();
        expect(res.status).toBe('done');
        return res;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(done).toMatchObject({ status: 'done', created: 1, ignored: 2, failed: 1 });
    expect(done.errors).toEqual([{ row: 1, field: 'number', message: 'validation.contactNumberFormat' }]);
  });
});
