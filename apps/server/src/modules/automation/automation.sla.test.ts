/**
 * The queues' SLA policies (issue 33 item 2; docs/automation.md "SLA"; decision 105) on an injected clock: the policy
 * applied when a ticket enters its queue, the first reply met or missed, the next reply due when the customer writes
 * again, the resolution clock stopped while the ticket waits on the customer, business hours, the close, the minute
 * sweep's breach (logged, heard by the attendant and the admins) and the figures of the dashboard and the report
 * (run on PGlite and, with DATABASE_URL, on PostgreSQL).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, customerWrites, type TestUser, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, type Tenant } from '../../../test/harness';
import type { queues } from '../../db/schema';
import { addBusinessTime, businessTimeBetween, slaMissed } from './automation.rules';
import { addQueue, clock, connection, customer, HOURS, logTypes, t, useAutomationApp } from './automation.testing';

useAutomationApp();
beforeAll(() => t.modules.sla.useClock(() => clock.now));

/** Monday 2026-11-23 10:00 in São Paulo (UTC−3). */
const MONDAY_10 = new Date('2026-11-23T13:00:00Z');
const min = (n: number) => n * 60_000;
const at = (from: Date, minutes: number) => new Date(from.getTime() + min(minutes));

interface Policy {
  slaFirstResponseMinutes?: number | null;
  slaNextResponseMinutes?: number | null;
  slaResolutionMinutes?: number | null;
  slaBusinessHours?: boolean;
}

/** A company with one queue under `policy` (new tickets go straight to it) and its attendant Ana. */
async function team(policy: Policy = {}, extra: Partial<typeof queues.$inferInsert> = {}) {
  const tenant = await createTenant(t);
  const queue = await addQueue(tenant, 'Suporte', {
    slaFirstResponseMinutes: 30,
    slaNextResponseMinutes: 20,
    slaResolutionMinutes: 240,
    ...policy,
    ...extra,
  });
  const conn = await connection(tenant, [queue.id]);
  const ana = await addUser(t, tenant, { name: 'Ana', queueIds: [queue.id] });
  return { tenant, queue, conn, ana };
}

async function reply(ana: TestUser, ticketId: number, body = 'Olá, posso ajudar') {
  const accepted = await t.app.inject({
    method: 'PUT',
    url: `/tickets/${ticketId}`,
    headers: bearer(ana.token),
    payload: { status: 'open' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/messages/${ticketId}`,
    headers: bearer(ana.token),
    payload: { body },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await t.settled();
}

async function close(who: { token: string }, ticketId: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/tickets/${ticketId}`,
    headers: bearer(who.token),
    payload: { status: 'closed' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.settled();
}

const sla = async (ticketId: number) => {
  const r = await ticketRow(t, ticketId);
  return {
    slaStartedAt: r.slaStartedAt,
    slaFirstResponseDueAt: r.slaFirstResponseDueAt,
    slaNextResponseDueAt: r.slaNextResponseDueAt,
    slaResolutionDueAt: r.slaResolutionDueAt,
    slaPausedAt: r.slaPausedAt,
    slaBreach: r.slaBreach,
    slaBreachedAt: r.slaBreachedAt,
  };
};

async function sweepAt(tenant: Tenant, when: Date) {
  clock.now = when;
  const marked = await t.modules.sla.sweep(tenant);
  await t.settled();
  return marked;
}

describe('business hours arithmetic (the schedules the automation reads)', () => {
  const tz = 'America/Sao_Paulo';
  it('counts only open minutes: Monday 17:50 + 30 min is Tuesday 08:20; lunch is skipped', () => {
    expect(addBusinessTime(new Date('2026-11-23T20:50:00Z'), min(30), HOURS, tz)).toEqual(new Date('2026-11-24T11:20:00Z'));
    expect(addBusinessTime(new Date('2026-11-23T14:50:00Z'), min(30), HOURS, tz)).toEqual(new Date('2026-11-23T16:20:00Z'));
    expect(businessTimeBetween(new Date('2026-11-23T20:50:00Z'), new Date('2026-11-24T11:20:00Z'), HOURS, tz)).toBe(min(30));
  });
  it('out of hours a clock starts at the next opening; no schedule (or one that never opens) counts every minute', () => {
    expect(addBusinessTime(new Date('2026-11-23T03:00:00Z'), min(10), HOURS, tz)).toEqual(new Date('2026-11-23T11:10:00Z'));
    const from = new Date('2026-11-23T03:00:00Z');
    expect(addBusinessTime(from, min(10), [], tz)).toEqual(at(from, 10));
    const closed = HOURS.map((h) => ({ ...h, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));
    expect(addBusinessTime(from, min(10), closed, tz)).toEqual(at(from, 10));
  });
  it('a weekday without a row is closed: Saturday and Sunday are skipped', () => {
    const weekdays = HOURS.filter((h) => !['saturday', 'sunday'].includes(h.weekday));
    // Friday 2026-11-27 17:30 + 60 min → Monday 08:30.
    expect(addBusinessTime(new Date('2026-11-27T20:30:00Z'), min(60), weekdays, tz)).toEqual(new Date('2026-11-30T11:30:00Z'));
  });
});

describe('a ticket under its queue’s policy', () => {
  it('gets its due times when it enters the queue; a reply in time meets the first response and stops the resolution clock', async () => {
    const { conn, ana, tenant } = await team();
    clock.now = MONDAY_10;
    const { ticketId } = await customer(conn.id).says('Oi');
    expect(await sla(ticketId)).toMatchObject({
      slaStartedAt: MONDAY_10,
      slaFirstResponseDueAt: at(MONDAY_10, 30),
      slaNextResponseDueAt: null,
      slaResolutionDueAt: at(MONDAY_10, 240),
      slaPausedAt: null,
    });
    clock.now = at(MONDAY_10, 10);
    await reply(ana, ticketId);
    expect(await sla(ticketId)).toMatchObject({
      slaFirstResponseDueAt: null,
      slaPausedAt: at(MONDAY_10, 10),
      slaResolutionDueAt: at(MONDAY_10, 240),
      slaBreach: null,
    });
    expect(await sweepAt(tenant, at(MONDAY_10, 60))).toBe(0);
  });

  it('waiting on the customer: hours later the resolution is not missed; when they write it runs on with the time it had left and the next reply is due', async () => {
    const { conn, ana, tenant } = await team();
    clock.now = MONDAY_10;
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    clock.now = at(MONDAY_10, 10);
    await reply(ana, ticketId); // 230 minutes of the resolution left
    expect(await sweepAt(tenant, at(MONDAY_10, 600))).toBe(0); // 10 hours later: still waiting on the customer, not missed
    expect((await sla(ticketId)).slaBreach).toBeNull();
    clock.now = at(MONDAY_10, 600);
    await c.says('Voltei');
    await t.settled();
    expect(await sla(ticketId)).toMatchObject({
      slaPausedAt: null,
      slaNextResponseDueAt: at(MONDAY_10, 620),
      slaResolutionDueAt: at(MONDAY_10, 830),
    });
    clock.now = at(MONDAY_10, 615);
    await reply(ana, ticketId, 'Certo');
    expect(await sla(ticketId)).toMatchObject({ slaNextResponseDueAt: null, slaPausedAt: at(MONDAY_10, 615), slaBreach: null });
    clock.now = at(MONDAY_10, 700);
    await close(ana, ticketId);
    expect(await sla(ticketId)).toMatchObject({ slaResolutionDueAt: null, slaPausedAt: null, slaBreach: null });
  });

  it('the sweep marks a first reply missed once: logged, heard by the attendant and the admins, the inbox gets the ticket', async () => {
    const { conn, ana, tenant } = await team();
    clock.now = MONDAY_10;
    const { ticketId } = await customer(conn.id).says('Oi');
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'open' },
    });
    expect(accepted.statusCode).toBe(200);
    await t.settled();
    const from = t.realtime.events.length;
    expect(await sweepAt(tenant, at(MONDAY_10, 29))).toBe(0);
    expect(await sweepAt(tenant, at(MONDAY_10, 31))).toBe(1);
    expect(await sweepAt(tenant, at(MONDAY_10, 32))).toBe(0);
    expect(await sla(ticketId)).toMatchObject({ slaBreach: 'firstResponse', slaBreachedAt: at(MONDAY_10, 31) });
    expect(await logTypes(ticketId)).toContain('slaBreached');
    const heard = t.realtime.events.slice(from);
    const warned = heard.filter((e) => e.event === 'ticketSlaBreached');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ companyId: tenant.companyId, payload: { ticketId, breach: 'firstResponse' } });
    expect([...(warned[0].to ?? [])].sort()).toEqual(['admins', `user:${ana.id}`]);
    const update = heard.find((e) => e.event === 'ticket');
    expect(update?.payload).toMatchObject({ ticket: { id: ticketId, sla: { breach: 'firstResponse' } } });
  });

  it('a reply after its due is missed at once, even before the sweep', async () => {
    const { conn, ana } = await team();
    clock.now = MONDAY_10;
    const { ticketId } = await customer(conn.id).says('Oi');
    clock.now = at(MONDAY_10, 45);
    await reply(ana, ticketId);
    expect(await sla(ticketId)).toMatchObject({ slaBreach: 'firstResponse', slaBreachedAt: at(MONDAY_10, 45) });
  });

  it('closing after the resolution due is a missed resolution; closing in time is met', async () => {
    const { conn, ana } = await team({ slaFirstResponseMinutes: null, slaNextResponseMinutes: null, slaResolutionMinutes: 60 });
    clock.now = MONDAY_10;
    const late = (await customer(conn.id).says('Oi')).ticketId;
    const early = (await customer(conn.id).says('Oi')).ticketId;
    for (const id of [late, early]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/tickets/${id}`,
        headers: bearer(ana.token),
        payload: { status: 'open' },
      });
      expect(res.statusCode).toBe(200);
    }
    clock.now = at(MONDAY_10, 50);
    await close(ana, early);
    clock.now = at(MONDAY_10, 70);
    await close(ana, late);
    expect((await sla(early)).slaBreach).toBeNull();
    expect(await sla(late)).toMatchObject({ slaBreach: 'resolution', slaBreachedAt: at(MONDAY_10, 70) });
  });

  it('business hours: a message at 17:50 is due 08:20 the next morning; the night sweep does not miss it', async () => {
    const { conn, tenant } = await team({ slaBusinessHours: true }, { schedules: HOURS });
    const evening = new Date('2026-11-23T20:50:00Z'); // Monday 17:50 in São Paulo
    clock.now = evening;
    const { ticketId } = await customer(conn.id).says('Oi');
    expect((await sla(ticketId)).slaFirstResponseDueAt).toEqual(new Date('2026-11-24T11:20:00Z'));
    expect(await sweepAt(tenant, new Date('2026-11-24T02:00:00Z'))).toBe(0);
    expect(await sweepAt(tenant, new Date('2026-11-24T11:21:00Z'))).toBe(1);
  });

  it("the company's hours when the queue has none", async () => {
    const { conn, tenant } = await team({ slaBusinessHours: true }, { schedules: [] });
    await t.database.query('UPDATE companies SET schedules = $1 WHERE id = $2', [JSON.stringify(HOURS), tenant.companyId]);
    clock.now = new Date('2026-11-23T20:50:00Z');
    const { ticketId } = await customer(conn.id).says('Oi');
    expect((await sla(ticketId)).slaFirstResponseDueAt).toEqual(new Date('2026-11-24T11:20:00Z'));
  });

  it('a queue without a policy leaves its tickets without an SLA; a transfer into a ruled queue applies it', async () => {
    const { conn, ana, tenant, queue } = await team({
      slaFirstResponseMinutes: null,
      slaNextResponseMinutes: null,
      slaResolutionMinutes: null,
    });
    const ruled = await addQueue(tenant, 'VIP', { slaFirstResponseMinutes: 15 });
    await t.database.query('INSERT INTO user_queues (company_id, user_id, queue_id) VALUES ($1, $2, $3)', [
      tenant.companyId,
      ana.id,
      ruled.id,
    ]);
    clock.now = MONDAY_10;
    const { ticketId } = await customer(conn.id).says('Oi');
    expect((await sla(ticketId)).slaStartedAt).toBeNull();
    expect(queue.id).not.toBe(ruled.id);
    clock.now = at(MONDAY_10, 5);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(tenant.adminToken),
      payload: { queueId: ruled.id, userId: null, status: 'pending' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.settled();
    expect(await sla(ticketId)).toMatchObject({ slaStartedAt: at(MONDAY_10, 5), slaFirstResponseDueAt: at(MONDAY_10, 20) });
  });

  it('a group ticket gets no SLA (many people talking, not a customer waiting)', async () => {
    const { tenant, queue } = await team();
    const conn = await connection(tenant, [queue.id], { groupAsTicket: 'enabled', allowGroup: true });
    clock.now = MONDAY_10;
    const { ticketId } = await customerWrites(t, conn.id, { group: { id: '1203630@g.us', name: 'Equipe' }, body: 'Oi' });
    const row = await ticketRow(t, ticketId);
    expect(row).toMatchObject({ isGroup: true, queueId: queue.id, slaStartedAt: null });
  });

  it('the rules: a breach is the earliest due missed; the resolution is judged on the clock that ran', () => {
    const base = {
      slaStartedAt: MONDAY_10,
      slaFirstResponseDueAt: null,
      slaNextResponseDueAt: at(MONDAY_10, 50),
      slaResolutionDueAt: at(MONDAY_10, 40),
      slaPausedAt: null,
      slaBreach: null,
      slaBreachedAt: null,
    };
    expect(slaMissed(base, at(MONDAY_10, 60))).toBe('resolution');
    expect(slaMissed({ ...base, slaPausedAt: at(MONDAY_10, 30) }, at(MONDAY_10, 60))).toBe('nextResponse');
    expect(slaMissed({ ...base, slaBreachedAt: MONDAY_10, slaBreach: 'firstResponse' }, at(MONDAY_10, 60))).toBeNull();
  });
});

describe("the figures: the dashboard's SLA tab and the tickets report", () => {
  it('met % per queue and attendant; the report filters the missed ones', async () => {
    const { conn, ana, tenant } = await team();
    clock.now = MONDAY_10;
    const met = (await customer(conn.id).says('Oi')).ticketId;
    const missed = (await customer(conn.id).says('Oi')).ticketId;
    clock.now = at(MONDAY_10, 5);
    await reply(ana, met);
    clock.now = at(MONDAY_10, 50);
    await reply(ana, missed);
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard/sla?date_from=2026-11-23&date_to=2026-11-23',
      headers: bearer(tenant.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const figures = {
      tickets: 2,
      met: 1,
      breached: 1,
      firstResponse: 1,
      nextResponse: 0,
      resolution: 0,
      running: 1,
      metRate: 50,
    };
    expect(res.json()).toMatchObject({
      range: { from: '2026-11-23', to: '2026-11-23' },
      totals: figures,
      queues: [{ name: 'Suporte', ...figures }],
      attendants: [{ id: ana.id, name: 'Ana', ...figures }],
    });
    const other = await t.app.inject({
      method: 'GET',
      url: '/dashboard/sla?date_from=2026-11-24&date_to=2026-11-24',
      headers: bearer(tenant.adminToken),
    });
    expect(other.json().totals).toMatchObject({ tickets: 0, metRate: null });
    const report = await t.app.inject({
      method: 'GET',
      url: '/ticketreport/reports?slaBreached=true',
      headers: bearer(tenant.adminToken),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().tickets).toEqual([expect.objectContaining({ id: missed, slaBreach: 'firstResponse' })]);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/ticketreport/export?slaBreached=true&lang=en',
      headers: bearer(tenant.adminToken),
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rowsOf: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rowsOf.push((row.values as unknown[]).slice(1)));
    expect(rowsOf.map((r) => [r[0], r.at(-1)])).toEqual([
      ['Ticket', 'SLA missed'],
      [missed, 'first response'],
    ]);
  });
});
