/**
 * The conversation automation driven as a customer would: messages arrive through the ingest pipeline (and the
 * Cloud API webhook), the bot's answers are read back from the conversation. Time rules use an injected clock.
 * This file: end to end through the Cloud API, the queue menu, audio refusal. Fixtures: automation.testing.ts.
 */

import { inbound } from '@atendo/graph-standin';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companySetting, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, multipart, PNG_1PX, type Tenant } from '../../../test/harness';
import { deliver, query } from '../../../test/messaging';
import { companies, contacts, type queues, tickets } from '../../db/schema';
import { sendMessageJob } from '../messages/messages.public';
import { AUDIO_REFUSED_TEXT } from './automation.service';

import {
  addQueue,
  auto,
  botMessages,
  clock,
  connection,
  customer,
  IN_HOURS,
  logTypes,
  newNumber,
  standin,
  t,
  useAutomationApp,
} from './automation.testing';

useAutomationApp();

/** The live ticket of the contact with this number in the company. */
async function ticketOf(tenant: Tenant, number: string) {
  const [row] = await t.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, tenant.companyId), eq(contacts.number, number)));
  return row;
}

describe('end to end through the Cloud API stand-in', () => {
  it('the customer writes on WhatsApp, the menu reaches their phone, their answer picks the queue', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'Pedidos');
    const qb = await addQueue(tenant, 'Trocas');
    const conn = await connection(tenant, [qa.id, qb.id]);
    const from = newNumber();
    /** Runs the send jobs of the bot's new messages, as the worker would, and answers what reached the phone. */
    const phoneReceives = async (ticketId: number, after: number) => {
      const fresh = (await botMessages(ticketId)).filter((m) => m.id > after);
      for (const m of fresh)
        await t.deps.jobs.runNow(sendMessageJob, { messageId: m.id, companyId: tenant.companyId, attempt: 1 });
      return standin.sent
        .filter((x) => x.to === from)
        .slice(-fresh.length)
        .map((x) => (x.body.text as { body: string }).body);
    };
    const res = await deliver(t, conn, [inbound.text({ from, body: 'Boa tarde!' })], [{ waId: from, name: 'Joana' }]);
    expect(res.statusCode).toBe(200);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
    expect(await phoneReceives(ticket.id, 0)).toEqual(['Bem-vindo à Loja!\n\n*1* - Pedidos\n*2* - Trocas']);
    const last = (await botMessages(ticket.id)).at(-1)!.id;
    // Cloud API times are whole seconds; a person answers the menu seconds after it arrives.
    await deliver(t, conn, [inbound.text({ from, body: 'trocas', timestamp: new Date(Date.now() + 2000) })]);
    expect(await phoneReceives(ticket.id, last)).toEqual(['Fila Trocas']);
    expect(await ticketRow(t, ticket.id)).toMatchObject({ queueId: qb.id, isBot: false });
    const acked = await query<{ ack: number }>(t, sql`SELECT ack FROM messages WHERE ticket_id = ${ticket.id} AND from_me`);
    expect(acked.every((m) => m.ack >= 1)).toBe(true);
  });

  it('an inactive company keeps what its customers write, but its bot answers nothing (issue 18 item 1)', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'Pedidos');
    const qb = await addQueue(tenant, 'Trocas');
    const conn = await connection(tenant, [qa.id, qb.id]);
    await t.database.db.update(companies).set({ status: false }).where(eq(companies.id, tenant.companyId));
    const from = newNumber();
    const res = await deliver(t, conn, [inbound.text({ from, body: 'Alguém aí?' })], [{ waId: from, name: 'Rui' }]);
    expect(res.statusCode).toBe(200);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
    const stored = await query<{ body: string; from_me: boolean }>(
      t,
      sql`SELECT body, from_me FROM messages WHERE ticket_id = ${ticket.id}`,
    );
    expect(stored).toEqual([{ body: 'Alguém aí?', from_me: false }]);
    expect(await botMessages(ticket.id)).toEqual([]);
    expect(standin.sent.filter((x) => x.to === from)).toEqual([]);
  });
});

describe('queue choice menu', () => {
  let tenant: Tenant;
  let sales: typeof queues.$inferSelect;
  let support: typeof queues.$inferSelect;
  beforeAll(async () => {
    tenant = await createTenant(t);
    sales = await addQueue(tenant, 'Vendas', { orderQueue: 1 });
    support = await addQueue(tenant, 'Suporte Técnico', { orderQueue: 2 });
  });

  it('greets a new ticket with the numbered queues and moves it on a valid answer (number, emoji, name)', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    for (const answer of ['2', '2️⃣', '  suporte tecnico ', 'quero o suporte técnico', '*2*']) {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi, boa tarde');
      const [menu] = await botMessages(ticketId);
      expect(menu.kind).toBe('menu');
      expect(menu.body).toBe('Bem-vindo à Loja!\n\n*1* - Vendas\n*2* - Suporte Técnico');
      expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: true, queueId: null, status: 'pending' });

      await c.says(answer);
      const ticket = await ticketRow(t, ticketId);
      expect(ticket, answer).toMatchObject({ queueId: support.id, isBot: false, status: 'pending' });
      const msgs = await botMessages(ticketId);
      expect(msgs.map((m) => m.body)).toEqual([menu.body, 'Fila Suporte Técnico']);
      expect(await logTypes(ticketId)).toEqual(['create', 'chatBot', 'queue']);
    }
  });

  it('sends the greeting attachment (greetingMediaAttachment) before the menu', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const form = multipart([{ name: 'file', data: PNG_1PX, filename: 'boas-vindas.png', contentType: 'image/png' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/whatsapp/${conn.id}/media-upload`,
      headers: { ...bearer(tenant.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBeLessThan(300);
    const { ticketId } = await customer(conn.id).says('Oi');
    const rows = await query<{ media_type: string; media_url: string | null; kind: string }>(
      t,
      sql`SELECT media_type, media_url, data_json->>'automatic' AS kind FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    expect(rows.map((r) => [r.media_type, r.kind])).toEqual([
      ['image', 'greeting'],
      ['text', 'menu'],
    ]);
    expect(rows[0].media_url).toMatch(/\.png$/);
  });

  it('repeats the menu on invalid answers at most maxUseBotQueues times, then the ticket waits without a queue', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { maxUseBotQueues: 2 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('quero saber do meu pedido'); // not an option: the menu again (2nd time)
    await c.says('9'); // the limit: handed to the attendants
    await c.says('alô??');
    const msgs = await botMessages(ticketId);
    expect(msgs.map((m) => m.kind)).toEqual(['menu', 'menu']);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, queueId: null, status: 'pending', userId: null });
  });

  it('sends a ticket that never chose to sendIdQueue after timeSendQueue minutes (a pg-boss timer)', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { sendIdQueue: sales.id, timeSendQueue: 5 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    const jobs = await query<{ data: { ticketId: number }; start_after: string; created_on: string }>(
      t,
      sql`SELECT data, start_after, created_on FROM pgboss.job WHERE name = 'automation.sendToDefaultQueue' AND (data->>'ticketId')::int = ${ticketId}`,
    );
    expect(jobs).toHaveLength(1);
    const delay = new Date(jobs[0].start_after).getTime() - new Date(jobs[0].created_on).getTime();
    expect(delay).toBeGreaterThanOrEqual(299_000);
    expect(delay).toBeLessThanOrEqual(301_000);

    await auto().sendToDefaultQueue(tenant.companyId, ticketId); // what the job runs when it comes due
    expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: sales.id, isBot: false });
    expect((await logTypes(ticketId)).at(-1)).toBe('redirect');

    // A ticket that chose its queue meanwhile stays where it is.
    const d = customer(conn.id);
    const second = await d.says('Oi');
    await d.says('2');
    await auto().sendToDefaultQueue(tenant.companyId, second.ticketId);
    expect((await ticketRow(t, second.ticketId)).queueId).toBe(support.id);
  });

  it('lets go of a ticket it has held timeUseBotQueues minutes: the next answer waits for an attendant (issue 37 item 8)', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { timeUseBotQueues: 30 });
    const from = newNumber();
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    clock.now = new Date(); // the bot's time is measured against stored message times
    try {
      await deliver(t, conn, [inbound.text({ from, body: 'Oi' })], [{ waId: from, name: 'Rita' }]);
      const ticketId = (await ticketOf(tenant, from)).id;
      await deliver(t, conn, [inbound.text({ from, body: 'hã?', timestamp: at(2) })]);
      expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['menu', 'menu']); // within the time: the menu again
      expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: true, queueId: null });

      // 31 minutes since the first menu: the bot lets go, even of a valid answer.
      await t.database.db.execute(
        sql`UPDATE messages SET created_at = created_at - interval '31 minutes' WHERE ticket_id = ${ticketId}`,
      );
      await deliver(t, conn, [inbound.text({ from, body: '1', timestamp: at(4) })]);
      expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['menu', 'menu']);
      expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, queueId: null, status: 'pending', userId: null });
      expect((await logTypes(ticketId)).at(-1)).toBe('chatBot');

      // timeUseBotQueues 0: no limit — the same wait, and the answer still picks the queue.
      const open = await connection(tenant, [sales.id, support.id], { timeUseBotQueues: 0 });
      const other = newNumber();
      await deliver(t, open, [inbound.text({ from: other, body: 'Oi' })], [{ waId: other, name: 'Rui' }]);
      const second = (await ticketOf(tenant, other)).id;
      await t.database.db.execute(
        sql`UPDATE messages SET created_at = created_at - interval '31 minutes' WHERE ticket_id = ${second}`,
      );
      await deliver(t, open, [inbound.text({ from: other, body: '1', timestamp: at(2) })]);
      expect(await ticketRow(t, second)).toMatchObject({ isBot: false, queueId: sales.id });
    } finally {
      clock.now = IN_HOURS;
    }
  });

  it('two messages in a row before the menu arrives get one menu, not two', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const c = customer(conn.id);
    const [a, b] = await Promise.all([c.says('Oi'), c.says('bom dia')]);
    expect(a.ticketId).toBe(b.ticketId);
    await c.says('tudo bem?');
    const msgs = await botMessages(a.ticketId);
    expect(msgs.filter((m) => m.kind === 'menu').length).toBeLessThanOrEqual(2);
    expect(msgs[0].kind).toBe('menu');
    const ticket = await ticketRow(t, a.ticketId);
    expect(ticket.amountUsedBotQueues).toBe(msgs.length);
  });

  it('answers processed at the same time are decided one after the other (row lock): never past the limit', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { maxUseBotQueues: 3 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((x) => c.says(`resposta ${x}`)));
    const menus = (await botMessages(ticketId)).filter((m) => m.kind === 'menu');
    expect(menus.length).toBeGreaterThanOrEqual(1);
    expect(menus.length).toBeLessThanOrEqual(3);
    const ticket = await ticketRow(t, ticketId);
    expect(ticket.amountUsedBotQueues).toBe(menus.length);
  });

  it('a contact with disableBot gets nothing automatic', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const c = customer(conn.id);
    const first = await c.says('Oi');
    await t.database.db.update(contacts).set({ disableBot: true }).where(eq(contacts.id, first.contactId));
    const d = customer(conn.id);
    await t.database.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: 'Sem bot', number: d.from, channel: 'whatsapp', disableBot: true });
    const { ticketId } = await d.says('Oi');
    await d.says('1');
    expect(await botMessages(ticketId)).toEqual([]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: null, isBot: false });
  });
});

describe('audio from a contact who may not send audio', () => {
  it('answers the configured refusal through the Cloud API webhook, as the channel delivers it', async () => {
    const tenant = await createTenant(t);
    const conn = await connection(tenant, []);
    await companySetting(t, tenant, 'acceptAudioMessageContact', 'disabled');
    const from = newNumber();
    const res = await deliver(t, conn, [inbound.audio({ from, mediaId: 'media-1', voice: true })], [{ waId: from, name: 'Rui' }]);
    expect(res.statusCode).toBe(200);
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, tenant.companyId)));
    expect((await botMessages(ticket.id)).map((m) => m.body)).toEqual([AUDIO_REFUSED_TEXT]);

    // The contact's own flag: allowed again when the company accepts and the contact may.
    await companySetting(t, tenant, 'acceptAudioMessageContact', 'enabled');
    await deliver(t, conn, [inbound.audio({ from, mediaId: 'media-2' })]);
    expect(await botMessages(ticket.id)).toHaveLength(1);
  });
});
