/**
 * The dashboard against a hand-built month (March 2026, company in America/Sao_Paulo = UTC−3) whose every figure is
 * known: tickets on both sides of 00:00 São Paulo at each end of the range, finished attendances with known times
 * and ratings, groups (counted only in supportGroups), another company's data, a profile user's visibility.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, addUser, rows, setUserFlags, type TestUser } from '../../../test/attendance';
import { appWithCompanies, requester, type Tenant, type TestContext } from '../../../test/harness';
import { rangeOf } from './dashboard.service';

let t: TestContext, a: Tenant, b: Tenant;
let queueA: number, queueB: number;
let ana: TestUser, bia: TestUser, plain: TestUser;
const ids: Record<string, number> = {};

const req = requester(() => t);
const get = async (url: string, token = a.adminToken) => {
  const res = await req('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const MARCH = 'date_from=2026-03-01&date_to=2026-03-31';

async function contact(key: string, createdAt: string, isGroup = false) {
  const [r] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO contacts (company_id, name, number, is_group, created_at)
        VALUES (${a.companyId}, ${key}, ${`55119${Math.floor(Math.random() * 1e8)}`}, ${isGroup}, ${createdAt}::timestamptz) RETURNING id`,
  );
  ids[key] = r.id;
}

async function ticket(
  key: string,
  o: {
    contact: string;
    createdAt: string;
    status: string;
    userId?: number | null;
    queueId?: number | null;
    fromMe?: boolean;
    isGroup?: boolean;
  },
) {
  const [r] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO tickets (company_id, contact_id, status, user_id, queue_id, from_me, is_group, created_at, updated_at)
        VALUES (${a.companyId}, ${ids[o.contact]}, ${o.status}, ${o.userId ?? null}, ${o.queueId ?? null}, ${o.fromMe ?? false},
          ${o.isGroup ?? false}, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz) RETURNING id`,
  );
  ids[key] = r.id;
}

const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

/** A finished attendance: minutes after `startedAt` of the accept, first answer and finish (closed when finished). */
async function attendance(o: {
  ticket: string;
  userId: number | null;
  queueId: number | null;
  startedAt: string;
  accepted: number | null;
  answered: number | null;
  finished: number;
  rate: number | null;
  isGroup?: boolean;
}) {
  const at = (m: number | null) => (m === null ? null : plus(o.startedAt, m));
  await t.database.db.execute(sql`
    INSERT INTO ticket_trackings (company_id, ticket_id, user_id, queue_id, is_group, started_at, accepted_at, first_answer_at,
      finished_at, closed_at, rate)
    VALUES (${a.companyId}, ${ids[o.ticket]}, ${o.userId}, ${o.queueId}, ${o.isGroup ?? false}, ${o.startedAt}::timestamptz,
      ${at(o.accepted)}::timestamptz, ${at(o.answered)}::timestamptz, ${at(o.finished)}::timestamptz, ${at(o.finished)}::timestamptz,
      ${o.rate})`);
}

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  queueA = await addQueue(t, a, 'Vendas');
  queueB = await addQueue(t, a, 'Suporte');
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana', flags: ['showDashboard'] });
  bia = await addUser(t, a, { queueIds: [queueB], name: 'Bia' });
  plain = await addUser(t, a, { queueIds: [queueA], name: 'Sem painel' });
  // Group conversations are seen with allowGroup only, admins included (the inbox's rule).
  await setUserFlags(t, a.adminId, { allowGroup: 'enabled' });

  await contact('c1', '2026-03-01T03:00:00Z'); // 00:00 on 1 March in São Paulo: a lead
  await contact('c2', '2026-02-20T12:00:00Z'); // before the range
  await contact('c3', '2026-03-31T12:00:00Z'); // a lead
  await contact('c4', '2026-03-10T12:00:00Z'); // no ticket: not a lead
  await contact('c5', '2026-04-01T03:00:00Z'); // 00:00 on 1 April: after the range
  await contact('g', '2026-03-10T12:00:00Z', true); // a group: never a lead

  await ticket('T1', { contact: 'c1', createdAt: '2026-03-01T03:00:00Z', status: 'closed', userId: ana.id, queueId: queueA });
  await ticket('T2', { contact: 'c2', createdAt: '2026-03-01T02:59:59Z', status: 'closed', userId: ana.id, queueId: queueA });
  await ticket('T3', {
    contact: 'c3',
    createdAt: '2026-03-31T12:00:00Z',
    status: 'open',
    userId: bia.id,
    queueId: queueB,
    fromMe: true,
  });
  await ticket('T4', { contact: 'c1', createdAt: '2026-04-01T02:59:59Z', status: 'pending', queueId: queueA });
  await ticket('T5', { contact: 'c5', createdAt: '2026-04-01T03:00:00Z', status: 'nps', userId: ana.id, queueId: queueA });
  await ticket('G1', {
    contact: 'g',
    createdAt: '2026-03-10T12:00:00Z',
    status: 'group',
    userId: ana.id,
    queueId: queueA,
    isGroup: true,
  });

  const s = '2026-03-05T12:00:00Z';
  // In March: K1, K2, K3, K4, K6. Waits 30, 10, 20, —, 40 → 25; supports 80, 60, 40, —, 100 → 70.
  await attendance({
    ticket: 'T1',
    userId: ana.id,
    queueId: queueA,
    startedAt: '2026-03-01T03:00:00Z',
    accepted: 10,
    answered: 30,
    finished: 90,
    rate: 10,
  });
  await attendance({
    ticket: 'T2',
    userId: ana.id,
    queueId: queueA,
    startedAt: s,
    accepted: 5,
    answered: 10,
    finished: 65,
    rate: 9,
  });
  await attendance({
    ticket: 'T2',
    userId: bia.id,
    queueId: queueB,
    startedAt: '2026-03-20T12:00:00Z',
    accepted: 0,
    answered: 20,
    finished: 40,
    rate: 7,
  });
  await attendance({
    ticket: 'T3',
    userId: bia.id,
    queueId: queueB,
    startedAt: '2026-03-25T12:00:00Z',
    accepted: null,
    answered: null,
    finished: 5,
    rate: 0,
  });
  // Closed at 00:00 on 1 April São Paulo: outside March.
  await attendance({
    ticket: 'T5',
    userId: ana.id,
    queueId: queueA,
    startedAt: '2026-04-01T02:00:00Z',
    accepted: 0,
    answered: 1,
    finished: 60,
    rate: 0,
  });
  await attendance({
    ticket: 'T1',
    userId: ana.id,
    queueId: queueA,
    startedAt: '2026-03-15T12:00:00Z',
    accepted: 0,
    answered: 40,
    finished: 100,
    rate: null,
  });
  await attendance({
    ticket: 'G1',
    userId: ana.id,
    queueId: queueA,
    startedAt: s,
    accepted: 0,
    answered: 1,
    finished: 2,
    rate: 0,
    isGroup: true,
  });
});
afterAll(async () => t?.close());

describe('GET /dashboard', () => {
  it('answers every counter of the month, São Paulo days from 00:00 to 23:59:59, groups only in supportGroups', async () => {
    const d = await get(`/dashboard?${MARCH}`);
    expect(d.range).toEqual({ from: '2026-03-01', to: '2026-03-31', timezone: 'America/Sao_Paulo' });
    expect(d.counters).toEqual({
      // Now, whatever the range: T3 open, T4 pending, G1 a group, T5 waiting for its rating.
      supportHappening: 1,
      supportPending: 1,
      supportGroups: 1,
      waitRating: 1,
      // Created in March São Paulo: T1 (00:00 on the 1st), T3, T4 (23:59:59 on the 31st); not T2, T5, nor the group.
      tickets: 3,
      activeTickets: 1,
      passiveTickets: 2,
      leads: 2,
      // Finished in March: 5, 4 of them rated 10, 9, 7, 0.
      supportFinished: 5,
      avgWaitTime: 25,
      avgSupportTime: 70,
      withRating: 4,
      withoutRating: 1,
      percRating: 80,
      npsPromotersPerc: 50,
      npsPassivePerc: 25,
      npsDetractorsPerc: 25,
      npsScore: 25,
    });
  });

  it('lists the attendants with their tickets, average rating, times and presence', async () => {
    const d = await get(`/dashboard?${MARCH}`);
    const byName = Object.fromEntries(d.attendants.map((x: { name: string }) => [x.name, x]));
    expect(byName.Ana).toEqual({
      id: ana.id,
      name: 'Ana',
      tickets: 1,
      rating: 9.5,
      countRating: 2,
      avgWaitTime: 26.7,
      avgSupportTime: 80,
      online: false,
    });
    expect(byName.Bia).toMatchObject({ tickets: 1, rating: 3.5, countRating: 2, avgWaitTime: 20, avgSupportTime: 40 });
    expect(byName['Sem painel']).toMatchObject({
      tickets: 0,
      rating: null,
      countRating: 0,
      avgWaitTime: null,
      avgSupportTime: null,
    });
    expect(d.attendants[0].tickets).toBeGreaterThanOrEqual(d.attendants.at(-1).tickets);
  });

  it('filters by queues and by users', async () => {
    const vendas = (await get(`/dashboard?${MARCH}&queueIds=[${queueA}]`)).counters;
    expect(vendas).toMatchObject({ tickets: 2, supportFinished: 3, withRating: 2, npsPromotersPerc: 100, npsScore: 100 });
    expect(vendas).toMatchObject({ supportHappening: 0, supportPending: 1, leads: 1, avgWaitTime: 26.7 });
    const bias = await get(`/dashboard?${MARCH}&userIds=${bia.id}`);
    expect(bias.counters).toMatchObject({ tickets: 1, activeTickets: 1, supportFinished: 2, npsScore: -50, supportHappening: 1 });
    expect(bias.attendants.map((x: { name: string }) => x.name)).toEqual(['Bia']);
  });

  it('takes the last N days (today included, in São Paulo) or a single date', async () => {
    // 02:30 UTC on 1 March is still 28 February in São Paulo.
    const now = new Date('2026-03-01T02:30:00Z');
    expect(rangeOf({ days: 1 }, 'America/Sao_Paulo', now)).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
      timezone: 'America/Sao_Paulo',
    });
    expect(rangeOf({ days: 30 }, 'America/Sao_Paulo', now)).toMatchObject({ from: '2026-01-30', to: '2026-02-28' });
    expect(rangeOf({ date_to: '2026-03-20' }, 'America/Sao_Paulo', now)).toMatchObject({ from: '2026-03-01', to: '2026-03-20' });
    expect(rangeOf({}, 'America/Sao_Paulo', now)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    const first = (await get('/dashboard?date_from=2026-03-01&date_to=2026-03-01')).counters;
    expect(first).toMatchObject({ tickets: 1, leads: 1, supportFinished: 1 }); // K1 closed at 01:30 on the 1st
    const today = (await get('/dashboard?days=1')).counters;
    expect(today).toMatchObject({ tickets: 0, supportFinished: 0, supportHappening: 1 });
  });

  it('computes the NPS from the counts: 2 promoters and 1 detractor of 3 are 33.3, not 66.7 − 33.3 = 33.4', async () => {
    const startedAt = '2025-01-15T12:00:00Z';
    for (const rate of [10, 9, 3]) {
      await attendance({ ticket: 'T1', userId: ana.id, queueId: queueA, startedAt, accepted: 1, answered: 2, finished: 3, rate });
    }
    const d = (await get('/dashboard?date_from=2025-01-01&date_to=2025-01-31')).counters;
    expect(d).toMatchObject({ withRating: 3, npsPromotersPerc: 66.7, npsDetractorsPerc: 33.3, npsScore: 33.3 });
  });

  it('takes this month to today without a range (seed 000 §9), and refuses a reversed range', async () => {
    const none = await get('/dashboard?days=&date_from=&date_to=');
    expect(none.range).toEqual((await get('/dashboard')).range);
    expect(none.range.from).toBe(`${none.range.to.slice(0, 8)}01`);
    const reversed = await req('GET', '/dashboard?date_from=2026-03-10&date_to=2026-03-01', a.adminToken);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual([{ path: 'date_to', message: 'validation.dateRangeReversed' }]);
  });

  it('shows a profile user with showDashboard only what the inbox shows them', async () => {
    const d = await get(`/dashboard?${MARCH}`, ana.token);
    // Ana (queue Vendas, no show-all, no groups): her tickets and the unassigned ones of her queue.
    expect(d.counters).toMatchObject({
      tickets: 2,
      supportFinished: 3,
      supportHappening: 0,
      supportPending: 1,
      supportGroups: 0,
    });
    expect(d.counters).toMatchObject({ waitRating: 1, withRating: 2, npsScore: 100 });
    expect(d.attendants.map((x: { name: string }) => x.name)).toEqual(['Ana']);
    expect((await get(`/dashboard/ticketsUsers?${MARCH}`, ana.token)).data).toEqual([
      { userId: ana.id, nome: 'Ana', quantidade: 1 },
    ]);
  });

  it('answers 403 without showDashboard, and another company sees none of it', async () => {
    for (const url of [`/dashboard?${MARCH}`, `/dashboard/ticketsUsers?${MARCH}`, `/dashboard/ticketsDay?${MARCH}`]) {
      const res = await req('GET', url, plain.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    const other = (await get(`/dashboard?${MARCH}`, b.adminToken)).counters;
    expect(Object.values(other).every((v) => v === 0 || v === null)).toBe(true);
  });
});

describe('charts', () => {
  it('ticketsUsers: tickets created in the range per attendant holding them', async () => {
    const d = await get(`/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31&companyId=${a.companyId}`);
    expect(d.data).toEqual([
      { userId: ana.id, nome: 'Ana', quantidade: 1 },
      { userId: bia.id, nome: 'Bia', quantidade: 1 },
    ]);
  });

  it('ticketsDay: per São Paulo date over a range, per hour over one day', async () => {
    expect(await get(`/dashboard/ticketsDay?${MARCH}`)).toEqual({
      by: 'date',
      data: [
        { data: '2026-03-01', total: 1 },
        { data: '2026-03-31', total: 2 },
      ],
      count: 3,
    });
    expect(await get('/dashboard/ticketsDay?initialDate=2026-03-31&finalDate=2026-03-31')).toEqual({
      by: 'hour',
      data: [
        { horario: '09', total: 1 },
        { horario: '23', total: 1 },
      ],
      count: 2,
    });
  });
});
