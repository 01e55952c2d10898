/** The automation (see automation.test.ts): ratings (NPS) and LGPD consent. */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, companySetting, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, type Tenant } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { contacts, type queues, tickets } from '../../db/schema';
import { sweepIdleTicketsJob } from '../tickets/tickets.jobs';

import {
  addQueue,
  auto,
  botMessages,
  clock,
  connection,
  customer,
  IN_HOURS,
  logTypes,
  t,
  useAutomationApp,
} from './automation.testing';

useAutomationApp();

describe('rating (NPS)', () => {
  let tenant: Tenant;
  let q: typeof queues.$inferSelect;
  let conn: Awaited<ReturnType<typeof connection>>;
  let ana: Awaited<ReturnType<typeof addUser>>;
  beforeAll(async () => {
    tenant = await createTenant(t);
    q = await addQueue(tenant, 'Suporte', { greetingMessage: '' });
    ana = await addUser(t, tenant, { queueIds: [q.id] });
    conn = await connection(tenant, [q.id], {
      greetingMessage: '',
      ratingMessage: 'De 0 a 10, quanto você nos recomendaria?',
      complationMessage: 'Obrigado, {{name}}!',
      expiresTicketNPS: 10,
      maxUseBotQueuesNPS: 3,
    });
    await companySetting(t, tenant, 'userRating', 'enabled');
    clock.now = new Date(); // the rating window is measured against stored message times
  });
  afterAll(() => {
    clock.now = IN_HOURS;
  });

  async function attendedAndClosed() {
    const c = customer(conn.id);
    const { ticketId } = await c.says('Preciso de ajuda');
    await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(ana.token), payload: { status: 'open' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'closed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('nps');
    expect((await botMessages(ticketId)).at(-1)).toMatchObject({
      kind: 'rating',
      body: 'De 0 a 10, quanto você nos recomendaria?',
    });
    return { c, ticketId };
  }

  const ratings = (ticketId: number) =>
    query<{ rate: number; user_id: number; queue_id: number }>(
      t,
      sql`SELECT rate, user_id, queue_id FROM user_ratings WHERE ticket_id = ${ticketId}`,
    );

  it('a valid answer is stored with user and queue, thanked with complationMessage, and closes the ticket', async () => {
    const { c, ticketId } = await attendedAndClosed();
    await c.says('nota 9');
    expect(await ratings(ticketId)).toEqual([{ rate: 9, user_id: ana.id, queue_id: q.id }]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect((await botMessages(ticketId)).at(-1)).toMatchObject({ kind: 'completion', body: 'Obrigado, Cliente!' });
    // The attendance is recorded with its rating (issue 17).
    const [k] = await query<{ rate: number; done: boolean }>(
      t,
      sql`SELECT k.rate, k.finished_at <= k.closed_at AS done FROM ticket_trackings k WHERE k.ticket_id = ${ticketId}`,
    );
    expect(k).toEqual({ rate: 9, done: true });
    // the log says Ana closed it, not the system (issue 30 item 9)
    const closes = await query<{ user_id: number | null }>(
      t,
      sql`SELECT user_id FROM ticket_logs WHERE ticket_id = ${ticketId} AND type = 'closed'`,
    );
    expect(closes).toEqual([{ user_id: ana.id }]);
  });

  it('invalid answers ask again up to maxUseBotQueuesNPS, then close without a rating', async () => {
    const { c, ticketId } = await attendedAndClosed();
    await c.says('ótimo atendimento');
    await c.says('11');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'nps', amountUsedBotQueuesNPS: 2 });
    await c.says('dez');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect(await ratings(ticketId)).toEqual([]);
    expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['rating', 'rating', 'rating', 'completion']);
  });

  it('after expiresTicketNPS minutes the answer no longer counts; the tickets sweep closes silent ones', async () => {
    const late = await attendedAndClosed();
    auto().useClock(() => new Date(Date.now() + 11 * 60_000));
    try {
      await late.c.says('10');
    } finally {
      auto().useClock(() => clock.now);
    }
    expect(await ticketRow(t, late.ticketId)).toMatchObject({ status: 'closed' });
    expect(await ratings(late.ticketId)).toEqual([]);

    const silent = await attendedAndClosed();
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = now() - interval '11 minutes' WHERE ticket_id = ${silent.ticketId}`,
    );
    await t.deps.jobs.runNow(sweepIdleTicketsJob, {});
    expect(await ticketRow(t, silent.ticketId)).toMatchObject({ status: 'closed' });
  });

  it("the closing form's choice: askRating false closes at once, with or without the farewell, and asks nothing", async () => {
    for (const sendFarewellMessage of [true, false]) {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Preciso de ajuda');
      await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(ana.token), payload: { status: 'open' } });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/tickets/${ticketId}`,
        headers: bearer(ana.token),
        payload: { status: 'closed', askRating: false, sendFarewellMessage },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('closed');
      const sent = await query<{ body: string }>(
        t,
        sql`SELECT body FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
      );
      expect(sent.map((m) => m.body)).toEqual(sendFarewellMessage ? ['Obrigado, Cliente!'] : []);
      expect(await ratings(ticketId)).toEqual([]);
    }
  });

  it('Cloud API, the customer silent for 24 hours: closing skips the rating question and the log says why (decision 99)', async () => {
    const { ticketId } = await customer(conn.id).says('Preciso de ajuda');
    await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(ana.token), payload: { status: 'open' } });
    // the customer's message is 25 hours old when the ticket is closed: their window has closed
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = created_at - interval '25 hours' WHERE ticket_id = ${ticketId} AND NOT from_me`,
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'closed' },
    });
    expect(res.json().status).toBe('closed');
    const asked = await query(
      t,
      sql`SELECT id FROM messages WHERE ticket_id = ${ticketId} AND data_json->>'automatic' = 'rating'`,
    );
    expect(asked).toEqual([]);
    expect(await logTypes(ticketId)).toContain('ratingSkipped');
  });

  it('without ratingMessage, or with userRating off, closing closes', async () => {
    const other = await createTenant(t);
    const oq = await addQueue(other, 'X', { greetingMessage: '' });
    const u = await addUser(t, other, { queueIds: [oq.id] });
    const oc = await connection(other, [oq.id], { greetingMessage: '' });
    const { ticketId } = await customer(oc.id).says('Oi');
    await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(u.token), payload: { status: 'open' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(u.token),
      payload: { status: 'closed' },
    });
    expect(res.json().status).toBe('closed');
  });
});

describe('LGPD consent', () => {
  let tenant: Tenant;
  let conn: Awaited<ReturnType<typeof connection>>;
  beforeAll(async () => {
    tenant = await createTenant(t);
    await companySetting(t, tenant, 'lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
    await companySetting(t, tenant, 'lgpdLink', 'https://loja.example/privacidade');
    await companySetting(t, tenant, 'enableLGPD', 'enabled');
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    conn = await connection(tenant, [qa.id, qb.id]);
  });

  it('a new contact is asked first; accepting records lgpdAcceptedAt and the menu follows', async () => {
    const c = customer(conn.id);
    const { ticketId, contactId } = await c.says('Oi');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'lgpd' });
    expect((await botMessages(ticketId))[0].body).toBe(
      'Tratamos seus dados conforme a LGPD.\n\nhttps://loja.example/privacidade\n\n*1* - Aceito\n*2* - Não aceito',
    );
    await c.says('talvez');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'lgpd' });
    await c.says('1');
    const ticket = await ticketRow(t, ticketId);
    expect(ticket).toMatchObject({ status: 'pending', isBot: true });
    expect(ticket.lgpdAcceptedAt).not.toBeNull();
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact.lgpdAcceptedAt).not.toBeNull();
    expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['lgpd', 'lgpd', 'menu']);

    // Accepted once: the next conversation goes straight to the menu.
    await t.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    const next = await c.says('Oi de novo');
    expect((await botMessages(next.ticketId)).map((m) => m.kind)).toEqual(['menu']);
  });

  it('refusing closes the ticket', async () => {
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('Não');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect((await logTypes(ticketId)).at(-1)).toBe('closed');
  });
});
