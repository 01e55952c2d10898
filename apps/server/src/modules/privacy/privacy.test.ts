import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, customerWrites, rows, ticketEvents } from '../../../test/attendance';
import {
  bearer,
  createTenant,
  createTestApp,
  PNG_1PX,
  requester,
  superAdminToken,
  type Tenant,
  type TestContext,
} from '../../../test/harness';
import { createCloudConnection } from '../../../test/messaging';
import { auditSettled } from '../audit/audit.public';

let t: TestContext;
let a: Tenant;
let b: Tenant;
const req = requester(() => t);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
}, 120_000);
afterAll(async () => t?.close());

/** A contact with a bit of everything the product holds about a person; its unique marks to look for. */
async function richContact(tenant: Tenant, tag: string) {
  const marks = {
    name: `Maria Zquelbeck ${tag}`,
    number: `55119${String(Date.now() % 1e8).padStart(8, '0')}`,
    email: `maria.zq.${tag}@example.test`,
    text: `texto-unico-${tag}-pedido 4711`,
    field: `CPF-${tag}-123.456.789-00`,
    note: `Nota privada ${tag} sobre a Maria`,
  };
  const queueId = await addQueue(t, tenant);
  const conn = await createCloudConnection(t, tenant, { queueIds: [queueId] });
  const w = await customerWrites(t, conn.id, { from: marks.number, name: marks.name, body: marks.text });
  await customerWrites(t, conn.id, { from: marks.number, name: marks.name, body: `segunda ${marks.text}` });
  const upd = await req('PUT', `/contacts/${w.contactId}`, tenant.adminToken, {
    email: marks.email,
    extraInfo: [{ name: 'CPF', value: marks.field }],
  });
  expect(upd.statusCode, upd.body).toBe(200);
  // A media message: its file in the company's media folder.
  const stored = await t.deps.media.saveBuffer(tenant.companyId, 'media', PNG_1PX, { mimetype: 'image/png' });
  await t.database.db.execute(
    sql`UPDATE messages SET media_url = ${stored.path}, media_name = 'foto-da-maria.png', media_type = 'image' WHERE id = ${w.messageId}`,
  );
  for (const note of [marks.note, `${marks.note} (apagada)`]) {
    const res = await req('POST', '/ticket-notes', tenant.adminToken, { note, ticketId: w.ticketId, contactId: w.contactId });
    expect(res.statusCode, res.body).toBe(201);
  }
  const notes = await rows<{ id: number }>(t, sql`SELECT id FROM ticket_notes WHERE contact_id = ${w.contactId} ORDER BY id`);
  // A deleted note leaves its text in the audit log (ticketNote.delete's "before").
  expect((await req('DELETE', `/ticket-notes/${notes[1].id}`, tenant.adminToken)).statusCode).toBe(204);
  const sched = await req('POST', '/schedules', tenant.adminToken, {
    body: `Lembrete para ${marks.name}`,
    sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    contactIds: [w.contactId],
  });
  expect(sched.statusCode, sched.body).toBeLessThan(300);
  const list = await req('POST', '/contact-lists', tenant.adminToken, { name: `Lista ${tag}` });
  const item = await req('POST', '/contact-list-items', tenant.adminToken, {
    name: marks.name,
    number: marks.number,
    email: marks.email,
    contactListId: list.json().id,
  });
  expect(item.statusCode, item.body).toBeLessThan(300);
  // A webhook delivery stored about the contact (what an endpoint was sent).
  const [endpoint] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO webhook_endpoints (company_id, url, events, secret) VALUES (${tenant.companyId}, 'https://example.com/hook', '[]'::jsonb, 's') RETURNING id`,
  );
  await t.database.db.execute(
    sql`INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, event_type, body) VALUES (${tenant.companyId}, ${endpoint.id}, gen_random_uuid(), 'contact.updated', ${JSON.stringify({ data: { contact: { name: marks.name, number: marks.number, email: marks.email } } })})`,
  );
  await auditSettled();
  return { ...w, marks, stored: stored.path };
}

/** Every text and JSON column of every table of the schema that holds one of the needles: `table.column: n`. */
async function sweep(needles: string[]) {
  const columns = await rows<{ table_name: string; column_name: string }>(
    t,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [{ n }] = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)}::text ILIKE ${`%${needle}%`}`,
      );
      if (Number(n) > 0) found.push(`${table_name}.${column_name} has "${needle}": ${n}`);
    }
  }
  return found;
}

describe("a contact's data (LGPD)", () => {
  it('exports a zip with the profile, the messages and the media bytes; admins only, own company only, audited', async () => {
    const c = await richContact(a, 'exp');
    const url = `/contacts/${c.contactId}/data-export`;
    expect((await req('GET', url, a.userToken)).statusCode).toBe(403);
    expect((await req('GET', url, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', url, b.adminToken)).json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });

    const res = await t.app.inject({ method: 'GET', url, headers: bearer(a.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contact-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(
      expect.arrayContaining([
        'contact.json',
        'tickets.json',
        'messages.json',
        'notes.json',
        'schedules.json',
        'contact-lists.json',
        'campaign-shippings.json',
      ]),
    );
    const read = async (name: string) => JSON.parse(await zip.file(name)!.async('string'));
    const profile = await read('contact.json');
    expect(profile).toMatchObject({ id: c.contactId, name: c.marks.name, number: c.marks.number, email: c.marks.email });
    expect(profile.customFields).toEqual([{ name: 'CPF', value: c.marks.field }]);
    const messages: { body: string; ticketId: number }[] = await read('messages.json');
    expect(messages.map((m) => m.body)).toEqual(expect.arrayContaining([c.marks.text, `segunda ${c.marks.text}`]));
    expect((await read('tickets.json')).map((x: { id: number }) => x.id)).toContain(c.ticketId);
    expect((await read('notes.json')).map((n: { note: string }) => n.note)).toEqual([c.marks.note]);
    expect(await read('schedules.json')).toHaveLength(1);
    expect(await read('contact-lists.json')).toMatchObject([{ number: c.marks.number, email: c.marks.email }]);
    const media = names.filter((n) => n.startsWith('media/'));
    expect(media).toEqual([`media/${c.messageId}-foto-da-maria.png`]);
    expect(Buffer.from(await zip.file(media[0])!.async('uint8array')).equals(PNG_1PX)).toBe(true);

    await auditSettled();
    const [entry] = await rows<{ user_id: number; entity_id: string }>(
      t,
      sql`SELECT user_id, entity_id FROM audit_logs WHERE company_id = ${a.companyId} AND action = 'contact.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.entity_id).toBe(String(c.contactId));
  });

  it('erases: no text, number, e-mail or file of the contact left in any table or the media folder; counts kept', async () => {
    const c = await richContact(a, 'era');
    const other = await richContact(a, 'stay');
    const url = `/contacts/${c.contactId}/erase`;
    const ticketsBefore = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM tickets WHERE contact_id = ${c.contactId}`,
    );
    const messagesBefore = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM messages WHERE ticket_id = ${c.ticketId}`,
    );
    expect(existsSync(t.deps.media.resolve(c.stored)!)).toBe(true);
    const needles = [c.marks.number, c.marks.email, c.marks.text, c.marks.name, c.marks.field, c.marks.note];
    // Before: the sweep sees the contact in every place it is held.
    const held = new Set((await sweep(needles)).map((f) => f.split(' ')[0]));
    for (const place of [
      'contacts.name',
      'contacts.number',
      'contacts.email',
      'contact_custom_fields.value',
      'messages.body',
      'tickets.last_message',
      'ticket_notes.note',
      'schedules.body',
      'contact_list_items.number',
      'audit_logs.before',
      'webhook_deliveries.body',
    ]) {
      expect(held).toContain(place);
    }

    expect((await req('POST', url, a.userToken, { confirm: c.marks.number })).statusCode).toBe(403);
    expect((await req('POST', url, b.adminToken, { confirm: c.marks.number })).json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await req('POST', url, a.adminToken, {})).statusCode).toBe(400);
    const wrong = await req('POST', url, a.adminToken, { confirm: '5511000000000' });
    expect(wrong.json()).toEqual({ error: 'ERR_CONFIRMATION_MISMATCH' });

    const heardFrom = t.realtime.events.length;
    const res = await req('POST', url, a.adminToken, {
      confirm: ` +${c.marks.number.slice(0, 4)} ${c.marks.number.slice(4)} `,
      lang: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.contactId, name: 'Erased contact', email: '', active: false, extraInfo: [] });
    await auditSettled();
    // Open screens hear it: the contact anonymised, its ticket without the last message's preview.
    const contactEvent = t.realtime.events.slice(heardFrom).find((e) => e.event === 'contact');
    expect(contactEvent?.payload).toMatchObject({ action: 'update', contact: { id: c.contactId, name: 'Erased contact' } });
    expect(ticketEvents(t, heardFrom).map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ id: c.ticketId, lastMessage: '' }) }),
    );

    expect(await sweep(needles)).toEqual([]);
    expect(existsSync(t.deps.media.resolve(c.stored)!)).toBe(false);
    // Counts stay true: the contact, its tickets and its messages are still there, emptied.
    expect(await rows(t, sql`SELECT count(*)::int AS n FROM tickets WHERE contact_id = ${c.contactId}`)).toEqual(ticketsBefore);
    expect(await rows(t, sql`SELECT count(*)::int AS n FROM messages WHERE ticket_id = ${c.ticketId}`)).toEqual(messagesBefore);
    // The erasure itself is logged, with nothing of what it cleared.
    const [entry] = await rows<{ entity_id: string; before: unknown; after: unknown }>(
      t,
      sql`SELECT entity_id, before, after FROM audit_logs WHERE company_id = ${a.companyId} AND action = 'contact.erase'`,
    );
    expect(entry).toMatchObject({ entity_id: String(c.contactId), before: null, after: { files: 1 } });
    // Another contact of the same company keeps everything.
    expect(await sweep([other.marks.text])).toContainEqual(expect.stringMatching(/^messages\.body/));
    expect(await sweep([other.marks.note])).toContainEqual(expect.stringMatching(/^ticket_notes\.note/));
    expect(existsSync(t.deps.media.resolve(other.stored)!)).toBe(true);
    // Once erased, erasing again says so.
    expect((await req('POST', url, a.adminToken, { confirm: `erased-${c.contactId}` })).json()).toEqual({
      error: 'ERR_CONTACT_ERASED',
    });
  }, 120_000);

  it("the super admin exports a company's whole data: every table's rows (secrets masked, sessions left out) and its media", async () => {
    const c = await richContact(b, 'company');
    const url = `/companies/${b.companyId}/data-export`;
    expect((await req('GET', url, b.adminToken)).statusCode).toBe(403);
    expect((await req('GET', url, b.userToken)).statusCode).toBe(403);
    const superToken = await superAdminToken(t);
    expect((await req('GET', '/companies/999999/data-export', superToken)).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url, headers: bearer(superToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="company-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    const read = async (name: string) => JSON.parse(await zip.file(name)!.async('string'));
    expect(await read('company.json')).toMatchObject({ id: b.companyId });
    expect(names).toEqual(expect.arrayContaining(['tables/contacts.json', 'tables/messages.json', 'tables/users.json']));
    expect(names.filter((n) => /user_sessions|user_recovery_codes|baileys_auth|password_recoveries/.test(n))).toEqual([]);
    const contacts: { id: number; name: string; company_id: number }[] = await read('tables/contacts.json');
    expect(contacts.find((x) => x.id === c.contactId)).toMatchObject({ name: c.marks.name, company_id: b.companyId });
    // nothing of another company
    expect(contacts.every((x) => x.company_id === b.companyId)).toBe(true);
    const messages: { body: string }[] = await read('tables/messages.json');
    expect(messages.map((m) => m.body)).toContain(c.marks.text);
    const users: { password_hash: string }[] = await read('tables/users.json');
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.password_hash === '••••')).toBe(true);
    const file = `media/${c.stored.split('/').slice(1).join('/')}`;
    expect(Buffer.from(await zip.file(file)!.async('uint8array')).equals(PNG_1PX)).toBe(true);
    await auditSettled();
    const [entry] = await rows<{ entity_id: string }>(
      t,
      sql`SELECT entity_id FROM audit_logs WHERE action = 'company.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.entity_id).toBe(String(b.companyId));
  }, 120_000);
});
