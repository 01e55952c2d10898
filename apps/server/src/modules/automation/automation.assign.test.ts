/**
 * The queues' assignment rule (issue 33 item 1; docs/automation.md "Assignment"): round robin, least busy and random
 * (`userRandom`), capacity, online and work hours (an injected clock), groups, the wait and its end — a ticket closed,
 * someone coming online — and the races: two messages at once, two app instances at once (run on PGlite and, with
 * DATABASE_URL, on PostgreSQL).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, customerWrites, type TestUser, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { contextLoader, realtimeHandlers } from '../../composition';
import { contacts, queues, tickets, users } from '../../db/schema';
import { addQueue, clock, connection, customer, IN_HOURS, logTypes, newNumber, t, useAutomationApp } from './automation.testing';

useAutomationApp();
beforeAll(() => t.modules.assignment.useClock(() => clock.now));

type Mode = 'off' | 'random' | 'roundRobin' | 'leastBusy';

/** A company with one queue under `mode`, its connection (new tickets go straight to the queue) and online attendants. */
async function team(mode: Mode, capacity: number, people = 3, app: TestContext = t) {
  const tenant = await createTenant(app);
  const queue = await addQueue(tenant, 'Suporte', { assignmentMode: mode, assignmentCapacity: capacity });
  const conn = await connection(tenant, [queue.id]);
  const staff: TestUser[] = [];
  for (let i = 0; i < people; i++) staff.push(await addUser(app, tenant, { name: `Att ${i}`, queueIds: [queue.id] }));
  await online(app, staff, true);
  return { tenant, queue, conn, staff };
}

async function online(app: TestContext, who: TestUser[], on: boolean) {
  for (const u of who) await app.database.db.update(users).set({ online: on }).where(eq(users.id, u.id));
}

const ownerOf = async (ticketId: number) => (await ticketRow(t, ticketId)).userId;

async function openCount(userId: number, app: TestContext = t) {
  const [r] = await query<{ n: number }>(
    app,
    sql`SELECT count(*)::int AS n FROM tickets WHERE user_id = ${userId} AND status = 'open'`,
  );
  return Number(r.n);
}

describe('who takes a waiting ticket', () => {
  it('round robin: each attendant in turn, by id; the log says the rule assigned it; the assignee hears it', async () => {
    const { staff, conn } = await team('roundRobin', 0);
    const from = t.realtime.events.length;
    const owners: (number | null)[] = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOf((await customer(conn.id).says('Oi')).ticketId));
    expect(owners).toEqual([staff[0].id, staff[1].id, staff[2].id, staff[0].id]);
    const first = (await query<{ id: number }>(t, sql`SELECT id FROM tickets WHERE user_id = ${staff[1].id}`))[0].id;
    expect(await logTypes(first)).toContain('autoAssigned');
    expect((await ticketRow(t, first)).status).toBe('open');
    const heard = t.realtime.events.slice(from).filter((e) => e.event === 'ticketAssigned');
    expect(heard.map((e) => e.to)).toEqual(owners.map((id) => [`user:${id}`]));
    expect(heard[1].payload).toMatchObject({ ticketId: first, contactName: 'Cliente', queueName: 'Suporte' });
  });

  it('least busy: the fewest open tickets; equals take turns', async () => {
    const { staff, conn, queue } = await team('off', 0);
    // Ana holds 2, Bia 0, Caio 1 (given by hand, before the rule is on).
    for (const [who, n] of [
      [staff[0], 2],
      [staff[2], 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const { ticketId } = await customer(conn.id).says('Oi');
        await t.database.db.update(tickets).set({ userId: who.id, status: 'open' }).where(eq(tickets.id, ticketId));
      }
    }
    await t.database.db.update(queues).set({ assignmentMode: 'leastBusy' }).where(eq(queues.id, queue.id));
    const owners: (number | null)[] = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOf((await customer(conn.id).says('Oi')).ticketId));
    // Bia (0) → Bia and Caio tie at 1: Caio comes after Bia → Bia, the only one at 1 → all at 2: after Bia, Caio.
    expect(owners).toEqual([staff[1].id, staff[2].id, staff[1].id, staff[2].id]);
  });

  it("userRandom (the seeds' company switch) is the random mode of a queue whose own mode is off", async () => {
    const { tenant, staff, conn } = await team('off', 0);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/companySettings',
      headers: bearer(tenant.adminToken),
      payload: { column: 'userRandom', data: 'enabled' },
    });
    expect(res.statusCode).toBe(200);
    await t.settled();
    t.modules.assignment.useRandom(() => 0.99);
    try {
      expect(await ownerOf((await customer(conn.id).says('Oi')).ticketId)).toBe(staff[2].id);
    } finally {
      t.modules.assignment.useRandom(Math.random);
    }
  });

  it('mode off: the ticket waits for an attendant to accept it', async () => {
    const { conn } = await team('off', 0);
    const { ticketId } = await customer(conn.id).says('Oi');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'pending', userId: null });
  });

  it('only online attendants within their work hours (on the company clock) take tickets', async () => {
    const { staff, conn } = await team('roundRobin', 0, 3);
    await online(t, [staff[0]], false);
    // Bia works 08:00–12:00 in São Paulo; the clock says 14:00 there.
    await t.database.db.update(users).set({ startWork: '08:00', endWork: '12:00' }).where(eq(users.id, staff[1].id));
    const owners: (number | null)[] = [];
    for (let i = 0; i < 2; i++) owners.push(await ownerOf((await customer(conn.id).says('Oi')).ticketId));
    expect(owners).toEqual([staff[2].id, staff[2].id]);
    clock.now = new Date('2026-11-23T13:00:00Z'); // 10:00 in São Paulo
    try {
      expect(await ownerOf((await customer(conn.id).says('Oi')).ticketId)).toBe(staff[1].id);
    } finally {
      clock.now = IN_HOURS;
    }
  });

  it('group tickets go only to users allowed groups (allowGroup)', async () => {
    const { tenant, staff, queue } = await team('roundRobin', 0, 2);
    await t.database.db.update(users).set({ allowGroup: 'enabled' }).where(eq(users.id, staff[1].id));
    const [group] = await t.database.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: 'Grupo', number: `${newNumber()}-1`, isGroup: true })
      .returning();
    const [ticket] = await t.database.db
      .insert(tickets)
      .values({ companyId: tenant.companyId, contactId: group.id, status: 'pending', queueId: queue.id, isGroup: true })
      .returning();
    expect(await t.modules.assignment.sweep({ companyId: tenant.companyId })).toBe(1);
    expect(await ownerOf(ticket.id)).toBe(staff[1].id);
  });
});

describe('capacity: a ticket waits while everyone is full', () => {
  it('is given when a ticket of theirs closes', async () => {
    const { staff, conn } = await team('roundRobin', 1, 2);
    const a = await customer(conn.id).says('Oi');
    const b = await customer(conn.id).says('Oi');
    const c = await customer(conn.id).says('Oi');
    expect([await ownerOf(a.ticketId), await ownerOf(b.ticketId)]).toEqual([staff[0].id, staff[1].id]);
    expect(await ticketRow(t, c.ticketId)).toMatchObject({ status: 'pending', userId: null });
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${b.ticketId}`,
      headers: bearer(staff[1].token),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await t.settled();
    expect(await ownerOf(c.ticketId)).toBe(staff[1].id);
    expect(await openCount(staff[0].id)).toBe(1);
  });

  it('is given when a ticket of theirs is transferred away', async () => {
    const { tenant, staff, conn } = await team('roundRobin', 1, 1);
    const other = await addQueue(tenant, 'Financeiro');
    const a = await customer(conn.id).says('Oi');
    const b = await customer(conn.id).says('Oi');
    expect([await ownerOf(a.ticketId), await ownerOf(b.ticketId)]).toEqual([staff[0].id, null]);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${a.ticketId}`,
      headers: bearer(tenant.adminToken),
      payload: { queueId: other.id, userId: null, status: 'pending' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.settled();
    expect(await ownerOf(b.ticketId)).toBe(staff[0].id);
    expect(await ticketRow(t, a.ticketId)).toMatchObject({ queueId: other.id, userId: null }); // Financeiro has no rule
  });

  it('a ticket its attendant returns to the queue goes to someone else, or waits', async () => {
    const { staff, conn } = await team('roundRobin', 0, 2);
    const a = await customer(conn.id).says('Oi');
    expect(await ownerOf(a.ticketId)).toBe(staff[0].id);
    const giveBack = async (who: TestUser) => {
      const r = await t.app.inject({
        method: 'PUT',
        url: `/tickets/${a.ticketId}`,
        headers: bearer(who.token),
        payload: { status: 'pending' },
      });
      expect(r.statusCode, r.body).toBe(200);
      await t.settled();
    };
    // staff[1] is next in turn anyway: make staff[0] the next one, so only the exclusion keeps it from them
    await customer(conn.id).says('Oi');
    await giveBack(staff[0]);
    expect(await ownerOf(a.ticketId)).toBe(staff[1].id);
    // the only other attendant gives it back while staff[0] is away: it waits rather than return to them
    await online(t, [staff[0]], false);
    await giveBack(staff[1]);
    expect(await ticketRow(t, a.ticketId)).toMatchObject({ status: 'pending', userId: null });
    // staff[0] comes back: they did not give this one back, so they may take it
    await online(t, [staff[0]], true);
    await t.modules.assignment.sweep();
    expect(await ownerOf(a.ticketId)).toBe(staff[0].id);
  });

  it("a user's own capacity wins over the queue's default", async () => {
    const { staff, conn } = await team('leastBusy', 1, 2);
    await t.database.db.update(users).set({ assignmentCapacity: 3 }).where(eq(users.id, staff[0].id));
    for (let i = 0; i < 5; i++) await customer(conn.id).says('Oi');
    expect([await openCount(staff[0].id), await openCount(staff[1].id)]).toEqual([3, 1]);
  });

  it('is given when someone comes online (their first socket)', async () => {
    const { tenant, staff, conn } = await team('roundRobin', 0, 1);
    await online(t, staff, false);
    const { ticketId } = await customer(conn.id).says('Oi');
    expect(await ownerOf(ticketId)).toBeNull();
    const ctx = await contextLoader(t.database.db)(staff[0].id);
    expect(ctx?.companyId).toBe(tenant.companyId);
    await realtimeHandlers(t.deps).userStatus(ctx!);
    await t.settled();
    expect(await ownerOf(ticketId)).toBe(staff[0].id);
  });

  it('the minute sweep gives what waited when work hours start', async () => {
    const { staff, conn } = await team('roundRobin', 0, 1);
    await t.database.db.update(users).set({ startWork: '15:00', endWork: '18:00' }).where(eq(users.id, staff[0].id));
    const { ticketId } = await customer(conn.id).says('Oi');
    expect(await ownerOf(ticketId)).toBeNull();
    clock.now = new Date('2026-11-23T18:30:00Z'); // 15:30 in São Paulo
    try {
      expect(await t.modules.assignment.sweep()).toBeGreaterThanOrEqual(1);
      expect(await ownerOf(ticketId)).toBe(staff[0].id);
    } finally {
      clock.now = IN_HOURS;
    }
  });
});

describe('races', () => {
  it('two messages at once: each ticket once, nobody above capacity', async () => {
    const { staff, conn } = await team('roundRobin', 2, 3);
    const written = await Promise.all(
      Array.from({ length: 10 }, () => customerWrites(t, conn.id, { from: newNumber(), body: 'Oi' })),
    );
    await t.settled();
    for (const u of staff) expect(await openCount(u.id)).toBe(2);
    await expectOneAssignmentEach(
      t,
      written.map((w) => w.ticketId),
      6,
    );
  });

  it('two app instances on one database deciding at once: one assignment per ticket, never above capacity', async () => {
    const two = await createTestApp({ shareWith: t });
    try {
      const { tenant, staff, conn, queue } = await team('off', 3, 4);
      const waiting = await Promise.all(Array.from({ length: 30 }, () => customerWrites(t, conn.id, { from: newNumber() })));
      await t.database.db.update(queues).set({ assignmentMode: 'leastBusy' }).where(eq(queues.id, queue.id));
      const given = await Promise.all([
        t.modules.assignment.assignQueue(tenant.companyId, queue.id),
        two.modules.assignment.assignQueue(tenant.companyId, queue.id),
        t.modules.assignment.sweep({ companyId: tenant.companyId }),
        two.modules.assignment.sweep(),
      ]);
      const counted =
        (given[0] as unknown[]).length + (given[1] as unknown[]).length + (given[2] as number) + (given[3] as number);
      expect(counted).toBe(12);
      for (const u of staff) expect(await openCount(u.id)).toBe(3);
      await expectOneAssignmentEach(
        t,
        waiting.map((w) => w.ticketId),
        12,
      );
    } finally {
      await two.close();
    }
  });
});

async function expectOneAssignmentEach(app: TestContext, ticketIds: number[], assigned: number) {
  const logs = await query<{ ticket_id: number; n: number }>(
    app,
    sql`SELECT ticket_id, count(*)::int AS n FROM ticket_logs WHERE type = 'autoAssigned' AND ticket_id IN ${sql.raw(`(${ticketIds.join(',')})`)} GROUP BY ticket_id`,
  );
  expect(logs.every((l) => Number(l.n) === 1)).toBe(true);
  expect(logs).toHaveLength(assigned);
  const owned = await query<{ n: number }>(
    app,
    sql`SELECT count(*)::int AS n FROM tickets WHERE user_id IS NOT NULL AND id IN ${sql.raw(`(${ticketIds.join(',')})`)}`,
  );
  expect(Number(owned[0].n)).toBe(assigned);
}
