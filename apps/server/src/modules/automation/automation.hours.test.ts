/** The automation (see automation.test.ts): business hours and vacation; waiting — position, rotation, wallets. */

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, companySetting, setUserQueues, ticketRow } from '../../../test/attendance';
import { bearer, createTenant } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { companies, users } from '../../db/schema';

import {
  addQueue,
  botMessages,
  clock,
  connection,
  customer,
  HOURS,
  IN_HOURS,
  logTypes,
  OUT_OF_HOURS,
  t,
  useAutomationApp,
} from './automation.testing';

useAutomationApp();

describe('business hours and vacation', () => {
  const closedText = 'Estamos fechados. Atendemos das 8h às 18h.';

  it.each(['company', 'connection'] as const)(
    'scheduleType %s: the out-of-hours message once per window, the menu once open',
    async (type) => {
      const tenant = await createTenant(t);
      const qa = await addQueue(tenant, 'A');
      const qb = await addQueue(tenant, 'B');
      await companySetting(t, tenant, 'scheduleType', type);
      if (type === 'company')
        await t.database.db.update(companies).set({ schedules: HOURS }).where(eq(companies.id, tenant.companyId));
      const conn = await connection(tenant, [qa.id, qb.id], {
        outOfHoursMessage: closedText,
        schedules: type === 'connection' ? HOURS : [],
      });
      clock.now = OUT_OF_HOURS;
      try {
        const c = customer(conn.id);
        const { ticketId } = await c.says('Oi');
        await c.says('Alguém aí?');
        await c.says('1');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours']);
        clock.now = IN_HOURS;
        await c.says('Bom dia');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours', 'menu']);
        clock.now = new Date('2026-11-23T22:30:00Z'); // 19:30 in São Paulo: a new window
        await c.says('ainda aí?');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours', 'menu', 'outOfHours']);
      } finally {
        clock.now = IN_HOURS;
      }
    },
  );

  it('scheduleType queue: the chosen queue out of its hours answers its own message once; the ticket waits there', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'scheduleType', 'queue');
    const qa = await addQueue(tenant, 'Loja', { schedules: HOURS, outOfHoursMessage: 'A loja abre às 8h.' });
    const qb = await addQueue(tenant, 'Plantão', { schedules: [] });
    const conn = await connection(tenant, [qa.id, qb.id]);
    clock.now = OUT_OF_HOURS;
    try {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi');
      await c.says('1');
      await c.says('oi?');
      await c.says('??');
      expect((await botMessages(ticketId)).map((m) => m.body)).toEqual([
        'Bem-vindo à Loja!\n\n*1* - Loja\n*2* - Plantão',
        'A loja abre às 8h.',
      ]);
      expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: qa.id, isBot: false, status: 'pending' });

      const d = customer(conn.id);
      const other = await d.says('Oi');
      await d.says('plantão');
      expect((await botMessages(other.ticketId)).at(-1)!.body).toBe('Fila Plantão');
    } finally {
      clock.now = IN_HOURS;
    }
  });

  it('collective vacation: its message between the dates (once), the normal menu after', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    const conn = await connection(tenant, [qa.id, qb.id], {
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '2027-01-05',
      collectiveVacationMessage: 'Férias coletivas até 05/01.',
    });
    clock.now = new Date('2027-01-05T20:00:00Z'); // the last day, in São Paulo
    try {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi');
      await c.says('1');
      expect((await botMessages(ticketId)).map((m) => m.body)).toEqual(['Férias coletivas até 05/01.']);
      clock.now = new Date('2027-01-06T12:00:00Z');
      await c.says('Voltaram?');
      expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['vacation', 'menu']);
    } finally {
      clock.now = IN_HOURS;
    }
  });
});

describe('waiting: position, rotation, wallets', () => {
  it('sendQueuePosition tells the waiting customer their place', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'sendQueuePositionMessage', 'Sua posição na fila: {{position}}');
    await companySetting(t, tenant, 'sendQueuePosition', 'enabled');
    const q = await addQueue(tenant, 'Única', { greetingMessage: '' });
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const first = await customer(conn.id).says('Oi');
    const second = await customer(conn.id).says('Oi');
    expect((await botMessages(first.ticketId)).map((m) => m.body)).toEqual(['Sua posição na fila: 1']);
    expect((await botMessages(second.ticketId)).map((m) => m.body)).toEqual(['Sua posição na fila: 2']);
  });

  it('rotation: 30 waiting tickets go round-robin to the 3 online users of the queue, balanced by open tickets', async () => {
    const tenant = await createTenant(t);
    const q = await addQueue(tenant, 'Rodízio', { ativarRoteador: true, tempoRoteador: 2, greetingMessage: '' });
    const online = await Promise.all([1, 2, 3].map((i) => addUser(t, tenant, { queueIds: [q.id], name: `On ${i}` })));
    const offline = await addUser(t, tenant, { queueIds: [q.id], name: 'Off' });
    for (const u of online) await t.database.db.update(users).set({ online: true }).where(eq(users.id, u.id));
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await customer(conn.id).says('Oi')).ticketId);

    expect(await t.modules.assignment.rotate(new Date())).toBe(0); // nobody has waited tempoRoteador minutes yet
    expect(await t.modules.assignment.rotate(new Date(Date.now() + 3 * 60_000))).toBe(30);
    const rows = await query<{ user_id: number; n: number }>(
      t,
      sql`SELECT user_id, count(*)::int AS n FROM tickets WHERE company_id = ${tenant.companyId} AND status = 'open' GROUP BY user_id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, Number(r.n)]))).toEqual(
      Object.fromEntries(online.map((u) => [u.id, 10])),
    );
    expect(rows.some((r) => r.user_id === offline.id)).toBe(false);
    expect((await logTypes(ids[0])).at(-1)).toBe('autoAssigned'); // "assigned by the queue's rule"

    // Balanced by open tickets: a user who already holds more gets the next ones last.
    await setUserQueues(t, tenant, offline.id, []);
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await customer(conn.id).says('Oi')).ticketId);
    const [busiest, lightest] = [online[0].id, online[1].id];
    // 12 / 8 / 10 open tickets: the next four go 2+ to the lightest, none to the busiest.
    await t.database.db.execute(sql`
      UPDATE tickets SET user_id = ${busiest} WHERE id IN (
        SELECT id FROM tickets WHERE company_id = ${tenant.companyId} AND user_id = ${lightest} ORDER BY id LIMIT 2)`);
    await t.modules.assignment.rotate(new Date(Date.now() + 3 * 60_000));
    const owners = await Promise.all(more.map(async (id) => (await ticketRow(t, id)).userId));
    expect(owners.filter((o) => o === busiest)).toHaveLength(0);
    expect(owners.filter((o) => o === lightest).length).toBeGreaterThanOrEqual(2);
    const counts = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM tickets WHERE company_id = ${tenant.companyId} AND status = 'open' AND user_id <> ${busiest} GROUP BY user_id`,
    );
    expect(counts.map((r) => Number(r.n))).toEqual([11, 11]);
  });

  it('DirectTicketsToWallets: the returning contact goes to their last attendant', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'DirectTicketsToWallets', 'enabled');
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    const ana = await addUser(t, tenant, { queueIds: [qa.id, qb.id] });
    const conn = await connection(tenant, [qa.id, qb.id]);
    const c = customer(conn.id);
    const first = await c.says('Oi');
    await c.says('2');
    let res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${first.ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'open' },
    });
    expect(res.statusCode).toBe(200);
    res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${first.ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'closed', sendFarewellMessage: false },
    });
    expect(res.json().status).toBe('closed');

    const again = await c.says('Oi de novo');
    expect(again.ticketId).not.toBe(first.ticketId);
    expect(await ticketRow(t, again.ticketId)).toMatchObject({ status: 'open', userId: ana.id, queueId: qb.id, isBot: false });
    expect(await botMessages(again.ticketId)).toEqual([]);
  });
});
