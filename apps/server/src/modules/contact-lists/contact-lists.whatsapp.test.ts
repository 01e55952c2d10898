/**
 * The WhatsApp-valid flag of contact list numbers (issue 22 item 1): looked up through the company's QR connection
 * (Baileys `onWhatsApp`, here a fake socket), by whichever process owns the session.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { a, sock, t, useBaileysApp } from '../../channels/baileys/baileys.testing';
import { contactListCheckWhatsappJob } from './contact-lists.jobs';

useBaileysApp({ connected: true });

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function listWith(token: string, numbers: string[]) {
  const list = await post('/contact-lists', token, { name: `Lista ${Date.now()}` });
  expect(list.statusCode, list.body).toBe(201);
  const id = list.json().id as number;
  for (const [i, number] of numbers.entries()) {
    const item = await post('/contact-list-items', token, { name: `Pessoa ${i}`, number, contactListId: id });
    expect(item.statusCode, item.body).toBe(201);
  }
  return id;
}

const flags = (listId: number) =>
  query<{ number: string; is_whatsapp_valid: boolean | null }>(
    t,
    sql`SELECT number, is_whatsapp_valid FROM contact_list_items WHERE contact_list_id = ${listId} ORDER BY number`,
  );

describe('WhatsApp-valid numbers of a contact list', () => {
  it('asks WhatsApp through the QR session: known numbers true, unknown false, the Brazilian ninth digit either way', async () => {
    sock.onWhatsAppNumbers.add('5511988887777');
    sock.onWhatsAppNumbers.add('551188886666'); // known without the ninth digit
    const listId = await listWith(a.adminToken, ['5511988887777', '5511988886666', '5511900001111']);
    expect((await flags(listId)).every((f) => f.is_whatsapp_valid === null)).toBe(true);
    await t.deps.jobs.runNow(contactListCheckWhatsappJob, { companyId: a.companyId, contactListId: listId });
    expect(await flags(listId)).toEqual([
      { number: '5511900001111', is_whatsapp_valid: false },
      { number: '5511988886666', is_whatsapp_valid: true },
      { number: '5511988887777', is_whatsapp_valid: true },
    ]);
    const asked = sock.lookups.at(-1)!;
    expect(asked).toHaveLength(3);
    // checked numbers are not asked again; an edited number is
    const before = sock.lookups.length;
    await t.deps.jobs.runNow(contactListCheckWhatsappJob, { companyId: a.companyId, contactListId: listId });
    expect(sock.lookups.length).toBe(before);
    const check = await post(`/contact-lists/${listId}/check-whatsapp`, a.adminToken);
    expect(check.json()).toEqual({ queued: true });
  });

  it('a process that does not own the session leaves the job to the one that does (retryable), flags untouched', async () => {
    const listId = await listWith(a.adminToken, ['5511977776666']);
    const other = await createTestApp({ shareWith: t });
    try {
      await expect(
        other.deps.jobs.runNow(contactListCheckWhatsappJob, { companyId: a.companyId, contactListId: listId }),
      ).rejects.toThrow();
      expect((await flags(listId))[0].is_whatsapp_valid).toBeNull();
    } finally {
      await other.app.close();
    }
    await t.deps.jobs.runNow(contactListCheckWhatsappJob, { companyId: a.companyId, contactListId: listId });
    expect((await flags(listId))[0].is_whatsapp_valid).toBe(false);
  });

  it('a company without a connected QR connection cannot tell: nothing is queued, flags stay unknown', async () => {
    const c = await createTenant(t);
    const listId = await listWith(c.adminToken, ['5511966665555']);
    expect((await post(`/contact-lists/${listId}/check-whatsapp`, c.adminToken)).json()).toEqual({ queued: false });
    await t.deps.jobs.runNow(contactListCheckWhatsappJob, { companyId: c.companyId, contactListId: listId });
    expect((await flags(listId))[0].is_whatsapp_valid).toBeNull();
    // another company's token cannot ask for this list
    expect((await post(`/contact-lists/${listId}/check-whatsapp`, a.adminToken)).statusCode).toBe(404);
  });
});
