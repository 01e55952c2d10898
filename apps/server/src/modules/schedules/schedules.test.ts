import { envelope, type GraphStandin, REENGAGEMENT_ERROR, startGraphStandin, status } from '@atendo/graph-standin';
import { sendFailureReason } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, rows, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { createCloudConnection, playsMeta, postWebhook } from '../../../test/messaging';
import { sendMessageJob } from '../messages/messages.public';
import { sendDueSchedulesJob } from './schedules.jobs';

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let b: Tenant;
let queueA: number;
let connA: { id: number };
let ana: TestUser;
let rui: TestUser;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** POST /schedules/:id/media-upload with one file in `file`. */
function upload(id: number, token: string, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----atendo-schedule';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/schedules/${id}/media-upload`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A customer's ticket accepted by Ana; answers the ticket and contact ids. */
async function customer() {
  const w = await customerWrites(t, connA.id, { body: 'Oi' });
  expect((await req('PUT', `/tickets/${w.ticketId}`, ana.token, { status: 'open' })).statusCode).toBe(200);
  return w;
}

/** Puts a schedule's time in the past, as if the clock had moved on. */
const makeDue = (id: number) =>
  t.database.db.execute(sql`UPDATE schedules SET send_at = now() - interval '1 second' WHERE id = ${id}`);

const scheduleRow = async (id: number) =>
  (
    await rows<{ status: string; sent_count: number; send_at: Date; ticket_id: number | null; last_error: string | null }>(
      t,
      sql`SELECT status, sent_count, send_at, ticket_id, last_error FROM schedules WHERE id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
  b = await createTenant(t);
  queueA = await addQueue(t, a, 'Vendas');
  connA = await addConnection(t, a, { queueIds: [queueA] });
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana' });
  rui = await addUser(t, a, { queueIds: [queueA], name: 'Rui' });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => standin.clear());

describe('POST /schedules (the schedule modal)', () => {
  it("refuses a short text ('Mensagem muito curta'), a missing time, no contact and another company's contact", async () => {
    const { contactId } = await customer();
    const fields = async (payload: unknown) => (await req('POST', '/schedules', ana.token, payload)).json().fields;
    expect(await fields({ body: 'oi', sendAt: inAnHour(), contactIds: [contactId] })).toContainEqual({
      path: 'body',
      message: 'validation.scheduleBodyShort',
    });
    expect(await fields({ body: 'Lembrete do pedido', contactIds: [contactId] })).toContainEqual({
      path: 'sendAt',
      message: 'validation.required',
    });
    expect(await fields({ body: 'Lembrete do pedido', sendAt: inAnHour(), contactIds: [] })).toContainEqual({
      path: 'contactIds',
      message: 'validation.selectContact',
    });
    const other = await customerWrites(t, (await addConnection(t, b)).id);
    expect(await fields({ body: 'Lembrete do pedido', sendAt: inAnHour(), contactIds: [other.contactId] })).toContainEqual({
      path: 'contactIds',
      message: 'validation.selectContact',
    });
  });

  it("refuses a ticketId that exists nowhere or is another company's (400 on the field, nothing stored)", async () => {
    const { contactId } = await customer();
    const theirs = await customerWrites(t, (await addConnection(t, b)).id);
    for (const ticketId of [99_999_999, theirs.ticketId]) {
      const res = await req('POST', '/schedules', ana.token, {
        body: 'Lembrete do pedido',
        sendAt: inAnHour(),
        contactIds: [contactId],
        ticketId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContainEqual({ path: 'ticketId', message: 'validation.invalid' });
    }
    const stored = await rows(t, sql`SELECT id FROM schedules WHERE ticket_id = ${theirs.ticketId}`);
    expect(stored).toEqual([]);
  });

  it('stores one schedule per contact, lists it with the contact and author, and tells the company by socket', async () => {
    const { contactId, ticketId } = await customer();
    const mark = t.realtime.events.length;
    const sendAt = inAnHour();
    const res = await req('POST', '/schedules', ana.token, {
      body: 'Seu boleto vence amanhã',
      sendAt,
      contactIds: [contactId],
      ticketId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [created] = res.json().schedules;
    expect(created).toMatchObject({
      body: 'Seu boleto vence amanhã',
      sendAt,
      status: 'PENDENTE',
      contactId,
      ticketId,
      user: { id: ana.id, name: 'Ana' },
      intervalUnit: null,
      repeatCount: 1,
    });
    expect(t.realtime.events.slice(mark).map((e) => [e.companyId, e.event])).toContainEqual([a.companyId, 'schedule']);
    const list = (await req('GET', `/schedules?contactId=${contactId}`, rui.token)).json();
    expect(list.schedules.map((s: { id: number }) => s.id)).toEqual([created.id]);
    expect(list.schedules[0].contact.id).toBe(contactId);
    // another company sees nothing of it
    expect((await req('GET', `/schedules/${created.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/schedules', b.adminToken)).json().count).toBe(0);
  });

  it('only the author or an admin edits or deletes; editing re-arms it', async () => {
    const { contactId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', ana.token, { body: 'Lembrete da visita', sendAt: inAnHour(), contactIds: [contactId] })
    ).json();
    const id = schedules[0].id;
    expect((await req('PUT', `/schedules/${id}`, rui.token, { body: 'Outro texto aqui', sendAt: inAnHour() })).statusCode).toBe(
      403,
    );
    expect((await req('DELETE', `/schedules/${id}`, rui.token)).statusCode).toBe(403);
    const edited = await req('PUT', `/schedules/${id}`, a.adminToken, { body: 'Lembrete da visita às 15h', sendAt: inAnHour() });
    expect(edited.json()).toMatchObject({ body: 'Lembrete da visita às 15h', status: 'PENDENTE' });
    expect((await req('DELETE', `/schedules/${id}`, ana.token)).statusCode).toBe(204);
    expect((await req('GET', `/schedules/${id}`, ana.token)).statusCode).toBe(404);
  });

  it('a plan without useSchedules is refused', async () => {
    const noSchedules = await createTenant(t, { planFlags: { useSchedules: false } });
    const res = await req('GET', '/schedules', noSchedules.adminToken);
    expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });
});

describe('sending (the schedules job, every minute)', () => {
  it("at its time the message goes out as the author's through the contact's ticket, once", async () => {
    const { contactId, ticketId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', ana.token, {
        body: 'Seu pedido saiu para entrega',
        sendAt: inAnHour(),
        contactIds: [contactId],
      })
    ).json();
    const id = schedules[0].id;
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    expect((await scheduleRow(id)).status).toBe('PENDENTE'); // not yet
    await makeDue(id);
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    expect(await scheduleRow(id)).toMatchObject({ status: 'ENVIADA', sent_count: 1, ticket_id: ticketId, last_error: null });
    const sent = await rows<{ id: number; from_me: boolean; user_id: number }>(
      t,
      sql`SELECT id, from_me, user_id FROM messages WHERE ticket_id = ${ticketId} AND body = 'Seu pedido saiu para entrega'`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].from_me).toBe(true);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(sent[0].id), companyId: a.companyId, attempt: 1 });
    expect(standin.sent.map((s) => (s.body.text as { body: string }).body)).toEqual(['Seu pedido saiu para entrega']);
  });

  it('an inactive company sends nothing: its due schedule waits until the company is switched on again', async () => {
    const { contactId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', ana.token, { body: 'Promoção de sexta', sendAt: inAnHour(), contactIds: [contactId] })
    ).json();
    const id = schedules[0].id;
    await makeDue(id);
    await t.database.db.execute(sql`UPDATE companies SET status = false WHERE id = ${a.companyId}`);
    try {
      await t.deps.jobs.runNow(sendDueSchedulesJob, {});
      expect(await scheduleRow(id)).toMatchObject({ status: 'PENDENTE', sent_count: 0 });
    } finally {
      await t.database.db.execute(sql`UPDATE companies SET status = true WHERE id = ${a.companyId}`);
    }
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    expect(await scheduleRow(id)).toMatchObject({ status: 'ENVIADA', sent_count: 1 });
  });

  it('a recurrent one moves to its next time until its sends are done', async () => {
    const { contactId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', ana.token, {
        body: 'Lembrete semanal da reunião',
        sendAt: inAnHour(),
        contactIds: [contactId],
        intervalUnit: 4,
        intervalValue: 30,
        repeatCount: 2,
      })
    ).json();
    const id = schedules[0].id;
    await makeDue(id);
    const before = (await scheduleRow(id)).send_at;
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    const first = await scheduleRow(id);
    expect(first).toMatchObject({ status: 'PENDENTE', sent_count: 1 });
    expect(new Date(first.send_at).getTime() - new Date(before).getTime()).toBe(30 * 60_000);
    await makeDue(id);
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    expect(await scheduleRow(id)).toMatchObject({ status: 'ENVIADA', sent_count: 2 });
  });

  it('a send that cannot go out is marked ERRO with the reason', async () => {
    const { contactId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', rui.token, {
        body: 'Mensagem que falha',
        sendAt: inAnHour(),
        contactIds: [contactId],
        whatsappId: connA.id,
      })
    ).json();
    const id = schedules[0].id;
    // the author leaves the company
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${rui.id}`);
    await makeDue(id);
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    expect(await scheduleRow(id)).toMatchObject({ status: 'ERRO', last_error: 'ERR_NO_USER_FOUND' });
  });

  it('an attached png or jpeg goes out with the text as its caption; other files are refused', async () => {
    const { contactId, ticketId } = await customer();
    const { schedules } = (
      await req('POST', '/schedules', ana.token, {
        body: 'Segue o cardápio da semana',
        sendAt: inAnHour(),
        contactIds: [contactId],
      })
    ).json();
    const id = schedules[0].id;
    const pdf = await upload(id, ana.token, {
      name: 'menu.pdf',
      type: 'application/pdf',
      data: Buffer.from('%PDF-1.4\n%\n1 0 obj'),
    });
    expect([pdf.statusCode, pdf.json().error]).toEqual([400, 'ERR_INVALID_FILE_TYPE']);
    expect((await upload(id, a.userToken, { name: 'x.png', type: 'image/png', data: PNG })).statusCode).toBe(403);
    const png = await upload(id, ana.token, { name: 'cardapio.png', type: 'image/png', data: PNG });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toMatchObject({ mediaName: 'cardapio.png', mediaUrl: expect.stringContaining('/media/') });
    await makeDue(id);
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    const [sent] = await rows<{ id: string; media_type: string; body: string }>(
      t,
      sql`SELECT id, media_type, body FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id DESC LIMIT 1`,
    );
    expect(sent).toMatchObject({ media_type: 'image', body: 'Segue o cardápio da semana' });
    await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(sent.id), companyId: a.companyId, attempt: 1 });
    expect(standin.sent.map((s) => s.type)).toEqual(['image']);
    expect((standin.sent[0].body.image as { caption?: string }).caption).toBe('Segue o cardápio da semana');
  });
});

describe('schedules on a Cloud API connection (issue 36)', () => {
  const WABA = '405060708090100';
  let cloud: Awaited<ReturnType<typeof createCloudConnection>>;
  beforeAll(async () => {
    cloud = await createCloudConnection(t, a, { businessAccountId: WABA });
    await t.database.db.execute(sql`UPDATE whatsapps SET status = 'CONNECTED' WHERE id = ${cloud.id}`);
    standin.addTemplate(
      WABA,
      { name: 'lembrete_visita', language: 'pt_BR', components: [{ type: 'BODY', text: 'Olá {{1}}, sua visita é {{2}}.' }] },
      cloud.phoneNumberId,
    );
    expect((await req('POST', `/whatsapp/${cloud.id}/templates/sync`, a.adminToken)).statusCode).toBe(200);
  });

  /** A contact who never wrote to the business. */
  async function coldContact(n: string) {
    const res = await req('POST', '/contacts', a.adminToken, { name: `Frio ${n}`, number: `5531${n}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function runDueAndSends() {
    await t.deps.jobs.runNow(sendDueSchedulesJob, {});
    const pending = await rows<{ id: string }>(
      t,
      sql`SELECT id FROM messages WHERE company_id = ${a.companyId} AND from_me AND ack = 0 AND external_id IS NULL AND send_error IS NULL`,
    );
    for (const m of pending)
      await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(m.id), companyId: a.companyId, attempt: 1 });
  }

  it('a template schedule reaches a customer whose window is closed, with its values', async () => {
    const contactId = await coldContact('912340001');
    const template = { name: 'lembrete_visita', language: 'pt_BR', parameters: { body: ['Rita', 'amanhã às 10h'] } };
    const bad = await req('POST', '/schedules', ana.token, {
      body: 'Lembrete da visita',
      sendAt: inAnHour(),
      contactIds: [contactId],
      whatsappId: cloud.id,
      template: { ...template, parameters: { body: ['Rita'] } },
    });
    expect([bad.statusCode, bad.json().fields?.[0]?.path]).toEqual([400, 'template.parameters.body.2']);
    const onOther = await req('POST', '/schedules', ana.token, {
      body: 'Lembrete da visita',
      sendAt: inAnHour(),
      contactIds: [contactId],
      whatsappId: connA.id,
      template,
    });
    expect([onOther.statusCode, onOther.json().error]).toEqual([404, 'ERR_TEMPLATE_NOT_FOUND']); // not connA's
    const res = await req('POST', '/schedules', ana.token, {
      body: 'Olá Rita, sua visita é amanhã às 10h.',
      sendAt: inAnHour(),
      contactIds: [contactId],
      whatsappId: cloud.id,
      template,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [schedule] = res.json().schedules;
    expect(schedule.template).toEqual(template);
    await makeDue(schedule.id);
    await runDueAndSends();
    expect(standin.sent.filter((x) => x.to === '5531912340001').map((x) => [x.to, x.type, x.rendered?.body])).toEqual([
      ['5531912340001', 'template', 'Olá Rita, sua visita é amanhã às 10h.'],
    ]);
    expect(await scheduleRow(schedule.id)).toMatchObject({ status: 'ENVIADA', last_error: null });
  });

  it('a free-text schedule refused by Meta outside the window (131047) is failed with the reason', async () => {
    const contactId = await coldContact('912340002');
    const res = await req('POST', '/schedules', ana.token, {
      body: 'Oi, tudo bem com o pedido?',
      sendAt: inAnHour(),
      contactIds: [contactId],
      whatsappId: cloud.id,
    });
    const [schedule] = res.json().schedules;
    await makeDue(schedule.id);
    await runDueAndSends();
    expect(standin.sent.filter((x) => x.to === '5531912340002')).toEqual([]);
    const [refused] = standin.refused.filter((r) => r.to === '5531912340002');
    await postWebhook(
      t,
      cloud,
      envelope(
        { phoneNumberId: cloud.phoneNumberId },
        {
          statuses: [
            status('failed', {
              id: refused.wamid,
              recipient: refused.to,
              reference: refused.reference,
              error: REENGAGEMENT_ERROR,
            }),
          ],
        },
      ),
    );
    const row = await scheduleRow(schedule.id);
    expect(row.status).toBe('ERRO');
    expect(sendFailureReason(row.last_error)).toBe('window24h');
    const listed = (await req('GET', `/schedules/${schedule.id}`, ana.token)).json();
    expect([listed.status, listed.lastError]).toEqual(['ERRO', row.last_error]);
  });
});
