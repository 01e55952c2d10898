import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTACT_NAME_MAX_TICKET, contactFormSchema } from '@atendo/shared';
import * as SheetJS from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, companySetting, customerWrites, rows, type TestUser } from '../../../test/attendance';
import {
  appWithCompanies,
  bearer,
  createTenant,
  multipart,
  postgresOnly,
  requester,
  type Tenant,
  type TestContext,
} from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let ana: TestUser;
let tmp: string;

const req = requester(() => t);

const upload = (token: string, data: Buffer, filename: string, contentType: string) => {
  const form = multipart([{ name: 'file', data, filename, contentType }]);
  return t.app.inject({
    method: 'POST',
    url: '/contacts/upload',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function waitImport(token: string, id: number, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = (await req('GET', `/contacts/import/${id}`, token)).json();
    if (res.status === 'done' || res.status === 'failed') return res;
    if (Date.now() > until) throw new Error(`import ${id} still ${res.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2, { env: { JOBS: 'on' } });
  ana = await addUser(t, a, { name: 'Ana' });
  tmp = mkdtempSync(path.join(tmpdir(), 'contacts-test-'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

describe('contacts API', () => {
  it('validates the form (seed 000 §5) and answers every message', async () => {
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ number: '5511999990000' }, [{ path: 'name', message: 'validation.required' }]],
      [{ name: 'A', number: '5511999990000' }, [{ path: 'name', message: 'validation.tooShort' }]],
      [{ name: 'x'.repeat(251), number: '5511999990000' }, [{ path: 'name', message: 'validation.tooLong' }]],
      [{ name: 'Ana', number: '' }, [{ path: 'number', message: 'validation.required' }]],
      [{ name: 'Ana', number: '1234567' }, [{ path: 'number', message: 'validation.tooShort' }]],
      [{ name: 'Ana', number: '1'.repeat(51) }, [{ path: 'number', message: 'validation.tooLong' }]],
      // a typing mask is normalised (issue 16 item 9, test/validation-holes.test.ts); letters are refused
      [{ name: 'Ana', number: '+55 (11) 9999-000A' }, [{ path: 'number', message: 'validation.contactNumberFormat' }]],
      [{ name: 'Ana', number: '5511999990000', email: 'not-an-email' }, [{ path: 'email', message: 'validation.invalidEmail' }]],
    ];
    for (const [payload, fields] of cases) {
      const res = await req('POST', '/contacts', ana.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
    const ok = await req('POST', '/contacts', ana.token, {
      name: 'x'.repeat(250),
      number: '5511999990000',
      email: 'Ana@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      number: '5511999990000',
      email: 'ana@example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
  });

  it('the ticket side form takes names of 2–50 characters (seed 000 §5)', () => {
    const form = contactFormSchema(CONTACT_NAME_MAX_TICKET);
    const issues = (name: string) =>
      form
        .safeParse({ name, number: '5511999990000' })
        .error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    expect(issues('x'.repeat(50))).toBeUndefined();
    expect(issues('x'.repeat(51))).toEqual([{ path: 'name', message: 'validation.tooLong' }]);
    expect(issues('x')).toEqual([{ path: 'name', message: 'validation.tooShort' }]);
    expect(issues('  ')).toEqual([{ path: 'name', message: 'validation.required' }]);
  });

  it('keeps numbers unique per company (ERR_DUPLICATED_CONTACT), also on update; another company may have it', async () => {
    const first = await req('POST', '/contacts', ana.token, { name: 'Bruno', number: '5511988887777' });
    expect(first.statusCode).toBe(201);
    const dup = await req('POST', '/contacts', ana.token, { name: 'Outro', number: '5511988887777' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    const other = (await req('POST', '/contacts', ana.token, { name: 'Carla', number: '5511977776666' })).json();
    const upd = await req('PUT', `/contacts/${other.id}`, ana.token, { number: '5511988887777' });
    expect(upd.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    expect((await req('POST', '/contacts', b.adminToken, { name: 'Bruno', number: '5511988887777' })).statusCode).toBe(201);
    expect((await req('GET', `/contacts/${other.id}`, b.adminToken)).statusCode).toBe(404);
  });

  it('lists with search (lower-cased; name, number, e-mail), tag filter, channel, paging and count', async () => {
    for (let i = 0; i < 25; i++) {
      await req('POST', '/contacts', ana.token, {
        name: `Paged ${String(i).padStart(2, '0')}`,
        number: `55219000000${String(i).padStart(2, '0')}`,
      });
    }
    const p1 = (await req('GET', '/contacts?searchParam=PAGED&pageNumber=1', ana.token)).json();
    expect(p1.contacts).toHaveLength(20);
    expect(p1).toMatchObject({ hasMore: true, count: 25 });
    const p2 = (await req('GET', '/contacts?searchParam=paged&pageNumber=2', ana.token)).json();
    expect(p2.contacts).toHaveLength(5);
    expect(p2.hasMore).toBe(false);
    expect((await req('GET', '/contacts?searchParam=552190000001', ana.token)).json().count).toBe(10);
    expect((await req('GET', '/contacts?searchParam=ANA@EXAMPLE', ana.token)).json().count).toBe(1);
    const c = p1.contacts[0];
    const tag = (await req('POST', '/tags', ana.token, { name: 'Filtro' })).json();
    await req('POST', '/tags/sync', ana.token, { contactId: c.id, tags: [tag.id] });
    const tagged = (await req('GET', `/contacts?contactTag=${encodeURIComponent(JSON.stringify([tag.id]))}`, ana.token)).json();
    expect(tagged.contacts.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(tagged.contacts[0].tags).toEqual([expect.objectContaining({ id: tag.id, name: 'Filtro' })]);
    expect((await req('GET', '/contacts?channel=instagram', ana.token)).json().count).toBe(0);
    expect((await req('GET', '/contacts?isGroup=true', ana.token)).json().count).toBe(0);
    expect((await req('GET', '/contacts', b.adminToken)).json().count).toBe(1);
    const list = (await req('GET', '/contacts/list?searchParam=paged 0', ana.token)).json();
    expect(list).toHaveLength(10);
    expect(Object.keys(list[0]).sort()).toEqual(['channel', 'id', 'name', 'number']);
  });

  it('lists carry the connection as contact.whatsapp { id, name } beside whatsappId, from the same company only (issue 37)', async () => {
    const tenant = await createTenant(t);
    const conn = await addConnection(t, tenant, { name: 'Central de vendas' });
    const number = `55219${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const w = await customerWrites(t, conn.id, { from: number, name: 'Cliente Conexão' });
    const manual = await req('POST', '/contacts', tenant.adminToken, { name: 'Sem conexão', number: '5521988887777' });
    expect(manual.statusCode, manual.body).toBe(201);
    const list = (await req('GET', '/contacts?pageNumber=1', tenant.userToken)).json();
    const byId = new Map(list.contacts.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(w.contactId)).toMatchObject({ whatsappId: conn.id, whatsapp: { id: conn.id, name: 'Central de vendas' } });
    expect(byId.get(manual.json().id)).toMatchObject({ whatsappId: null, whatsapp: null });
    // One contact as well (GET /contacts/:id), and the events that carry it.
    expect((await req('GET', `/contacts/${w.contactId}`, tenant.userToken)).json().whatsapp).toEqual({
      id: conn.id,
      name: 'Central de vendas',
    });
    // A connection of another company never shows, even if a row pointed at it.
    const other = await addConnection(t, b, { name: 'Conexão de B' });
    await t.database.db.execute(sql`UPDATE contacts SET whatsapp_id = ${other.id} WHERE id = ${manual.json().id}`);
    const again = (await req('GET', '/contacts?pageNumber=1', tenant.userToken)).json();
    expect(again.contacts.find((c: { id: number }) => c.id === manual.json().id).whatsapp).toBeNull();
    expect((await req('GET', `/contacts/${manual.json().id}`, tenant.userToken)).json().whatsapp).toBeNull();
  });

  it('updates extra info rows, toggles audio and bot, blocks and unblocks, publishes company-{id}-contact', async () => {
    const c = (
      await req('POST', '/contacts', ana.token, {
        name: 'Dora',
        number: '5531999990000',
        extraInfo: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
      })
    ).json();
    const keep = c.extraInfo.find((x: { name: string }) => x.name === 'A');
    const upd = await req('PUT', `/contacts/${c.id}`, ana.token, {
      name: 'Dora Lima',
      extraInfo: [
        { id: keep.id, name: 'A', value: '9' },
        { name: 'C', value: '3' },
      ],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().extraInfo.map((x: { name: string; value: string }) => `${x.name}=${x.value}`)).toEqual(['A=9', 'C=3']);
    const before = t.realtime.events.length;
    expect((await req('PUT', `/contacts/toggleAcceptAudio/${c.id}`, ana.token)).json().acceptAudioMessage).toBe(false);
    expect((await req('PUT', `/contacts/toggleAcceptAudio/${c.id}`, ana.token)).json().acceptAudioMessage).toBe(true);
    expect((await req('PUT', `/contacts/toggleDisableBot/${c.id}`, ana.token)).json().disableBot).toBe(true);
    expect((await req('PUT', `/contacts/block/${c.id}`, ana.token, { active: false })).json().active).toBe(false);
    expect((await req('PUT', `/contacts/block/${c.id}`, ana.token, { active: true })).json().active).toBe(true);
    const events = t.realtime.events.slice(before).filter((e) => e.event === 'contact');
    expect(events).toHaveLength(5);
    expect(events.every((e) => e.companyId === a.companyId && e.to === undefined)).toBe(true);
    expect((await req('PUT', `/contacts/block/${c.id}`, b.adminToken, { active: false })).statusCode).toBe(404);
    const prof = (await req('GET', '/contacts/profile/5531999990000', ana.token)).json();
    expect(prof).toEqual({ contactId: c.id, urlPicture: '' });
    expect((await req('GET', '/contacts/profile/5531999990000', b.adminToken)).statusCode).toBe(404);
  });

  it('deletes only with contacts-page:deleteContact (admin); the tickets of the contact go too', async () => {
    const conn = await addConnection(t, a, { queueIds: [await addQueue(t, a)] });
    const { contactId, ticketId } = await customerWrites(t, conn.id, { from: '5541999998888' });
    const denied = await req('DELETE', `/contacts/${contactId}`, ana.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await req('DELETE', `/contacts/${contactId}`, b.adminToken)).statusCode).toBe(404);
    const before = t.realtime.events.length;
    expect((await req('DELETE', `/contacts/${contactId}`, a.adminToken)).statusCode).toBe(204);
    const ev = t.realtime.events.slice(before);
    expect(ev.some((e) => e.event === 'contact' && (e.payload as { action: string }).action === 'delete')).toBe(true);
    expect(ev.some((e) => e.event === 'ticket' && (e.payload as { ticketId: number }).ticketId === ticketId)).toBe(true);
    expect((await req('GET', `/contacts/${contactId}`, a.adminToken)).statusCode).toBe(404);
  });

  it('masks numbers for profile users when enableLGPD and lgpdHideNumber are on (never groups, never admins)', async () => {
    const tenant = await createTenant(t);
    const user = await addUser(t, tenant);
    const c = (await req('POST', '/contacts', tenant.adminToken, { name: 'Eva', number: '5511987654321' })).json();
    await companySetting(t, tenant, 'enableLGPD', 'enabled');
    expect((await req('GET', `/contacts/${c.id}`, user.token)).json().number).toBe('5511987654321');
    await companySetting(t, tenant, 'lgpdHideNumber', 'enabled');
    expect((await req('GET', `/contacts/${c.id}`, user.token)).json().number).toBe('5511*******21');
    expect((await req('GET', '/contacts', user.token)).json().contacts[0].number).toBe('5511*******21');
    expect((await req('GET', '/contacts/list', user.token)).json()[0].number).toBe('5511*******21');
    expect((await req('GET', `/contacts/${c.id}`, tenant.adminToken)).json().number).toBe('5511987654321');
    // The masked number sent back by the form does not overwrite the real one.
    const saved = await req('PUT', `/contacts/${c.id}`, user.token, { name: 'Eva Souza', number: '5511*******21' });
    expect(saved.statusCode).toBe(400);
    const saved2 = await req('PUT', `/contacts/${c.id}`, user.token, { name: 'Eva Souza' });
    expect(saved2.json().number).toBe('5511*******21');
    expect((await req('GET', `/contacts/${c.id}`, tenant.adminToken)).json()).toMatchObject({
      name: 'Eva Souza',
      number: '5511987654321',
    });
    const ev = t.realtime.events.filter((e) => e.companyId === tenant.companyId && e.event === 'contact').pop();
    expect(ev?.payload).toMatchObject({ contact: { number: '5511*******21' } });
    await t.database.db.execute(sql`UPDATE contacts SET is_group = true WHERE id = ${c.id}`);
    expect((await req('GET', `/contacts/${c.id}`, user.token)).json().number).toBe('5511987654321');
  });

  it('answers a clear code for chat import without a connected WhatsApp QR session', async () => {
    const tenant = await createTenant(t);
    expect((await req('POST', '/contacts/import/chats', tenant.adminToken, {})).json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    const cloud = await addConnection(t, tenant);
    const res = await req('POST', '/contacts/import/chats', tenant.adminToken, { whatsappId: cloud.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED', details: { channel: 'whatsappapi' } });
    expect((await req('POST', '/contacts/import/chats', b.adminToken, { whatsappId: cloud.id })).statusCode).toBe(404);
  });
});

describe('contact import', () => {
  it('POST /contactsImport: one row as the seed client sends it (created, then updated; bad rows refused)', async () => {
    const row = { name: 'Linha Um', number: '+55 (21) 98888-1111', email: 'l1@example.com', validateContact: 'false' };
    const first = await req('POST', '/contactsImport', ana.token, row);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'created', contact: { number: '5521988881111' } });
    expect((await req('POST', '/contactsImport', ana.token, { ...row, name: 'Linha 1' })).json().outcome).toBe('updated');
    expect((await req('POST', '/contactsImport', ana.token, { number: '5521988881112' })).json().fields).toEqual([
      { path: 'name', message: 'validation.required' },
    ]);
    expect((await req('POST', '/contactsImport', ana.token, { name: 'X Y', number: '123' })).json().fields).toEqual([
      { path: 'number', message: 'validation.tooShort' },
    ]);
  });

  it('uploads .csv and legacy .xls; refuses broken .xls, PDFs and files without rows', async () => {
    const csv = Buffer.from('\uFEFFNome;Telefone;Email\n"Silva, Ana";5511911112222;a@example.com\nBeto;5511911113333;\n');
    const up = await upload(ana.token, csv, 'lista.csv', 'text/csv');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      fileName: 'lista.csv',
      columns: ['Nome', 'Telefone', 'Email'],
      rows: [
        ['Silva, Ana', '5511911112222', 'a@example.com'],
        ['Beto', '5511911113333', ''],
      ],
      total: 2,
    });
    // legacy Excel 97–2003 (.xls, BIFF8) is read too; a broken one is refused
    const book = SheetJS.utils.book_new();
    SheetJS.utils.book_append_sheet(
      book,
      SheetJS.utils.aoa_to_sheet([
        ['Nome', 'Telefone'],
        ['Carla Antiga', 5511922223333],
      ]),
      'Contatos',
    );
    const xls = SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const legacy = await upload(ana.token, xls, 'antiga.xls', 'application/vnd.ms-excel');
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json()).toMatchObject({ columns: ['Nome', 'Telefone'], rows: [['Carla Antiga', '5511922223333']], total: 1 });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect((await upload(ana.token, ole, 'old.xls', 'application/vnd.ms-excel')).json()).toMatchObject({
      error: 'ERR_INVALID_FILE_TYPE',
    });
    expect((await upload(ana.token, Buffer.from('%PDF-1.4 x'), 'a.pdf', 'application/pdf')).json()).toMatchObject({
      error: 'ERR_INVALID_FILE_TYPE',
    });
    expect((await upload(ana.token, Buffer.from('\n\n'), 'empty.csv', 'text/csv')).statusCode).toBe(400);
    // Mapping rules (seed 000 §5)
    const id = up.json().importId;
    const noNumber = await req('POST', '/contacts/import', ana.token, { importId: id, mapping: { name: 0 } });
    expect(noNumber.json().fields).toEqual([{ path: 'mapping.number', message: 'validation.importNumberColumn' }]);
    const noName = await req('POST', '/contacts/import', ana.token, { importId: id, mapping: { number: 1 } });
    expect(noName.json().fields).toEqual([{ path: 'mapping.name', message: 'validation.importNameColumn' }]);
    const twice = await req('POST', '/contacts/import', ana.token, { importId: id, mapping: { name: 0, number: 0 } });
    expect(twice.json().fields).toEqual([{ path: 'mapping.name', message: 'validation.importColumnTwice' }]);
    const none = await req('POST', '/contacts/import', ana.token, { importId: id, mapping: { name: 0, number: 1 }, rows: [] });
    expect(none.json().fields).toEqual([{ path: 'rows', message: 'validation.importNoRows' }]);
    expect(
      (await req('POST', '/contacts/import', b.adminToken, { importId: id, mapping: { name: 0, number: 1 } })).statusCode,
    ).toBe(404);
    // Selected rows only
    const started = await req('POST', '/contacts/import', ana.token, {
      importId: id,
      mapping: { name: 0, number: 1, email: 2 },
      rows: [1],
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await waitImport(ana.token, id);
    expect(done).toMatchObject({ status: 'done', total: 1, processed: 1, created: 1, updated: 0, ignored: 0, failed: 0 });
    expect((await req('GET', '/contacts?searchParam=5511911113333', ana.token)).json().count).toBe(1);
    expect((await req('GET', '/contacts?searchParam=5511911112222', ana.token)).json().count).toBe(0);
  });

  it('imports a generated 50,000-row .xlsx with 5% bad rows: exact counts; a second import creates nothing new', async (ctx) => {
    // the import's rules are proved on both engines by the small imports above
    postgresOnly(ctx, 'scale: a minute on PGlite');
    const file = path.join(tmp, 'big.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['Nome', 'Número', 'E-mail', 'Etiquetas']).commit();
    const N = 50_000;
    const expected = { created: 0, ignored: 0, failed: 0 };
    for (let i = 0; i < N; i++) {
      const number = `55119${String(i).padStart(8, '0')}`;
      let row: unknown[] = [`Cliente ${i}`, Number(number), `c${i}@example.com`, i % 1000 === 1 ? 'VIP, Importado' : ''];
      if (i % 20 === 0) {
        // 5% bad: a quarter missing the name, a quarter missing the number (ignored); the rest invalid (errors)
        const kind = (i / 20) % 4;
        if (kind === 0) row = ['', number, '', ''];
        else if (kind === 1) row = [`Cliente ${i}`, '', '', ''];
        else if (kind === 2) row = [`Cliente ${i}`, '1234', '', ''];
        else row = [`Cliente ${i}`, number, 'no-at-sign', ''];
        if (kind <= 1) expected.ignored++;
        else expected.failed++;
      } else expected.created++;
      ws.addRow(row).commit();
    }
    ws.commit();
    await wb.commit();
    const data = readFileSync(file);

    const up = await upload(a.adminToken, data, 'contatos 50k.xlsx', XLSX);
    expect(up.statusCode, up.body).toBe(200);
    const body = up.json();
    expect(body.total).toBe(N);
    expect(body.columns).toEqual(['Nome', 'Número', 'E-mail', 'Etiquetas']);
    expect(body.rows[2]).toEqual(['Cliente 2', '5511900000002', 'c2@example.com', '']);
    const countBefore = (
      await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${a.companyId}`)
    )[0].n;
    const mapping = { name: 0, number: 1, email: 2, tags: 3 };
    const started = await req('POST', '/contacts/import', a.adminToken, { importId: body.importId, mapping });
    expect(started.statusCode, started.body).toBe(202);
    const first = await waitImport(a.adminToken, body.importId);
    expect(first).toMatchObject({ status: 'done', total: N, processed: N, updated: 0, ...expected });
    expect(first.errors).toHaveLength(100);
    expect(first.errors[0]).toEqual({ row: 41, field: 'number', message: 'validation.tooShort' });
    expect(first.errors[1]).toEqual({ row: 61, field: 'email', message: 'validation.invalidEmail' });
    // the row says done a moment before the event goes out
    const progress = () => t.realtime.events.filter((e) => e.event === 'contactImport' && e.companyId === a.companyId);
    await expect.poll(() => (progress().at(-1)?.payload as { action?: string } | undefined)?.action).toBe('done');
    expect(progress().some((e) => (e.payload as { action?: string }).action === 'progress')).toBe(true);
    expect(progress().at(-1)?.to).toEqual([`user:${a.adminId}`]);
    const [after] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${a.companyId}`);
    expect(after.n - countBefore).toBe(expected.created);
    const [vip] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM contact_tags ct JOIN tags g ON g.id = ct.tag_id WHERE ct.company_id = ${a.companyId} AND g.name = 'VIP'`,
    );
    expect(vip.n).toBe(50);

    const again = (await upload(a.adminToken, data, 'contatos 50k.xlsx', XLSX)).json();
    await req('POST', '/contacts/import', a.adminToken, { importId: again.importId, mapping });
    const second = await waitImport(a.adminToken, again.importId);
    expect(second).toMatchObject({
      status: 'done',
      created: 0,
      updated: expected.created,
      ignored: expected.ignored,
      failed: expected.failed,
    });
    const [final] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${a.companyId}`);
    expect(final.n).toBe(after.n);
  }, 600_000);

  it('exports every contact (admin only) as a streamed .xlsx with tags and extra info', async () => {
    const tenant = await createTenant(t);
    const user = await addUser(t, tenant);
    const c = (
      await req('POST', '/contacts', tenant.adminToken, {
        name: 'Export Me',
        number: '5511955554444',
        email: 'e@example.com',
        extraInfo: [{ name: 'Plano', value: 'Ouro' }],
      })
    ).json();
    const tag = (await req('POST', '/tags', tenant.adminToken, { name: 'Cliente' })).json();
    await req('POST', '/tags/sync', tenant.adminToken, { contactId: c.id, tags: [tag.id] });
    await req('POST', '/contacts', tenant.adminToken, { name: 'Second', number: '5511955554445' });
    expect((await req('GET', '/contacts/export', user.token)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/contacts/export?lang=en', headers: bearer(tenant.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'name', 'number', 'email', 'tags', 'channel', 'group', 'active', 'Plano']);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      'Export Me',
      '5511955554444',
      'e@example.com',
      'Cliente',
      'whatsapp',
      'no',
      'yes',
      'Ouro',
    ]);
    expect(ws.rowCount).toBe(3);
  });

  it('writes a text that a spreadsheet would turn into a formula with a leading quote (OWASP CSV injection)', async () => {
    const tenant = await createTenant(t);
    const created = await req('POST', '/contacts', tenant.adminToken, {
      name: '=HYPERLINK("http://evil.example","Clique")',
      number: '5511955550001',
      email: 'f@example.com',
      extraInfo: [{ name: '@Origem', value: '+cmd|/c calc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/contacts/export?lang=en', headers: bearer(tenant.adminToken) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(8).value).toBe("'@Origem");
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe(`'=HYPERLINK("http://evil.example","Clique")`);
    expect(row.getCell(2).value).toBe('5511955550001');
    expect(row.getCell(8).value).toBe("'+cmd|/c calc");
    expect(row.getCell(1).formula).toBeUndefined();
  });

  it('writes the export in the user’s language: Portuguese by default and for lang=pt, English by lang or Accept-Language (issue 16 item 11)', async () => {
    const tenant = await createTenant(t);
    await req('POST', '/contacts', tenant.adminToken, { name: 'Idioma', number: '5511955553333', email: 'i@example.com' });
    const read = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(tenant.adminToken), ...headers } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return {
        disposition: res.headers['content-disposition'],
        sheet: ws.name,
        rows: [ws.getRow(1).values, ws.getRow(2).values],
      };
    };
    const pt = {
      sheet: 'contatos',
      file: /filename="contatos-\d{4}-\d{2}-\d{2}\.xlsx"/,
      rows: [
        [undefined, 'Nome', 'Número', 'E-mail', 'Tags', 'Canal', 'Grupo', 'Ativo'],
        [undefined, 'Idioma', '5511955553333', 'i@example.com', undefined, 'whatsapp', 'Não', 'Sim'],
      ],
    };
    const en = {
      sheet: 'contacts',
      file: /filename="contacts-/,
      rows: [
        [undefined, 'name', 'number', 'email', 'tags', 'channel', 'group', 'active'],
        [undefined, 'Idioma', '5511955553333', 'i@example.com', undefined, 'whatsapp', 'no', 'yes'],
      ],
    };
    const cases: [string, Record<string, string>, typeof pt][] = [
      ['/contacts/export', {}, pt],
      ['/contacts/export?lang=pt', { 'accept-language': 'en-US,en;q=0.9' }, pt],
      ['/contacts/export', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' }, pt],
      ['/contacts/export?lang=xx', { 'accept-language': 'de-DE' }, pt],
      ['/contacts/export?lang=en', {}, en],
      ['/contacts/export', { 'accept-language': 'fr;q=0.9, en-GB;q=0.8, pt;q=0.1' }, en],
    ];
    for (const [url, headers, want] of cases) {
      const got = await read(url, headers);
      expect({ sheet: got.sheet, rows: got.rows }, `${url} ${JSON.stringify(headers)}`).toEqual({
        sheet: want.sheet,
        rows: want.rows,
      });
      expect(got.disposition).toMatch(want.file);
    }
    const es = await read('/contacts/export?lang=es');
    expect(es.rows[0]).toEqual([undefined, 'Nombre', 'Número', 'Correo', 'Etiquetas', 'Canal', 'Grupo', 'Activo']);
    expect(es.rows[1]).toContain('Sí');
    const tr = await read('/contacts/export?lang=tr');
    expect(tr.rows[0]).toEqual([undefined, 'Ad', 'Numara', 'E-posta', 'Etiketler', 'Kanal', 'Grup', 'Aktif']);
    expect(tr.rows[1]).toContain('Hayır');
  });
});
