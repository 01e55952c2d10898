import { randomBytes } from 'node:crypto';
import type { TicketReportPageDto } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, addUser, rows, setUserFlags, type TestUser } from '../../../test/attendance';
import { appWithCompanies, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext;
let a: Tenant;
let b: Tenant;
const req = requester(() => t);

interface Made {
  id: number;
  uuid: string;
}

let seq = 0;
/** A connection row of the tenant (the report only reads its name). */
async function connection(tenant: Tenant, name: string) {
  const [row] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO whatsapps (company_id, name, token) VALUES (${tenant.companyId}, ${name}, ${randomBytes(15).toString('hex')}) RETURNING id`,
  );
  return row.id;
}

async function contact(tenant: Tenant, name: string, number: string, isGroup = false) {
  const [row] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO contacts (company_id, name, number, is_group) VALUES (${tenant.companyId}, ${name}, ${number}, ${isGroup}) RETURNING id`,
  );
  return row.id;
}

/** A ticket as the pipeline leaves it, with its creation moment (and, closed, its last attendance and rating). */
async function ticket(
  tenant: Tenant,
  o: {
    contactId: number;
    createdAt: string;
    status?: string;
    whatsappId?: number | null;
    queueId?: number | null;
    userId?: number | null;
    isGroup?: boolean;
    /** Minutes of the last attendance (closed tickets). */
    support?: number;
    rates?: number[];
  },
): Promise<Made> {
  const status = o.status ?? 'pending';
  const created = new Date(o.createdAt);
  const closedAt = status === 'closed' ? new Date(created.getTime() + ((o.support ?? 0) + 600) * 60_000) : null;
  // unique per live ticket and connection: each live ticket of a contact uses its own connection or none
  const [row] = await rows<Made>(
    t,
    sql`INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, is_group, created_at, updated_at, closed_at)
        VALUES (${tenant.companyId}, ${o.contactId}, ${o.whatsappId ?? null}, ${o.queueId ?? null}, ${o.userId ?? null}, ${status},
                ${o.isGroup ?? false}, ${created.toISOString()}, ${created.toISOString()}, ${closedAt?.toISOString() ?? null})
        RETURNING id, uuid`,
  );
  if (closedAt) {
    // an earlier, longer attendance: the report shows the last one
    const earlier = new Date(created.getTime() + 500 * 60_000);
    await t.database.db.execute(sql`INSERT INTO ticket_trackings (company_id, ticket_id, started_at, accepted_at, finished_at, closed_at)
      VALUES (${tenant.companyId}, ${row.id}, ${created.toISOString()}, ${created.toISOString()}, ${earlier.toISOString()}, ${earlier.toISOString()})`);
    // an attendance no attendant took (the bot closed it): no support time
    await t.database.db.execute(sql`INSERT INTO ticket_trackings (company_id, ticket_id, started_at, finished_at, closed_at)
      VALUES (${tenant.companyId}, ${row.id}, ${earlier.toISOString()}, ${earlier.toISOString()}, ${new Date(earlier.getTime() + 60_000).toISOString()})`);
    const start = new Date(closedAt.getTime() - (o.support ?? 0) * 60_000);
    await t.database.db.execute(sql`INSERT INTO ticket_trackings (company_id, ticket_id, started_at, accepted_at, finished_at, closed_at)
      VALUES (${tenant.companyId}, ${row.id}, ${start.toISOString()}, ${start.toISOString()}, ${closedAt.toISOString()}, ${closedAt.toISOString()})`);
  }
  for (const [i, rate] of (o.rates ?? []).entries()) {
    await t.database.db.execute(sql`INSERT INTO user_ratings (company_id, ticket_id, rate, created_at)
      VALUES (${tenant.companyId}, ${row.id}, ${rate}, ${new Date(created.getTime() + (i + 1) * 1000).toISOString()})`);
  }
  return row;
}

const report = async (token: string, query: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const res = await req('GET', `/ticketreport/reports?${qs}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketReportPageDto & { tickets: { createdAt: string; closedAt: string | null }[] };
};
const idsOf = (page: { tickets: { id: number }[] }) => page.tickets.map((r) => r.id);
/** GET /ticketreport/totals: every total of the filtered report (read once per set of filters by the page). */
const totalsOf = async (token: string, query: Record<string, unknown> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const res = await req('GET', `/ticketreport/totals?${qs}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// The dataset (March 2026 in São Paulo, UTC−3): known answers for every filter and total.
let queueVendas: number;
let queueSuporte: number;
let ana: TestUser;
let connMain: number;
let connB: number;
let maria: number;
let joao: number;
let grupo: number;
const T: Record<string, Made> = {};

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  queueVendas = await addQueue(t, a, 'Vendas');
  queueSuporte = await addQueue(t, a, 'Suporte');
  ana = await addUser(t, a, { name: 'Ana Souza', queueIds: [queueVendas] });
  await setUserFlags(t, a.adminId, { allowGroup: 'enabled' });
  connMain = await connection(a, 'Principal');
  const connOther = await connection(a, 'Secundária');
  connB = await connection(b, 'Outra empresa');
  maria = await contact(a, 'Maria Oliveira', '5511988887777');
  joao = await contact(a, 'João Lima', '5521977776666');
  grupo = await contact(a, 'Grupo Clientes', '120363000000000001@g.us', true);
  // 23:59:59 of 28 Feb in São Paulo: outside March
  T.lateFeb = await ticket(a, { contactId: joao, createdAt: '2026-03-01T02:59:59Z', status: 'closed', support: 5 });
  // 00:00 of 1 March in São Paulo
  T.first = await ticket(a, {
    contactId: maria,
    createdAt: '2026-03-01T03:00:00Z',
    status: 'closed',
    whatsappId: connMain,
    queueId: queueVendas,
    userId: ana.id,
    support: 90,
    rates: [3, 9],
  });
  T.second = await ticket(a, {
    contactId: joao,
    createdAt: '2026-03-10T15:00:00Z',
    status: 'closed',
    whatsappId: connOther,
    queueId: queueSuporte,
    userId: a.adminId,
    support: 30,
    rates: [6],
  });
  T.open = await ticket(a, {
    contactId: maria,
    createdAt: '2026-03-20T12:00:00Z',
    status: 'open',
    whatsappId: connMain,
    queueId: queueVendas,
    userId: ana.id,
  });
  T.group = await ticket(a, {
    contactId: grupo,
    createdAt: '2026-03-21T12:00:00Z',
    status: 'group',
    whatsappId: connMain,
    isGroup: true,
  });
  // 23:59 of 31 March in São Paulo (02:59 UTC of 1 April): inside March
  T.lastMinute = await ticket(a, {
    contactId: joao,
    createdAt: '2026-04-01T02:59:00Z',
    status: 'pending',
    whatsappId: connMain,
    queueId: queueSuporte,
  });
  // 00:00 of 1 April in São Paulo: outside March
  T.april = await ticket(a, { contactId: joao, createdAt: '2026-04-01T03:00:00Z', status: 'pending', queueId: queueSuporte });
  const bContact = await contact(b, 'Maria Oliveira', '5511988887777');
  T.otherCompany = await ticket(b, {
    contactId: bContact,
    createdAt: '2026-03-15T12:00:00Z',
    status: 'closed',
    whatsappId: connB,
    support: 10,
    rates: [10],
  });
  const [vip] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO tags (company_id, name) VALUES (${a.companyId}, 'VIP') RETURNING id`,
  );
  const [hot] = await rows<{ id: number }>(
    t,
    sql`INSERT INTO tags (company_id, name) VALUES (${a.companyId}, 'Quente') RETURNING id`,
  );
  for (const [ticketId, tagId] of [
    [T.first.id, vip.id],
    [T.first.id, hot.id],
    [T.second.id, vip.id],
  ]) {
    await t.database.db.execute(
      sql`INSERT INTO ticket_tags (company_id, ticket_id, tag_id) VALUES (${a.companyId}, ${ticketId}, ${tagId})`,
    );
  }
  tags.vip = vip.id;
  tags.hot = hot.id;
});
afterAll(() => t?.close());
const tags: Record<string, number> = {};
const MARCH = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

describe('GET /ticketreport/reports', () => {
  it('answers the range in São Paulo days, newest first, with the row of seed 001 §3', async () => {
    const page = await report(a.adminToken, { ...MARCH, pageSize: '50' });
    expect(idsOf(page)).toEqual([T.lastMinute.id, T.group.id, T.open.id, T.second.id, T.first.id]);
    const first = page.tickets.find((r) => r.id === T.first.id);
    expect(first).toMatchObject({
      uuid: T.first.uuid,
      whatsappName: 'Principal',
      contactName: 'Maria Oliveira',
      contactNumber: '5511988887777',
      userName: 'Ana Souza',
      queueName: 'Vendas',
      status: 'closed',
      supportTime: 90,
      NPS: 9,
    });
    expect(first?.closedAt).not.toBeNull();
    const open = page.tickets.find((r) => r.id === T.open.id);
    expect(open).toMatchObject({ supportTime: null, NPS: null, closedAt: null, userName: 'Ana Souza' });
    expect(page.totalTickets).toEqual({ total: 5, closed: 2 });
    expect(page.hasMore).toBe(false);
    expect(await totalsOf(a.adminToken, MARCH)).toEqual({
      total: 5,
      closed: 2,
      rated: 2,
      avgRating: 6,
      avgSupportTime: expect.any(Number),
    });
  });

  it('totals: rated tickets, the mean of their ratings, the mean of the finished attendances', async () => {
    const page = await report(a.adminToken, { ...MARCH, status: ['closed'] });
    expect(page.totalTickets).toEqual({ total: 2, closed: 2 });
    // ratings 3, 9 (first) and 6 (second): mean 6; taken attendances 500, 90 (first) and 500, 30 (second): mean 280
    const totals = await totalsOf(a.adminToken, { ...MARCH, status: ['closed'] });
    expect(totals).toEqual({ total: 2, closed: 2, rated: 2, avgRating: 6, avgSupportTime: 280 });
    // another company's totals count its own tickets only, as its pages do
    const other = { dateFrom: '2026-03-01' };
    expect((await totalsOf(b.adminToken, other)).total).toBe((await report(b.adminToken, other)).totalTickets.total);
  });

  it('filters by status, queues, users, connections, contacts, tags (all of them) and onlyRated', async () => {
    const by = async (q: Record<string, unknown>) => idsOf(await report(a.adminToken, { ...MARCH, ...q }));
    expect(await by({ status: ['open', 'pending'] })).toEqual([T.lastMinute.id, T.open.id]);
    expect(await by({ queueIds: [queueSuporte] })).toEqual([T.lastMinute.id, T.second.id]);
    expect(await by({ users: [ana.id] })).toEqual([T.open.id, T.first.id]);
    expect(await by({ whatsappId: [connMain] })).toEqual([T.lastMinute.id, T.group.id, T.open.id, T.first.id]);
    expect(await by({ contactId: [maria] })).toEqual([T.open.id, T.first.id]);
    expect(await by({ tags: [tags.vip] })).toEqual([T.second.id, T.first.id]);
    expect(await by({ tags: [tags.vip, tags.hot] })).toEqual([T.first.id]);
    expect(await by({ onlyRated: 'true' })).toEqual([T.second.id, T.first.id]);
    // lists also as commas, as the inbox accepts them
    expect(await by({ queueIds: `${queueVendas},${queueSuporte}`, status: 'closed' })).toEqual([T.second.id, T.first.id]);
  });

  it('searches by contact name, number digits or ticket id', async () => {
    const by = async (searchParam: string) => idsOf(await report(a.adminToken, { ...MARCH, searchParam }));
    expect(await by('maria')).toEqual([T.open.id, T.first.id]);
    expect(await by('97777-6666')).toEqual([T.lastMinute.id, T.second.id]);
    expect(await by(String(T.second.id))).toContain(T.second.id);
    expect(await by('ninguém')).toEqual([]);
    expect(await by('100%')).toEqual([]);
  });

  it("counts a search's tickets as its rows, with the other filters", async () => {
    for (const q of [
      { searchParam: 'maria' },
      { searchParam: 'maria', status: ['closed'] },
      { searchParam: '97777-6666' },
      { searchParam: '97777-6666', queueIds: [queueSuporte] },
      { searchParam: 'maria', tags: [tags.vip] },
      { searchParam: String(T.second.id) },
      { searchParam: 'ninguém' },
    ]) {
      const page = await report(a.adminToken, { ...MARCH, pageSize: '50', ...q });
      const closed = page.tickets.filter((t: { status: string }) => t.status === 'closed').length;
      expect(page.totalTickets, JSON.stringify(q)).toEqual({ total: page.tickets.length, closed });
    }
    expect((await report(a.adminToken, { ...MARCH, searchParam: 'maria' })).totalTickets.total).toBe(2);
  });

  it('pages of every size join into the whole report, none skipped or repeated', async () => {
    const same = '2026-05-05T13:00:00Z';
    const made: number[] = [];
    for (let i = 0; i < 23; i++) {
      const c = await contact(a, `Cliente ${++seq}`, `55119${String(seq).padStart(8, '0')}`);
      // seven tickets share one moment: the id breaks the tie
      made.push(
        (await ticket(a, { contactId: c, createdAt: i < 7 ? same : `2026-05-${String(6 + i).padStart(2, '0')}T12:00:00Z` })).id,
      );
    }
    const MAY = { dateFrom: '2026-05-01', dateTo: '2026-05-31' };
    const everything = idsOf(await report(a.adminToken, { ...MAY, pageSize: '50' }));
    expect([...everything].sort((x, y) => x - y)).toEqual([...made].sort((x, y) => x - y));
    for (const size of [5, 10, 20]) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const res = await report(a.adminToken, { ...MAY, page: String(page), pageSize: String(size) });
        seen.push(...idsOf(res));
        expect(res.totalTickets.total).toBe(23);
        if (!res.hasMore) break;
      }
      expect(seen).toEqual(everything);
    }
  });

  it('never shows another company: its ids in the filters match nothing', async () => {
    const page = await report(a.adminToken, { whatsappId: [connB] });
    expect(page.tickets).toEqual([]);
    expect(idsOf(await report(b.adminToken, MARCH))).toEqual([T.otherCompany.id]);
    expect(idsOf(await report(a.adminToken, { ...MARCH, pageSize: '50' }))).not.toContain(T.otherCompany.id);
  });

  it('follows the inbox visibility: group tickets only with allowGroup', async () => {
    await setUserFlags(t, a.adminId, { allowGroup: 'disabled' });
    try {
      expect(idsOf(await report(a.adminToken, { ...MARCH, pageSize: '50' }))).not.toContain(T.group.id);
    } finally {
      await setUserFlags(t, a.adminId, { allowGroup: 'enabled' });
    }
  });

  it('is for admins (reports:view): 403 for an attendant, 401 without a token', async () => {
    expect((await req('GET', '/ticketreport/reports', a.userToken)).statusCode).toBe(403);
    expect((await req('GET', '/ticketreport/export', ana.token)).statusCode).toBe(403);
    expect((await req('GET', '/ticketreport/totals', ana.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/ticketreport/reports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/ticketreport/totals' })).statusCode).toBe(401);
  });

  it('refuses bad filters with field errors', async () => {
    for (const qs of [
      'pageSize=0',
      'page=0',
      'status=["closed","sold"]',
      'dateFrom=2026-13-01',
      'dateFrom=2026-03-10&dateTo=2026-03-01',
      'queueIds=[0]',
    ]) {
      const res = await req('GET', `/ticketreport/reports?${qs}`, a.adminToken);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
  });
});

describe('GET /ticketreport/export', () => {
  async function download(query: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/ticketreport/export?${query}`,
      headers: { authorization: `Bearer ${a.adminToken}`, ...headers },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return { res, sheet, values };
  }

  it('streams relatorio-de-atendimentos.xlsx whose rows equal the report, in the user language', async () => {
    const { res, values, sheet } = await download(`dateFrom=${MARCH.dateFrom}&dateTo=${MARCH.dateTo}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-de-atendimentos.xlsx"');
    expect(res.headers['x-total-count']).toBe('5');
    expect(sheet.name).toBe('atendimentos');
    expect(values[0]).toEqual([
      'Ticket',
      'Conexão',
      'Contato',
      'Número',
      'Atendente',
      'Fila',
      'Status',
      'Criado em',
      'Fechado em',
      'Tempo de atendimento',
      'NPS',
      'SLA estourado',
    ]);
    const page = await report(a.adminToken, { ...MARCH, pageSize: '50' });
    expect(values.slice(1).map((r) => r[0])).toEqual(idsOf(page));
    const first = values.find((r) => r[0] === T.first.id) ?? [];
    expect(first.slice(1, 7)).toEqual(['Principal', 'Maria Oliveira', '5511988887777', 'Ana Souza', 'Vendas', 'Resolvido']);
    // São Paulo wall clock: created 00:00 of 1 March
    expect((first[7] as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(first[9]).toBe('01:30');
    expect(first[10]).toBe(9);
    const { values: en } = await download(`dateFrom=${MARCH.dateFrom}&dateTo=${MARCH.dateTo}`, {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(en[0]?.[1]).toBe('Connection');
  });

  it('exports more rows than one chunk, each once, in the report order', async () => {
    const many = 2100;
    const c = await contact(a, 'Em massa', '5511900000000');
    await t.database.db.execute(sql`INSERT INTO tickets (company_id, contact_id, status, created_at, updated_at)
      SELECT ${a.companyId}, ${c}, 'closed', timestamptz '2026-07-10 12:00:00+00' - (g % 50) * interval '1 microsecond', now()
      FROM generate_series(1, ${many}) g`);
    const { values, res } = await download('dateFrom=2026-07-01&dateTo=2026-07-31');
    expect(res.headers['x-total-count']).toBe(String(many));
    const ids = values.slice(1).map((r) => r[0] as number);
    expect(ids).toHaveLength(many);
    expect(new Set(ids).size).toBe(many);
    const page = await report(a.adminToken, { dateFrom: '2026-07-01', dateTo: '2026-07-31', pageSize: '100', page: '3' });
    expect(ids.slice(200, 300)).toEqual(idsOf(page));
  });
});
