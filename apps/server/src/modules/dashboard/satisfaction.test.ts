/**
 * The satisfaction report (issue 33 item 3) against a hand-built March 2026 (company in America/Sao_Paulo = UTC−3)
 * whose every figure is known: attendances closed on both sides of 00:00 São Paulo at each end of the range, rating
 * questions asked and not answered, the customer's words before and after the score, another company's data.
 */

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, addUser, rows, type TestUser } from '../../../test/attendance';
import { appWithCompanies, requester, type Tenant, type TestContext } from '../../../test/harness';
import { contextLoader } from '../../composition';
import { createSatisfactionService } from './satisfaction.service';

let t: TestContext, a: Tenant, b: Tenant;
let sales: number, support: number;
let ana: TestUser, bia: TestUser, plain: TestUser;
const tickets: Record<string, number> = {};

const req = requester(() => t);
const get = async (url: string, token = a.adminToken) => {
  const res = await req('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const MARCH = 'date_from=2026-03-01&date_to=2026-03-31';
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

/**
 * A ticket with one attendance closed at `closedAt` (the rating question `asked` minutes before, when asked), and the
 * customer's messages at minutes from the close.
 */
async function rated(
  tenant: Tenant,
  key: string,
  o: {
    closedAt: string;
    userId: number | null;
    queueId: number | null;
    rate: number | null;
    asked?: boolean;
    says?: [minutes: number, body: string][];
  },
) {
  const [c] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO contacts (company_id, name, number) VALUES (${tenant.companyId}, ${`Cliente ${key}`},
      ${`55119${Math.floor(Math.random() * 1e8)}`}) RETURNING id`,
  );
  const startedAt = plus(o.closedAt, -120);
  const [tk] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO tickets (company_id, contact_id, status, user_id, queue_id, created_at, updated_at)
        VALUES (${tenant.companyId}, ${c.id}, 'closed', ${o.userId}, ${o.queueId}, ${startedAt}::timestamptz, ${o.closedAt}::timestamptz)
        RETURNING id`,
  );
  tickets[key] = tk.id;
  const asked = o.asked ?? o.rate !== null;
  const finishedAt = asked ? plus(o.closedAt, -3) : o.closedAt;
  await t.database.db.execute(sql`
    INSERT INTO ticket_trackings (company_id, ticket_id, user_id, queue_id, started_at, finished_at, closed_at, rate)
    VALUES (${tenant.companyId}, ${tk.id}, ${o.userId}, ${o.queueId}, ${startedAt}::timestamptz, ${finishedAt}::timestamptz,
      ${o.closedAt}::timestamptz, ${o.rate})`);
  const message = (at: string, body: string, fromMe: boolean, automatic?: string) =>
    t.database.db.execute(sql`
      INSERT INTO messages (company_id, ticket_id, contact_id, body, from_me, data_json, created_at, updated_at)
      VALUES (${tenant.companyId}, ${tk.id}, ${fromMe ? null : c.id}, ${body}, ${fromMe},
        ${automatic ? JSON.stringify({ automatic }) : null}::jsonb, ${at}::timestamptz, ${at}::timestamptz)`);
  if (asked) await message(finishedAt, 'De 0 a 10, quanto você nos recomendaria?', true, 'rating');
  if (o.rate !== null) await message(o.closedAt, String(o.rate), false);
  for (const [m, body] of o.says ?? []) await message(plus(o.closedAt, m), body, false);
}

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  sales = await addQueue(t, a, 'Vendas');
  support = await addQueue(t, a, 'Suporte');
  ana = await addUser(t, a, { queueIds: [sales], name: 'Ana', flags: ['showDashboard'] });
  bia = await addUser(t, a, { queueIds: [support], name: 'Bia' });
  plain = await addUser(t, a, { queueIds: [sales], name: 'Sem painel' });

  // 00:00 on 1 March in São Paulo: in. Words before the score and 5 minutes after it; 30 minutes after: not words.
  await rated(a, 'K1', {
    closedAt: '2026-03-01T03:00:00Z',
    userId: ana.id,
    queueId: sales,
    rate: 10,
    says: [
      [-1, 'Ótimo atendimento, obrigado!'],
      [5, 'A Ana foi muito atenciosa'],
      [30, 'outro assunto'],
    ],
  });
  // 23:59:59 on 28 February in São Paulo: out.
  await rated(a, 'K2', {
    closedAt: '2026-03-01T02:59:59Z',
    userId: ana.id,
    queueId: sales,
    rate: 0,
    says: [[1, 'fora do período']],
  });
  // 'antes': stamped (by the channel, whole seconds) just before the question but stored after it — words too.
  await rated(a, 'K3', {
    closedAt: '2026-03-15T15:00:00Z',
    userId: bia.id,
    queueId: support,
    rate: 6,
    says: [
      [-3.005, 'antes'],
      [2, 'demorou muito'],
    ],
  });
  // 20:00 on 31 March in São Paulo: in; a bare score is no words.
  await rated(a, 'K4', { closedAt: '2026-03-31T23:00:00Z', userId: ana.id, queueId: sales, rate: 8, says: [[1, 'nota 8']] });
  // 00:00 on 1 April in São Paulo: out.
  await rated(a, 'K5', { closedAt: '2026-04-01T03:00:00Z', userId: ana.id, queueId: sales, rate: 10 });
  // Asked, never answered; and closed without asking.
  await rated(a, 'K6', { closedAt: '2026-03-20T12:00:00Z', userId: bia.id, queueId: support, rate: null, asked: true });
  await rated(a, 'K7', { closedAt: '2026-03-10T12:00:00Z', userId: ana.id, queueId: sales, rate: null });
  // Another company, same month.
  await rated(b, 'B1', {
    closedAt: '2026-03-12T12:00:00Z',
    userId: b.adminId,
    queueId: null,
    rate: 0,
    says: [[1, 'empresa B reclama']],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard/satisfaction', () => {
  it('counts March in São Paulo days: NPS, CSAT (8–10), response rate, distribution', async () => {
    const r = await get(`/dashboard/satisfaction?${MARCH}`);
    expect(r.range).toEqual({ from: '2026-03-01', to: '2026-03-31', timezone: 'America/Sao_Paulo' });
    // K1 10, K3 6, K4 8 answered; K6 asked too; K7 never asked.
    expect(r.totals).toEqual({
      asked: 4,
      rated: 3,
      responseRate: 75,
      nps: 0,
      csat: 66.7,
      avgRate: 8,
      promoters: 1,
      passive: 1,
      detractors: 1,
    });
    expect(r.distribution).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1]);
  });

  it('breaks the figures down per attendant and per queue, and draws them per local day', async () => {
    const r = await get(`/dashboard/satisfaction?${MARCH}`);
    const byName = (list: { name: string }[]) => Object.fromEntries(list.map((g) => [g.name, g]));
    expect(byName(r.attendants).Ana).toMatchObject({
      id: ana.id,
      asked: 2,
      rated: 2,
      responseRate: 100,
      nps: 50,
      csat: 100,
      avgRate: 9,
    });
    expect(byName(r.attendants).Bia).toMatchObject({
      id: bia.id,
      asked: 2,
      rated: 1,
      responseRate: 50,
      nps: -100,
      csat: 0,
      avgRate: 6,
    });
    expect(byName(r.queues).Suporte).toMatchObject({ id: support, rated: 1, nps: -100 });
    expect(byName(r.queues).Vendas).toMatchObject({ id: sales, rated: 2, nps: 50 });
    expect(r.trend.by).toBe('day');
    expect(r.trend.points).toEqual([
      { day: '2026-03-01', rated: 1, nps: 100, csat: 100, avgRate: 10 },
      { day: '2026-03-10', rated: 0, nps: null, csat: null, avgRate: null },
      { day: '2026-03-15', rated: 1, nps: -100, csat: 0, avgRate: 6 },
      { day: '2026-03-20', rated: 0, nps: null, csat: null, avgRate: null },
      { day: '2026-03-31', rated: 1, nps: 0, csat: 100, avgRate: 8 },
    ]);
  });

  it('draws a long range per week (Monday-started local weeks)', async () => {
    const r = await get('/dashboard/satisfaction?date_from=2026-01-01&date_to=2026-04-30');
    expect(r.trend.by).toBe('week');
    // 1 March 2026 is a Sunday: its week starts on 23 February, with K2 (28 February in São Paulo).
    expect(r.trend.points.map((p: { day: string; rated: number }) => [p.day, p.rated])).toEqual([
      ['2026-02-23', 2],
      ['2026-03-09', 1],
      ['2026-03-16', 0],
      ['2026-03-30', 2],
    ]);
  });

  it('filters by queue and by attendant', async () => {
    const q = await get(`/dashboard/satisfaction?${MARCH}&queueIds=${support}`);
    expect(q.totals).toMatchObject({ asked: 2, rated: 1, nps: -100 });
    const u = await get(`/dashboard/satisfaction?${MARCH}&userIds=${ana.id}`);
    expect(u.totals).toMatchObject({ asked: 2, rated: 2, nps: 50, csat: 100 });
  });

  it('keeps each company to its own ratings', async () => {
    const r = await get(`/dashboard/satisfaction?${MARCH}`, b.adminToken);
    expect(r.totals).toMatchObject({ asked: 1, rated: 1, nps: -100, detractors: 1 });
    expect(r.attendants).toHaveLength(1);
  });

  it('takes the default range (this month to today) from the clock, on São Paulo days', async () => {
    const ctx = await contextLoader(t.database.db)(a.adminId);
    // 23:30 on 31 March in São Paulo (already 1 April in UTC): still March.
    const late = createSatisfactionService(t.deps, { now: () => new Date('2026-04-01T02:30:00Z') });
    const march = await late.report(ctx!, {});
    expect(march.range).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(march.totals.rated).toBe(3);
    // 00:00 on 1 April in São Paulo: April alone, with K5.
    const april = createSatisfactionService(t.deps, { now: () => new Date('2026-04-01T03:00:00Z') });
    const r = await april.report(ctx!, {});
    expect(r.range).toMatchObject({ from: '2026-04-01', to: '2026-04-01' });
    expect(r.totals).toMatchObject({ rated: 1, promoters: 1 });
  });

  it('needs the dashboard permission, and a profile user sees what the inbox lets them see', async () => {
    const denied = await req('GET', `/dashboard/satisfaction?${MARCH}`, plain.token);
    expect(denied.statusCode).toBe(403);
    expect((await req('GET', `/dashboard/satisfaction/comments?${MARCH}`, plain.token)).statusCode).toBe(403);
    // Ana (showDashboard, queue Vendas): her own attendances, not Bia's in Suporte.
    const anaSees = await get(`/dashboard/satisfaction?${MARCH}`, ana.token);
    expect(anaSees.totals).toMatchObject({ asked: 2, rated: 2 });
    const words = await get(`/dashboard/satisfaction/comments?${MARCH}`, ana.token);
    expect(words.comments.map((c: { ticketId: number }) => c.ticketId)).toEqual([tickets.K1]);
  });
});

describe('GET /dashboard/satisfaction/comments', () => {
  it("lists the customers' words around their score, newest first, with the ticket", async () => {
    const r = await get(`/dashboard/satisfaction/comments?${MARCH}`);
    expect(r.count).toBe(2);
    expect(r.hasMore).toBe(false);
    expect(r.comments.map((c: { ticketId: number; rate: number; text: string }) => [c.ticketId, c.rate, c.text])).toEqual([
      [tickets.K3, 6, 'antes\ndemorou muito'],
      [tickets.K1, 10, 'Ótimo atendimento, obrigado!\nA Ana foi muito atenciosa'],
    ]);
    expect(r.comments[1]).toMatchObject({ contactName: 'Cliente K1', userName: 'Ana', queueName: 'Vendas' });
    expect(r.comments[1].ticketUuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('searches the words, the contact and the ticket id; pages; never another company', async () => {
    const words = await get(`/dashboard/satisfaction/comments?${MARCH}&search=ATENCIOSA`);
    expect(words.comments.map((c: { ticketId: number }) => c.ticketId)).toEqual([tickets.K1]);
    const contact = await get(`/dashboard/satisfaction/comments?${MARCH}&search=Cliente%20K3`);
    expect(contact.comments.map((c: { ticketId: number }) => c.ticketId)).toEqual([tickets.K3]);
    const id = await get(`/dashboard/satisfaction/comments?${MARCH}&search=${tickets.K1}`);
    expect(id.comments.map((c: { ticketId: number }) => c.ticketId)).toEqual([tickets.K1]);
    const other = await get(`/dashboard/satisfaction/comments?${MARCH}&search=empresa%20B`);
    expect(other.count).toBe(0);
    const page1 = await get(`/dashboard/satisfaction/comments?${MARCH}&pageSize=1`);
    expect(page1).toMatchObject({ count: 2, hasMore: true });
    const page2 = await get(`/dashboard/satisfaction/comments?${MARCH}&pageSize=1&page=2`);
    expect(page2.comments[0].ticketId).toBe(tickets.K1);
    expect(page2.hasMore).toBe(false);
  });
});

describe('GET /dashboard/satisfaction/export', () => {
  it('writes the report in the asked language and records the export in the audit log', async () => {
    const res = await req('GET', `/dashboard/satisfaction/export?${MARCH}&lang=en`, a.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('relatorio-de-satisfacao.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['summary', 'attendants', 'queues', 'trend', 'comments']);
    const summary = wb.getWorksheet('summary')!;
    expect(summary.getRow(5).values).toEqual([undefined, 'NPS', 0]);
    const comments = wb.getWorksheet('comments')!;
    expect(comments.getRow(1).getCell(7).value).toBe("Customer's comment");
    expect(comments.getRow(2).getCell(7).value).toBe('antes\ndemorou muito');
    expect(comments.rowCount).toBe(3);
    await t.settled();
    const [audit] = await rows<{ action: string; company_id: number }>(
      t,
      sql`SELECT action, company_id FROM audit_logs WHERE action = 'satisfaction.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ action: 'satisfaction.export', company_id: a.companyId });
  });
});
