import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addConnection, addQueue, rows } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, postgresOnly, type Tenant, type TestContext } from '../../../test/harness';
import { customersWrote, playsMeta } from '../../../test/messaging';
import { cloudTemplatesFromConfig } from '../../channels/cloud-api/templates';
import { contactListImportJob } from '../contact-lists/contact-lists.jobs';
import { createConversationService } from '../conversation/conversation.service';
import { createIngestService } from '../ingest/ingest.service';
import { createMessageTemplatesService } from '../message-templates/message-templates.service';
import { sendMessageJob } from '../messages/messages.public';
import { createOutboundService } from '../messages/outbound.service';
import { createTicketsService } from '../tickets/tickets.service';
import { createCampaignsService, type DispatchOptions } from './campaigns.service';

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let b: Tenant;
let conn: { id: number; phoneNumberId: string };
let queue: number;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

function multipart(url: string, token: string, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----atendo-campaigns';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The stand-in's view: how many messages each number received. */
const receivedBy = () => {
  const m = new Map<string, number>();
  for (const s of standin.sent) m.set(s.to, (m.get(s.to) ?? 0) + 1);
  return m;
};

/**
 * The send jobs of every stored outbound message not sent yet, as the workers would run them — a send the channel
 * refused for now (the stand-in may reset an idle keep-alive socket) is tried again, as its retry job would.
 */
async function flushSends() {
  for (let pass = 0; pass < 3; pass++) {
    const pending = await rows<{ id: string; company_id: number }>(
      t,
      sql`SELECT id, company_id FROM messages WHERE from_me AND ack = 0 AND external_id IS NULL AND send_error IS NULL ORDER BY id`,
    );
    if (!pending.length) return;
    for (const m of pending)
      await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(m.id), companyId: m.company_id, attempt: 1 });
  }
}

/** The channel's delivery report for every message it took. */
async function ackAll(ack: 2 | 3) {
  const ingest = createIngestService(t.deps);
  const sent = await rows<{ external_id: string; whatsapp_id: number }>(
    t,
    sql`SELECT external_id, whatsapp_id FROM messages WHERE from_me AND external_id IS NOT NULL AND ack >= 1 AND ack < ${ack}`,
  );
  await ingest.ingest(
    sent.map((m) => ({
      kind: 'status' as const,
      channel: 'whatsappapi' as const,
      connectionId: m.whatsapp_id,
      timestamp: new Date(),
      externalId: m.external_id,
      ack,
    })),
  );
}

/** A worker's campaigns service, with the real conversation and tickets services built as composition.ts does. */
function worker(ctx: TestContext = t, opts: DispatchOptions = {}) {
  const outbound = createOutboundService(ctx.deps);
  const tickets = createTicketsService(ctx.deps, outbound);
  const templates = createMessageTemplatesService(ctx.deps, cloudTemplatesFromConfig(ctx.deps.config));
  const conversation = createConversationService(ctx.deps, tickets, outbound, undefined, templates);
  return createCampaignsService(ctx.deps, conversation, tickets, templates, {
    maxSleepMs: 0,
    ...opts,
  });
}

async function list(name: string, numbers: string[], tenant = a) {
  const res = await req('POST', '/contact-lists', tenant.adminToken, { name });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const items = numbers.map((n, i) => ({ name: `Pessoa ${i}`, number: n, email: `p${i}@example.com` }));
  await t.database.db.execute(sql`
    INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
    SELECT ${tenant.companyId}, ${id}, name, number, email
      FROM unnest(${sql.param(items.map((x) => x.name))}::text[], ${sql.param(items.map((x) => x.number))}::text[],
                  ${sql.param(items.map((x) => x.email))}::text[]) AS i(name, number, email)`);
  wroteToday(numbers);
  return id;
}

/**
 * These customers wrote to the business today: a free-text campaign reaches them inside their 24-hour window (Meta
 * refuses free text to anyone else with 131047; cold numbers need a template).
 */
const wroteToday = (numbers: string[]) => {
  for (const n of numbers) standin.customerWrote(conn.phoneNumberId, n);
};

/**
 * The campaign's recipients wrote today, as Atendo knows it too: a free-text campaign on a Cloud API connection starts
 * only when every recipient's window is open (issue 36).
 */
async function audienceWrote(campaignId: number) {
  const people = await rows<{ number: string; company_id: number; whatsapp_id: number }>(
    t,
    sql`SELECT i.number, c.company_id, c.whatsapp_id FROM campaigns c JOIN contact_list_items i ON i.contact_list_id = c.contact_list_id
         WHERE c.id = ${campaignId}
        UNION
        SELECT ct.number, c.company_id, c.whatsapp_id FROM campaigns c JOIN contact_tags tg ON tg.tag_id = c.tag_list_id
          JOIN contacts ct ON ct.id = tg.contact_id WHERE c.id = ${campaignId}`,
  );
  if (people.length) await customersWrote(t, people[0].company_id, people[0].whatsapp_id, people);
}

const numbersFrom = (start: number, count: number) =>
  Array.from({ length: count }, (_, i) => `5511${String(start + i).padStart(9, '0')}`);

async function campaign(body: Record<string, unknown>, tenant = a) {
  const res = await req('POST', '/campaigns', tenant.adminToken, {
    name: 'Black Friday',
    whatsappId: conn.id,
    message1: 'Oi {nome}',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; editable: boolean };
}

const shippings = (campaignId: number) =>
  rows<{ number: string; status: string; variant: number; body: string | null; failed_reason: string | null; run: number }>(
    t,
    sql`SELECT number, status, variant, body, failed_reason, run FROM campaign_shippings WHERE campaign_id = ${campaignId} ORDER BY number`,
  );

/** Settings with no waiting at all, all week, all day. */
const noWaiting = (tenant = a) =>
  req('POST', '/campaign-settings', tenant.adminToken, {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      sabado: true,
      domingo: true,
      startHour: '00:00',
      endHour: '23:59',
    },
  });

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
  b = await createTenant(t);
  queue = await addQueue(t, a, 'Vendas');
  conn = await addConnection(t, a, { queueIds: [queue] });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => standin.clear());

describe('contact lists', () => {
  it('a plan without useCampaigns is refused on every campaign and contact-list route', async () => {
    const off = await createTenant(t, { planFlags: { useCampaigns: false } });
    for (const url of ['/campaigns', '/contact-lists', '/campaign-settings', '/contact-lists/list']) {
      const res = await req('GET', url, off.adminToken);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });

  it('CRUD with items, paging and search; another company sees nothing; a plain user is refused', async () => {
    const created = await req('POST', '/contact-lists', a.adminToken, { name: 'Clientes VIP' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await req('POST', '/contact-lists', a.adminToken, { name: 'x' })).json().details ?? 'x').toBeTruthy();
    expect((await req('POST', '/contact-lists', a.adminToken, { name: 'x' })).statusCode).toBe(400);
    const item = await req('POST', '/contact-list-items', a.adminToken, {
      name: 'Maria',
      number: '+55 (11) 98888-7777',
      email: 'maria@example.com',
      contactListId: id,
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ number: '5511988887777', isWhatsappValid: null });
    expect(
      (await req('POST', '/contact-list-items', a.adminToken, { name: 'Maria 2', number: '5511988887777', contactListId: id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await req('POST', '/contact-list-items', a.adminToken, { name: 'Jo', number: '123', contactListId: id })).statusCode,
    ).toBe(400);
    await req('POST', '/contact-list-items', a.adminToken, { name: 'João', number: '5511977776666', contactListId: id });
    const page = await req('GET', `/contact-list-items?contactListId=${id}&searchParam=jo`, a.adminToken);
    expect(page.json()).toMatchObject({ hasMore: false, count: 1, contacts: [{ name: 'João' }] });
    const lists = await req('GET', '/contact-lists?searchParam=vip', a.adminToken);
    expect(lists.json().records).toEqual([expect.objectContaining({ id, contactsCount: 2 })]);
    expect((await req('GET', `/contact-lists/${id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', `/contact-list-items?contactListId=${id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/contact-lists', a.userToken)).statusCode).toBe(403);
    expect((await req('DELETE', `/contact-list-items/${item.json().id}`, a.adminToken)).statusCode).toBe(204);
    expect(
      t.realtime.events.some((e) => e.event === 'ContactListItem' && (e.payload as { action: string }).action === 'delete'),
    ).toBe(true);
    expect((await req('DELETE', `/contact-lists/${id}`, a.adminToken)).statusCode).toBe(204);
  });

  it('imports an .xlsx in the background (bad and repeated rows counted), refuses other files, serves the sample', async () => {
    const id = (await req('POST', '/contact-lists', a.adminToken, { name: 'Importada' })).json().id;
    const sample = await req('GET', '/contact-lists/sample', a.adminToken);
    expect(sample.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sample.rawPayload as never);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, 'Nome', 'Numero', 'Email']);
    const sheet = book.worksheets[0];
    sheet.addRow(['Carlos', '5521999990000', 'carlos@example.com']);
    sheet.addRow(['Sem número', 'abc', '']);
    sheet.addRow(['Maria de novo', '5511988887777', '']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    expect(
      (await multipart(`/contact-lists/${id}/upload`, a.adminToken, { name: 'x.png', type: 'image/png', data: PNG })).statusCode,
    ).toBe(400);
    const up = await multipart(`/contact-lists/${id}/upload`, a.adminToken, {
      name: 'contatos.xlsx',
      type: 'application/octet-stream',
      data,
    });
    expect(up.statusCode, up.body).toBe(202);
    const [job] = await rows<{ data: Record<string, unknown> }>(
      t,
      sql`SELECT data FROM pgboss.job WHERE name = ${contactListImportJob.name} ORDER BY created_on DESC LIMIT 1`,
    );
    await t.deps.jobs.runNow(contactListImportJob, job.data as never);
    const after = (await req('GET', `/contact-lists/${id}`, a.adminToken)).json();
    expect(after).toMatchObject({
      contactsCount: 2,
      importStatus: 'done',
      importSummary: { created: 2, failed: 1, processed: 4 },
    });
    // A number twice in one file is reported, and the first row is kept: no silent overwrite (issue 31 item 13).
    expect(after.importSummary).toMatchObject({
      repeated: 1,
      errors: [
        { row: 4, reason: 'number' },
        { row: 5, reason: 'repeated', firstRow: 2 },
      ],
    });
    const items = (await req('GET', `/contact-list-items?contactListId=${id}`, a.adminToken)).json();
    expect(items.contacts.map((i: { name: string }) => i.name).sort()).toEqual(['Carlos', 'Maria Silva']);
  });

  it('adds the contacts of a tag, each number once', async () => {
    const id = await list('Por tag', ['5511900000001']);
    const tag = (await req('POST', '/tags', a.adminToken, { name: 'Clientes' })).json().id;
    for (const n of ['5511900000001', '5511900000002']) {
      wroteToday([n]);
      const c = (await req('POST', '/contacts', a.adminToken, { name: `C ${n}`, number: n })).json().id;
      await req('POST', '/tags/sync', a.adminToken, { contactId: c, tags: [{ id: tag }] });
    }
    const res = await req('POST', `/contact-lists/${id}/add-tag`, a.adminToken, { tagId: tag });
    expect(res.json()).toEqual({ added: 1 });
    expect((await req('GET', `/contact-lists/${id}`, a.adminToken)).json().contactsCount).toBe(2);
  });
});

describe('campaign settings and campaigns', () => {
  it('answers the seed defaults until saved, then the saved values', async () => {
    expect((await req('GET', '/campaign-settings', b.adminToken)).json()).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      sabado: false,
      domingo: false,
      startHour: '09:00',
      endHour: '18:00',
    });
    const saved = await req('POST', '/campaign-settings', b.adminToken, { settings: { messageInterval: 5, sabado: true } });
    expect(saved.json()).toMatchObject({ messageInterval: 5, sabado: true, greaterInterval: 60 });
    expect((await req('POST', '/campaign-settings', b.adminToken, { settings: { startHour: '25:00' } })).statusCode).toBe(400);
    expect((await req('GET', '/campaign-settings', b.userToken)).statusCode).toBe(403);
  });

  it('validates, then follows the status machine and the editability rule', async () => {
    const bad = await req('POST', '/campaigns', a.adminToken, { name: 'X', message1: 'oi' });
    expect(bad.statusCode).toBe(400);
    const noQueue = await req('POST', '/campaigns', a.adminToken, {
      name: 'Sem fila',
      whatsappId: conn.id,
      message1: 'oi',
      userId: a.adminId,
    });
    expect(noQueue.statusCode).toBe(400);
    expect(
      (await req('POST', '/campaigns', b.adminToken, { name: 'Outra', whatsappId: conn.id, message1: 'oi' })).statusCode,
    ).toBe(400);

    const c = await campaign({ scheduledAt: '', recurrenceEndDate: '', userId: '', queueId: '' });
    expect(c).toMatchObject({ status: 'INATIVA', editable: true, scheduledAt: null, recurrenceEndDate: null });
    expect((await req('POST', `/campaigns/${c.id}/cancel`, a.adminToken)).statusCode).toBe(409);
    // Only a cancelled campaign is restarted; an inactive one starts by its schedule (issue 37 item 12).
    const notYet = await req('POST', `/campaigns/${c.id}/restart`, a.adminToken);
    expect([notYet.statusCode, notYet.json().error]).toEqual([409, 'ERR_CAMPAIGN_STATE']);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const scheduled = await req('PUT', `/campaigns/${c.id}`, a.adminToken, {
      name: 'Black Friday',
      whatsappId: conn.id,
      message1: 'Oi',
      scheduledAt: later,
    });
    expect(scheduled.json()).toMatchObject({ status: 'PROGRAMADA', editable: true });
    await req('PUT', `/campaigns/${c.id}`, a.adminToken, {
      name: 'Black Friday',
      whatsappId: conn.id,
      message1: 'Oi',
      scheduledAt: soon,
    });
    const locked = await req('PUT', `/campaigns/${c.id}`, a.adminToken, {
      name: 'Mudou',
      whatsappId: conn.id,
      message1: 'Oi',
      scheduledAt: later,
    });
    expect([locked.statusCode, locked.json().error]).toEqual([409, 'ERR_CAMPAIGN_NOT_EDITABLE']);
    expect((await req('POST', `/campaigns/${c.id}/cancel`, a.adminToken)).json().status).toBe('CANCELADA');
    const saved = await req('PUT', `/campaigns/${c.id}`, a.adminToken, { name: 'Mudou', whatsappId: conn.id, message1: 'Oi' });
    expect(saved.json()).toMatchObject({ status: 'CANCELADA', name: 'Mudou' });
    expect((await req('GET', `/campaigns/${c.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/campaigns', a.userToken)).statusCode).toBe(403);
    expect(t.realtime.events.filter((e) => e.event === 'campaign').length).toBeGreaterThan(2);
    const media = await multipart(`/campaigns/${c.id}/media-upload`, a.adminToken, {
      name: 'promo.png',
      type: 'image/png',
      data: PNG,
    });
    expect(media.json()).toMatchObject({ mediaName: 'promo.png' });
    expect((await req('DELETE', `/campaigns/${c.id}`, a.adminToken)).statusCode).toBe(204);
  });
});

describe('dispatch', () => {
  beforeAll(async () => {
    expect((await noWaiting()).statusCode).toBe(200);
  });

  /**
   * Starts a campaign at once. Only a cancelled campaign is restarted (an inactive one waits for its schedule's tick,
   * which also wakes every running campaign): an inactive one is marked cancelled first.
   */
  const start = async (id: number) => {
    await audienceWrote(id);
    await t.database.db.execute(sql`UPDATE campaigns SET status = 'CANCELADA' WHERE id = ${id} AND status = 'INATIVA'`);
    const res = await req('POST', `/campaigns/${id}/restart`, a.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('EM_ANDAMENTO');
  };
  const status = async (id: number) => (await req('GET', `/campaigns/${id}`, a.adminToken)).json().status as string;

  it('expands list ∩ tag into one record per number, rotates the variants and fills the variables', async () => {
    const id = await list('Dedup', ['5511911110001', '5511911110002', '5511911110003']);
    const tag = (await req('POST', '/tags', a.adminToken, { name: 'Dedup tag' })).json().id;
    for (const n of ['5511911110003', '5511911110004']) {
      wroteToday([n]);
      const c = (await req('POST', '/contacts', a.adminToken, { name: `Tag ${n}`, number: n, email: `${n}@example.com` })).json()
        .id;
      await req('POST', '/tags/sync', a.adminToken, { contactId: c, tags: [{ id: tag }] });
    }
    await req('POST', '/campaign-settings', a.adminToken, { settings: { variables: [{ key: 'loja', value: 'Loja Centro' }] } });
    const c = await campaign({
      contactListId: id,
      tagListId: tag,
      message1: 'Oi {nome}, seu número {numero} ({email}) — {loja}',
      message2: 'Olá {nome}! {desconhecida}',
    });
    await start(c.id);
    const r = await worker().dispatch(a.companyId, c.id);
    expect(r.sent).toBe(4);
    const s = await shippings(c.id);
    expect(s.map((x) => x.number)).toEqual(['5511911110001', '5511911110002', '5511911110003', '5511911110004']);
    expect(s.map((x) => x.variant)).toEqual([1, 2, 1, 2]);
    expect(s[0].body).toBe('Oi Pessoa 0, seu número 5511911110001 (p0@example.com) — Loja Centro');
    expect(s[1].body).toBe('Olá Pessoa 1! {desconhecida}');
    expect(s[3].body).toBe('Olá Tag 5511911110004! {desconhecida}');
    await flushSends();
    expect([...receivedBy().values()]).toEqual([1, 1, 1, 1]);
    // acks: delivered and read come from the channel; every record final → FINALIZADA
    await ackAll(3);
    await worker().dispatch(a.companyId, c.id);
    expect((await shippings(c.id)).map((x) => x.status)).toEqual(['read', 'read', 'read', 'read']);
    expect(await status(c.id)).toBe('FINALIZADA');
    const report = (await req('GET', `/campaigns/${c.id}/report`, a.adminToken)).json();
    expect(report.totals).toMatchObject({ recipients: 4, sent: 4, delivered: 4, read: 4, failed: 0 });
    expect(report.timeline.length).toBeGreaterThan(0);
    const exported = await req('GET', `/campaigns/${c.id}/report/export`, a.adminToken);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as never);
    expect(book.worksheets[0].rowCount).toBe(5);
  });

  it('sends 300 recipients exactly once with two workers on the same database', async (ctx) => {
    // one worker's claims, sends and a dead worker's leases are proved on both engines by the cases below
    postgresOnly(ctx, 'concurrency: two workers on a pooled database; PGlite runs one statement at a time');
    const numbers = numbersFrom(200_000_000, 300);
    const c = await campaign({
      contactListId: await list('Trezentos', numbers),
      message1: 'Promoção {nome}',
      message2: 'Oferta {nome}',
    });
    await start(c.id);
    // two workers: two dispatch loops of their own (on PostgreSQL each statement may take another pooled connection),
    // each run again after its run budget until the campaign is done — a slow machine takes more runs, not fewer sends
    const toTheEnd = async (w: ReturnType<typeof worker>) => {
      let sent = 0;
      for (let run = 0; run < 20; run++) {
        const r = await w.dispatch(a.companyId, c.id);
        sent += r.sent;
        if (r.state !== 'waiting') break;
      }
      return { sent };
    };
    const [one, two] = await Promise.all([toTheEnd(worker(t)), toTheEnd(worker(t))]);
    expect(one.sent + two.sent).toBe(300);
    expect(one.sent).toBeGreaterThan(0);
    expect(two.sent).toBeGreaterThan(0);
    await flushSends();
    const got = receivedBy();
    expect(numbers.filter((n) => got.get(n) !== 1)).toEqual([]);
    expect(standin.sent).toHaveLength(300);
    // a retry of the sends (a worker restarted) reaches nobody twice
    await flushSends();
    expect(standin.sent).toHaveLength(300);
    const [dup] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM messages m JOIN campaign_shippings s ON s.message_id = m.id WHERE s.campaign_id = ${c.id}`,
    );
    expect(dup.n).toBe(300);
  }, 180_000);

  it('a dead worker’s claims: linked to the message that went out, or sent once after the lease', async () => {
    const numbers = numbersFrom(300_000_000, 3);
    const c = await campaign({ contactListId: await list('Queda', numbers), message1: 'Queda {numero}' });
    await start(c.id);
    // the first worker sends one message and dies right after its send, before writing the outcome
    await worker().dispatch(a.companyId, c.id, {});
    await t.database.db.execute(sql`
      UPDATE campaign_shippings SET status = 'claimed', claim_token = 'dead', claimed_at = now() - interval '10 minutes',
             message_id = NULL, sent_at = NULL WHERE campaign_id = ${c.id} AND number = ${numbers[0]}`);
    // and dies holding a claim whose message never went out
    await t.database.db.execute(sql`
      DELETE FROM messages WHERE id = (SELECT message_id FROM campaign_shippings WHERE campaign_id = ${c.id} AND number = ${numbers[1]})`);
    await t.database.db.execute(sql`
      UPDATE campaign_shippings SET status = 'claimed', claim_token = 'dead', claimed_at = now() - interval '10 minutes',
             message_id = NULL, sent_at = NULL WHERE campaign_id = ${c.id} AND number = ${numbers[1]}`);
    await worker(t, { claimLeaseMs: 60_000 }).dispatch(a.companyId, c.id);
    await flushSends();
    expect(numbers.map((n) => receivedBy().get(n))).toEqual([1, 1, 1]);
    expect((await shippings(c.id)).map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('waits for the window and skips the weekend in São Paulo time', async () => {
    await req('POST', '/campaign-settings', a.adminToken, {
      settings: { sabado: false, domingo: false, startHour: '09:00', endHour: '18:00' },
    });
    try {
      const c = await campaign({ contactListId: await list('Janela', numbersFrom(400_000_000, 2)) });
      await start(c.id);
      // Saturday 2026-11-28 10:00 in São Paulo (UTC-3) → Monday 09:00 there
      const sat = worker(t, { now: () => new Date('2026-11-28T13:00:00Z') });
      expect(await sat.dispatch(a.companyId, c.id)).toEqual({
        sent: 0,
        state: 'waiting',
        until: new Date('2026-11-30T12:00:00Z'),
      });
      // Monday 07:30 → 09:00 the same day; Monday 18:30 → Tuesday 09:00
      expect((await worker(t, { now: () => new Date('2026-11-30T10:30:00Z') }).dispatch(a.companyId, c.id)).until).toEqual(
        new Date('2026-11-30T12:00:00Z'),
      );
      expect((await worker(t, { now: () => new Date('2026-11-30T21:30:00Z') }).dispatch(a.companyId, c.id)).until).toEqual(
        new Date('2026-12-01T12:00:00Z'),
      );
      expect((await worker(t, { now: () => new Date('2026-11-30T12:30:00Z') }).dispatch(a.companyId, c.id)).sent).toBe(2);
      expect(standin.sent).toHaveLength(0); // stored, the send jobs take it from there
      await flushSends();
      expect(standin.sent).toHaveLength(2);
    } finally {
      await noWaiting();
    }
  });

  it('asks for confirmation first and sends the campaign message only after the contact answers', async () => {
    const [n1, n2] = numbersFrom(500_000_000, 2);
    const c = await campaign({
      contactListId: await list('Confirma', [n1, n2]),
      confirmation: true,
      confirmationMessage1: 'Podemos te enviar a oferta, {nome}?',
      message1: 'Aqui está a oferta, {nome}!',
    });
    await start(c.id);
    expect((await worker().dispatch(a.companyId, c.id)).state).toBe('waiting');
    await flushSends();
    expect(standin.sent.map((s) => [s.to, (s.body.text as { body: string }).body])).toEqual([
      [n1, 'Podemos te enviar a oferta, Pessoa 0?'],
      [n2, 'Podemos te enviar a oferta, Pessoa 1?'],
    ]);
    expect((await shippings(c.id)).map((s) => s.status)).toEqual(['confirmation', 'confirmation']);
    // only the first answers
    await createIngestService(t.deps).ingest([
      {
        kind: 'message',
        channel: 'whatsappapi',
        connectionId: conn.id,
        timestamp: new Date(),
        externalId: `wamid.confirm-${n1}`,
        from: n1,
        contactName: 'Pessoa 0',
        isGroup: false,
        fromMe: false,
        mediaType: 'text',
        body: 'Sim',
      },
    ]);
    // the reply is the campaign's: taken by the reaction to the stored message (the automation's drain asks first)
    await t.settled();
    await worker().dispatch(a.companyId, c.id);
    await flushSends();
    expect(standin.sent.map((s) => [s.to, (s.body.text as { body: string }).body]).slice(2)).toEqual([
      [n1, 'Aqui está a oferta, Pessoa 0!'],
    ]);
    expect((await shippings(c.id)).map((s) => s.status)).toEqual(['sent', 'confirmation']);
    const totals = (await req('GET', `/campaigns/${c.id}/report`, a.adminToken)).json().totals;
    expect(totals).toMatchObject({ confirmationRequested: 2, confirmed: 1 });
  });

  it('cancel stops within one interval; restart continues without resending', async () => {
    await req('POST', '/campaign-settings', a.adminToken, { settings: { messageInterval: 1 } });
    try {
      const numbers = numbersFrom(600_000_000, 6);
      const c = await campaign({ contactListId: await list('Cancela', numbers) });
      await start(c.id);
      const loop = worker(t, { maxSleepMs: 5_000 }).dispatch(a.companyId, c.id);
      await vi.waitFor(async () => expect((await shippings(c.id)).some((s) => s.status === 'sent')).toBe(true), {
        timeout: 10_000,
      });
      expect((await req('POST', `/campaigns/${c.id}/cancel`, a.adminToken)).json().status).toBe('CANCELADA');
      const stopped = await loop;
      expect(stopped.state).toBe('stopped');
      expect(stopped.sent).toBeGreaterThanOrEqual(1);
      expect(stopped.sent).toBeLessThanOrEqual(3);
      const before = (await shippings(c.id)).filter((s) => s.status === 'sent').length;
      expect(before).toBe(stopped.sent);
      await start(c.id);
      const rest = await worker(t, { maxSleepMs: 5_000 }).dispatch(a.companyId, c.id);
      expect(rest.sent).toBe(6 - before);
      await flushSends();
      expect(numbers.map((n) => receivedBy().get(n))).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await noWaiting();
    }
  }, 30_000);

  it('an inactive company sends nothing: its running campaign stops and goes on once it is switched on', async () => {
    const numbers = numbersFrom(650_000_000, 2);
    const c = await campaign({ contactListId: await list('Desligada', numbers) });
    await start(c.id);
    await t.database.db.execute(sql`UPDATE companies SET status = false WHERE id = ${a.companyId}`);
    try {
      const off = await worker(t).dispatch(a.companyId, c.id);
      expect(off).toMatchObject({ sent: 0, state: 'stopped' });
    } finally {
      await t.database.db.execute(sql`UPDATE companies SET status = true WHERE id = ${a.companyId}`);
    }
    expect((await worker(t).dispatch(a.companyId, c.id)).sent).toBe(2);
    await flushSends();
    expect(numbers.map((n) => receivedBy().get(n))).toEqual([1, 1]);
  });

  it('a recurrent campaign schedules its next run when the run ends; a failed send is recorded with its reason', async () => {
    const numbers = numbersFrom(700_000_000, 2);
    const scheduledAt = new Date(Date.now() - 1000);
    const c = await campaign({
      contactListId: await list('Recorrente', numbers),
      isRecurrent: true,
      recurrenceInterval: 7,
      recurrenceCount: 2,
    });
    await t.database.db.execute(
      sql`UPDATE campaigns SET status = 'PROGRAMADA', scheduled_at = ${scheduledAt} WHERE id = ${c.id}`,
    );
    const w = worker();
    await w.tick();
    expect(await status(c.id)).toBe('EM_ANDAMENTO');
    await w.dispatch(a.companyId, c.id);
    standin.failNext(1, { status: 400, code: 131026, message: 'Message undeliverable' });
    await flushSends();
    await ackAll(2);
    await w.dispatch(a.companyId, c.id);
    const after = (await req('GET', `/campaigns/${c.id}`, a.adminToken)).json();
    expect(after).toMatchObject({ status: 'PROGRAMADA', run: 2, recurrenceExecuted: 1 });
    expect(new Date(after.scheduledAt).getTime()).toBe(scheduledAt.getTime() + 7 * 86_400_000);
    const s = await shippings(c.id);
    expect(s.map((x) => x.status).sort()).toEqual(['delivered', 'failed']);
    expect(s.find((x) => x.status === 'failed')?.failed_reason).toBeTruthy();
  });
});
