import { envelope, type GraphStandin, inbound, startGraphStandin, status } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appWithCompanies, bearer, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { type CloudConnection, createCloudConnection, deliver, playsMeta, postWebhook, query } from '../../../test/messaging';
import { OUTBOUND_RETRY, sendMessageJob } from './messages.jobs';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let b: Tenant;
let conn: CloudConnection;
const savedRetry = { ...OUTBOUND_RETRY, delaysMs: [...OUTBOUND_RETRY.delaysMs] };

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  [t, a, b] = await appWithCompanies(2, { env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  conn = await createCloudConnection(t, a);
});
afterAll(async () => {
  Object.assign(OUTBOUND_RETRY, savedRetry);
  await t?.close();
  await standin?.close();
});
beforeEach(() => {
  standin.clear();
  t.realtime.events.length = 0;
});

let seq = 0;
/** A customer who wrote first, and their ticket accepted (open). */
async function openTicket(connection = conn) {
  const from = `55219${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;
  const first = inbound.text({ from, body: 'bom dia' });
  await deliver(t, connection, [first]);
  const [row] = await query<{ id: number }>(
    t,
    sql`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from} AND t.whatsapp_id = ${connection.id}`,
  );
  await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${row.id}`);
  return { ticketId: row.id, from, firstWamid: first.id };
}

async function send(ticketId: number, payload: Record<string, unknown>, token = a.userToken) {
  return t.app.inject({ method: 'POST', url: `/messages/${ticketId}`, headers: bearer(token), payload });
}

async function messageRow(id: number) {
  const [row] = await query<{ ack: number; external_id: string | null; send_error: string | null; body: string }>(
    t,
    sql`SELECT ack, external_id, send_error, body FROM messages WHERE id = ${id}`,
  );
  return row;
}

const runAttempt = (messageId: number, attempt: number) =>
  t.deps.jobs.runNow(sendMessageJob, { messageId, companyId: a.companyId, attempt });

async function queuedAttempts(messageId: number) {
  const rows = await query<{ attempt: number }>(
    t,
    sql`SELECT (data->>'attempt')::int AS attempt FROM pgboss.job WHERE name = 'messages.send' AND (data->>'messageId')::bigint = ${messageId} ORDER BY created_on`,
  );
  return rows.map((r) => r.attempt);
}

describe('outbound through the Cloud API', () => {
  it('stores the message first (clock), then the job sends it: wamid recorded, ack 1', async () => {
    const { ticketId, from, firstWamid } = await openTicket();
    const [quoted] = await query<{ id: string }>(t, sql`SELECT id FROM messages WHERE external_id = ${firstWamid}`);
    const res = await send(ticketId, { body: 'Olá! Como posso ajudar?', quotedMsg: { id: Number(quoted.id) } });
    expect(res.statusCode).toBe(200);
    const dto = res.json();
    expect(dto).toMatchObject({
      fromMe: true,
      ack: 0,
      externalId: null,
      sendError: null,
      body: 'Olá! Como posso ajudar?',
      userId: a.userId,
    });
    expect(standin.sent).toHaveLength(0);
    expect(await queuedAttempts(dto.id)).toEqual([1]);
    const created = t.realtime.events.find(
      (e) => e.event === 'appMessage' && (e.payload as { message: { id: number } }).message.id === dto.id,
    );
    expect(created?.payload).toMatchObject({ action: 'create', message: { id: dto.id, ack: 0 } });

    await runAttempt(dto.id, 1);
    expect(standin.sent).toHaveLength(1);
    expect(standin.sent[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'text',
      text: { body: 'Olá! Como posso ajudar?', preview_url: false },
      context: { message_id: firstWamid },
      biz_opaque_callback_data: String(dto.id),
    });
    expect(standin.requests.at(-1)?.authorization).toBe(`Bearer ${conn.accessToken}`);
    const row = await messageRow(dto.id);
    expect(row).toMatchObject({ ack: 1, external_id: standin.sent[0].wamid, send_error: null });
    expect(t.realtime.events.filter((e) => e.event === 'appMessage').at(-1)?.payload).toMatchObject({
      action: 'update',
      message: { id: dto.id, ack: 1 },
    });
    // A second run of the same job sends nothing more.
    await runAttempt(dto.id, 1);
    expect(standin.sent).toHaveLength(1);
  });

  it('statuses move the ack 1 → 2 → 3, never back; a status may arrive before the send is recorded', async () => {
    const { ticketId, from } = await openTicket();
    const dto = (await send(ticketId, { body: 'acompanhe os ticks' })).json();
    await runAttempt(dto.id, 1);
    const wamid = standin.sent[0].wamid;
    const acks: number[] = [];
    for (const s of ['delivered', 'read', 'delivered'] as const) {
      const res = await postWebhook(
        t,
        conn,
        envelope({ phoneNumberId: conn.phoneNumberId }, { statuses: [status(s, { id: wamid, recipient: from })] }),
      );
      expect(res.statusCode).toBe(200);
      acks.push((await messageRow(dto.id)).ack);
    }
    expect(acks).toEqual([2, 3, 3]);
    const updates = t.realtime.events.filter(
      (e) => e.event === 'appMessage' && (e.payload as { action: string }).action === 'update',
    );
    expect(updates.map((e) => (e.payload as { message: { ack: number } }).message.ack)).toEqual([1, 2, 3]);

    // Meta answers quickly: "sent" may come before the job recorded the wamid. The reference finds the message.
    const early = (await send(ticketId, { body: 'rápido' })).json();
    const res = await postWebhook(
      t,
      conn,
      envelope(
        { phoneNumberId: conn.phoneNumberId },
        { statuses: [status('sent', { id: 'wamid.EARLY', recipient: from, reference: String(early.id) })] },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(await messageRow(early.id)).toMatchObject({ ack: 1, external_id: 'wamid.EARLY' });
    // The job then sees it sent and does not send it twice.
    await runAttempt(early.id, 1);
    expect(standin.sent.map((s) => s.body.text)).toEqual([{ body: 'acompanhe os ticks', preview_url: false }]);
  });

  it('retries through a stand-in failing twice then succeeding', async () => {
    const { ticketId } = await openTicket();
    const dto = (await send(ticketId, { body: 'vai na terceira' })).json();
    standin.failNext(2, { status: 503, code: 131000 });
    await runAttempt(dto.id, 1);
    expect(await messageRow(dto.id)).toMatchObject({ ack: 0, send_error: null, external_id: null });
    expect(await queuedAttempts(dto.id)).toEqual([1, 2]);
    await runAttempt(dto.id, 2);
    expect(await queuedAttempts(dto.id)).toEqual([1, 2, 3]);
    await runAttempt(dto.id, 3);
    expect(await messageRow(dto.id)).toMatchObject({ ack: 1, send_error: null, external_id: expect.stringMatching(/^wamid\./) });
    expect(standin.requests.filter((r) => r.path.endsWith('/messages')).map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('ends failed with the reason after the last attempt, never shown as sent', async () => {
    const { ticketId } = await openTicket();
    const dto = (await send(ticketId, { body: 'não vai' })).json();
    const attempts = OUTBOUND_RETRY.delaysMs.length + 1;
    standin.failNext(attempts, { status: 500, code: 131000, message: 'Something went wrong' });
    for (let i = 1; i <= attempts; i++) await runAttempt(dto.id, i);
    const row = await messageRow(dto.id);
    expect(row.ack).toBe(0);
    expect(row.external_id).toBeNull();
    expect(row.send_error).toContain('131000');
    expect(await queuedAttempts(dto.id)).toEqual(Array.from({ length: attempts }, (_, i) => i + 1));
    const last = t.realtime.events.filter((e) => e.event === 'appMessage').at(-1)?.payload as {
      message: { sendError: string; ack: number };
    };
    expect(last.message).toMatchObject({ ack: 0, sendError: expect.stringContaining('131000') });
  });

  it('a permanent refusal (24-hour window) fails at once', async () => {
    const { ticketId } = await openTicket();
    const dto = (await send(ticketId, { body: 'fora da janela' })).json();
    standin.failNext(1, { status: 400, code: 131047, message: 'Re-engagement message' });
    await runAttempt(dto.id, 1);
    expect((await messageRow(dto.id)).send_error).toContain('131047');
    expect(await queuedAttempts(dto.id)).toEqual([1]);
  });

  it('a failed message is sent again by hand: the same row re-queued once, by whoever may write in the ticket (issue 31 item 10)', async () => {
    const { ticketId } = await openTicket();
    const dto = (await send(ticketId, { body: 'tentar de novo' })).json();
    const retry = (id: number, token = a.userToken) =>
      t.app.inject({ method: 'POST', url: `/messages/${id}/retry`, headers: bearer(token) });

    // Not failed (waiting to be sent): refused, nothing queued.
    expect((await retry(dto.id)).json()).toEqual({ error: 'ERR_MESSAGE_NOT_FAILED' });
    standin.failNext(1, { status: 400, code: 131047, message: 'Re-engagement message' });
    await runAttempt(dto.id, 1);
    expect((await messageRow(dto.id)).send_error).toContain('131047');

    // Another company: 404.
    expect((await retry(dto.id, b.adminToken)).statusCode).toBe(404);

    const res = await retry(dto.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: dto.id, ack: 0, sendError: null, externalId: null, body: 'tentar de novo' });
    expect(t.realtime.events.filter((e) => e.event === 'appMessage').at(-1)?.payload).toMatchObject({
      action: 'update',
      message: { id: dto.id, ack: 0, sendError: null },
    });
    // A second click while it waits queues nothing more.
    expect((await retry(dto.id)).statusCode).toBe(409);
    const jobs = await query<{ since: string | null }>(
      t,
      sql`SELECT data->>'since' AS since FROM pgboss.job WHERE name = 'messages.send' AND (data->>'messageId')::bigint = ${dto.id} ORDER BY created_on`,
    );
    expect(jobs).toHaveLength(2);
    expect(Number(jobs[1].since)).toBeGreaterThan(0);

    // The customer wrote meanwhile: the same message goes out and is sent.
    await t.deps.jobs.runNow(sendMessageJob, { messageId: dto.id, companyId: a.companyId, attempt: 1, since: Date.now() });
    expect(standin.sent.map((m) => (m.body as { text?: { body: string } }).text?.body)).toEqual(['tentar de novo']);
    expect(await messageRow(dto.id)).toMatchObject({ ack: 1, send_error: null, external_id: standin.sent[0].wamid });
    expect((await retry(dto.id)).json()).toEqual({ error: 'ERR_MESSAGE_NOT_FAILED' });

    // A closed ticket takes no message: its failed messages are not sent again.
    const other = (await send(ticketId, { body: 'outra' })).json();
    standin.failNext(1, { status: 400, code: 131026, message: 'Message undeliverable' });
    await runAttempt(other.id, 1);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'closed' WHERE id = ${ticketId}`);
    expect((await retry(other.id)).json()).toEqual({ error: 'ERR_TICKET_STATE' });
  });

  it('the real worker retries with back-off until the stand-in accepts', async () => {
    const worker = await createTestApp({ shareWith: t, env: { JOBS: 'on', GRAPH_API_URL: standin.url } });
    try {
      Object.assign(OUTBOUND_RETRY, { delaysMs: [200, 200, 200] });
      const { ticketId } = await openTicket();
      standin.failNext(2, { status: 503, code: 131000 });
      const dto = (await send(ticketId, { body: 'pelo worker' })).json();
      await expect.poll(async () => (await messageRow(dto.id)).ack, { timeout: 20_000, interval: 200 }).toBe(1);
      expect(standin.requests.filter((r) => r.path.endsWith('/messages')).map((r) => r.status)).toEqual([503, 503, 200]);
    } finally {
      Object.assign(OUTBOUND_RETRY, { delaysMs: [...savedRetry.delaysMs] });
      await worker.close();
    }
  });

  it('a connection that is down keeps its messages waiting, for a bounded time', async () => {
    const down = await createCloudConnection(t, a);
    const { ticketId } = await openTicket(down);
    await t.app.inject({
      method: 'PUT',
      url: `/whatsapp/${down.id}`,
      headers: bearer(a.adminToken),
      payload: { accessToken: '' },
    });
    const dto = (await send(ticketId, { body: 'espera' })).json();
    await runAttempt(dto.id, 1);
    expect(standin.sent).toHaveLength(0);
    expect(await messageRow(dto.id)).toMatchObject({ ack: 0, send_error: null });
    expect(await queuedAttempts(dto.id)).toEqual([1, 1]); // same attempt, later
    await t.database.db.execute(sql`UPDATE messages SET created_at = now() - interval '1 hour' WHERE id = ${dto.id}`);
    await runAttempt(dto.id, 1);
    expect((await messageRow(dto.id)).send_error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it('an invalid access token fails the message and marks the connection disconnected', async () => {
    const revoked = await createCloudConnection(t, a);
    const { ticketId } = await openTicket(revoked);
    const dto = (await send(ticketId, { body: 'token velho' })).json();
    standin.failNext(1, { status: 401, code: 190, message: 'Error validating access token' });
    await runAttempt(dto.id, 1);
    expect((await messageRow(dto.id)).send_error).toContain('190');
    const [row] = await query<{ status: string }>(t, sql`SELECT status FROM whatsapps WHERE id = ${revoked.id}`);
    expect(row.status).toBe('DISCONNECTED');
    expect(t.realtime.events.some((e) => e.event === 'whatsappSession')).toBe(true);
  });

  it('messages of a ticket leave in order: a later one waits behind an unsent earlier one', async () => {
    const { ticketId } = await openTicket();
    const first = (await send(ticketId, { body: 'primeira' })).json();
    const second = (await send(ticketId, { body: 'segunda' })).json();
    await runAttempt(second.id, 1);
    expect(standin.sent).toHaveLength(0);
    await runAttempt(first.id, 1);
    await runAttempt(second.id, 1);
    expect(standin.sent.map((s) => (s.body.text as { body: string }).body)).toEqual(['primeira', 'segunda']);
  });

  it('private notes never reach the channel', async () => {
    const { ticketId } = await openTicket();
    const res = await send(ticketId, { body: 'nota interna: cliente VIP', isPrivate: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPrivate: true, ack: 0 });
    expect(await queuedAttempts(res.json().id)).toEqual([]);
    await runAttempt(res.json().id, 1);
    expect(standin.requests).toHaveLength(0);
  });

  it('media with caption: uploaded to the Graph API, then sent by id', async () => {
    const { ticketId, from } = await openTicket();
    const boundary = '----atendo';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nsegue o comprovante\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="comprovante.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: { ...bearer(a.userToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const dto = res.json();
    expect(dto).toMatchObject({ mediaType: 'image', body: 'segue o comprovante', mediaName: 'comprovante.png' });
    expect(dto.mediaUrl).toContain(`/media/${a.companyId}/media/`);
    await runAttempt(dto.id, 1);
    const upload = standin.requests.find((r) => r.path.endsWith('/media'));
    expect(upload?.body).toMatchObject({ type: 'image/png', file: { filename: 'comprovante.png', size: PNG.length } });
    expect(standin.sent[0].body).toMatchObject({
      to: from,
      type: 'image',
      image: { id: expect.any(String), caption: 'segue o comprovante' },
    });
    expect(Buffer.from(standin.media.get((standin.sent[0].body.image as { id: string }).id)!.data).equals(PNG)).toBe(true);
  });

  it('structured contents (location, contact card, list, buttons, template, reaction) go out as the Cloud API expects', async () => {
    const { ticketId, firstWamid } = await openTicket();
    // A template Meta approved for this business (without one the send is refused with 132001).
    standin.addTemplate('waba-outbound', {
      name: 'boas_vindas',
      language: 'pt_BR',
      components: [{ type: 'BODY', text: 'Bem-vindo!' }],
    });
    const ctx = (await (await import('../auth/auth.public')).loadTenantContext(t.database.db, a.userId))!;
    const outbound = (await import('./outbound.service')).createOutboundService(t.deps);
    const contents = [
      { type: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' },
      { type: 'contacts', contacts: [{ name: { formatted: 'Suporte Atendo' }, phones: [{ phone: '+551140040000' }] }] },
      {
        type: 'interactive',
        interactive: { kind: 'list', body: 'Escolha', buttonText: 'Ver', sections: [{ rows: [{ id: '1', title: 'Vendas' }] }] },
      },
      { type: 'interactive', interactive: { kind: 'buttons', body: 'Confirma?', buttons: [{ id: 's', title: 'Sim' }] } },
      { type: 'template', template: { name: 'boas_vindas', language: 'pt_BR' } },
      { type: 'reaction', targetExternalId: firstWamid, emoji: '👍' },
    ] as const;
    for (const content of contents) {
      const dto = await outbound.send(ctx, ticketId, { content: content as never });
      await runAttempt(dto.id, 1);
    }
    expect(standin.sent.map((s) => s.type)).toEqual([
      'location',
      'contacts',
      'interactive',
      'interactive',
      'template',
      'reaction',
    ]);
    expect(standin.sent[2].body.interactive).toMatchObject({ type: 'list', action: { button: 'Ver' } });
    expect(standin.sent[5].body.reaction).toEqual({ message_id: firstWamid, emoji: '👍' });
    const types = await query<{ media_type: string }>(
      t,
      sql`SELECT media_type FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    expect(types.map((r) => r.media_type)).toEqual(['location', 'contact', 'list', 'buttons', 'template', 'reaction']);
  });

  it("another company's ticket answers 404 and sends nothing", async () => {
    const { ticketId } = await openTicket();
    const res = await send(ticketId, { body: 'invasão' }, b.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(await query(t, sql`SELECT id FROM messages WHERE body = 'invasão'`)).toEqual([]);
  });
});
