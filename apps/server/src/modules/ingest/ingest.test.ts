import { existsSync } from 'node:fs';
import path from 'node:path';
import { envelope, type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import {
  type CloudConnection,
  count,
  createCloudConnection,
  deliver,
  playsMeta,
  postWebhook,
  query,
} from '../../../test/messaging';
import { rooms } from '../../platform/realtime-port';
import { downloadMediaJob } from '../messages/messages.public';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let b: Tenant;
let connA: CloudConnection;
let connB: CloudConnection;

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
  b = await createTenant(t);
  connA = await createCloudConnection(t, a);
  connB = await createCloudConnection(t, b);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => {
  t.realtime.events.length = 0;
});

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

describe('Cloud API webhook → ingest', () => {
  it('answers the subscription handshake with the verify token only', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/webhooks/whatsappapi/${connA.id}?hub.mode=subscribe&hub.verify_token=${connA.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const global = await t.app.inject({
      method: 'GET',
      url: `/webhooks/whatsappapi?hub.mode=subscribe&hub.verify_token=${connA.verifyToken}&hub.challenge=42`,
    });
    expect(global.body).toBe('42');
    for (const url of [
      `/webhooks/whatsappapi/${connA.id}?hub.mode=subscribe&hub.verify_token=${connB.verifyToken}&hub.challenge=1`,
      `/webhooks/whatsappapi/${connA.id}?hub.mode=subscribe&hub.challenge=1`,
      `/webhooks/whatsappapi/999999?hub.mode=subscribe&hub.verify_token=${connA.verifyToken}&hub.challenge=1`,
      '/webhooks/whatsappapi?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
  });

  it('a first message opens a contact and a pending ticket; the realtime events go to the ticket rooms only', async () => {
    const from = newNumber();
    const res = await deliver(t, connA, [inbound.text({ from, body: 'Olá, preciso de ajuda' })], [{ waId: from, name: 'Maria' }]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('EVENT_RECEIVED');
    const [contact] = await query<{ id: number; name: string; channel: string }>(
      t,
      sql`SELECT id, name, channel FROM contacts WHERE company_id = ${a.companyId} AND number = ${from}`,
    );
    expect(contact).toMatchObject({ name: 'Maria', channel: 'whatsapp' });
    const [ticket] = await query<Record<string, unknown>>(t, sql`SELECT * FROM tickets WHERE contact_id = ${contact.id}`);
    expect(ticket).toMatchObject({
      status: 'pending',
      channel: 'whatsappapi',
      whatsapp_id: connA.id,
      unread_messages: 1,
      last_message: 'Olá, preciso de ajuda',
      queue_id: null,
    });
    const logs = await query(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticket.id as number}`);
    expect(logs).toEqual([{ type: 'create' }]);

    const events = t.realtime.events.filter((e) => e.companyId === a.companyId);
    expect(events.map((e) => e.event).sort()).toEqual(['appMessage', 'contact', 'ticket']);
    const ticketEvent = events.find((e) => e.event === 'ticket')!;
    expect(ticketEvent.to).toEqual(expect.arrayContaining([rooms.ticket(ticket.id as number), rooms.noQueue(), rooms.admins()]));
    expect(ticketEvent.to?.some((r) => r.startsWith('status:'))).toBe(false);
    const msgEvent = events.find((e) => e.event === 'appMessage')!;
    expect(msgEvent.payload).toMatchObject({
      action: 'create',
      message: { body: 'Olá, preciso de ajuda', fromMe: false, ack: 0 },
    });
    expect(t.realtime.events.some((e) => e.companyId === b.companyId)).toBe(false);

    // The next message into the live ticket: one event, appMessage, carrying the ticket's new state.
    const before = t.realtime.events.length;
    await deliver(t, connA, [inbound.text({ from, body: 'Alguém aí?' })], [{ waId: from, name: 'Maria' }]);
    const next = t.realtime.events.slice(before).filter((e) => e.companyId === a.companyId);
    expect(next.map((e) => e.event)).toEqual(['appMessage']);
    expect(next[0].payload).toMatchObject({
      action: 'create',
      message: { body: 'Alguém aí?' },
      ticket: { id: ticket.id, unreadMessages: 2, lastMessage: 'Alguém aí?', status: 'pending' },
    });
    expect(next[0].to).toEqual(ticketEvent.to);
  });

  it('the same webhook delivered twice gives one message', async () => {
    const from = newNumber();
    const msg = inbound.text({ from, body: 'uma vez só', id: `wamid.DUP${from}` });
    const first = await deliver(t, connA, [msg]);
    const second = await deliver(t, connA, [msg]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await query(
      t,
      sql`SELECT id FROM messages WHERE whatsapp_id = ${connA.id} AND external_id = ${msg.id as string}`,
    );
    expect(rows).toHaveLength(1);
    const [ticket] = await query<{ unread_messages: number }>(
      t,
      sql`SELECT t.unread_messages FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from} AND c.company_id = ${a.companyId}`,
    );
    expect(ticket.unread_messages).toBe(1);
    // Concurrent redeliveries converge too.
    const again = inbound.text({ from, body: 'concorrente', id: `wamid.CONC${from}` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(t, connA, [again])));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await query(t, sql`SELECT id FROM messages WHERE external_id = ${again.id as string}`)).toHaveLength(1);
  });

  it('a message id stored before, arriving from a number not seen yet, opens no ticket (the new contact skips the duplicate read)', async () => {
    const from = newNumber();
    const msg = inbound.text({ from, body: 'primeira entrega', id: `wamid.MOVED${from}` });
    expect((await deliver(t, connA, [msg])).statusCode).toBe(200);
    const other = newNumber();
    const again = await deliver(t, connA, [{ ...msg, from: other }]);
    expect(again.statusCode).toBe(200);
    expect(await query(t, sql`SELECT id FROM messages WHERE external_id = ${msg.id as string}`)).toHaveLength(1);
    // The ticket the second delivery opened was rolled back with its transaction.
    const tickets = await query(
      t,
      sql`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${other} AND c.company_id = ${a.companyId}`,
    );
    expect(tickets).toHaveLength(0);
  });

  it('a Brazilian mobile typed with its ninth digit is the contact WhatsApp writes from without it (no twin)', async () => {
    const typed = `554799${String(Date.now()).slice(-3)}${String(++seq).padStart(4, '0')}`; // 55 47 9 + 9xxxxxxx
    const written = typed.slice(0, 4) + typed.slice(5);
    const made = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(a.adminToken),
      payload: { name: 'Joana Digitada', number: typed },
    });
    expect(made.statusCode).toBe(201);
    // The first message opens the ticket (the transaction's path), the second lands in it (the one-statement path).
    for (const body of ['primeira', 'segunda'])
      expect(
        (await deliver(t, connA, [inbound.text({ from: written, body })], [{ waId: written, name: 'Joana' }])).statusCode,
      ).toBe(200);
    const rows = await query<{ number: string; name: string; n: number }>(
      t,
      sql`SELECT c.number, c.name, (SELECT count(*)::int FROM messages m WHERE m.contact_id = c.id) AS n
            FROM contacts c WHERE c.company_id = ${a.companyId} AND c.number IN (${typed}, ${written})`,
    );
    expect(rows).toEqual([{ number: typed, name: 'Joana Digitada', n: 2 }]);
  });

  it('a reply into the live ticket keeps what it quotes (both shapes of the statement built once)', async () => {
    const from = newNumber();
    const first = inbound.text({ from, body: 'qual o prazo?', id: `wamid.Q1${from}` });
    const plain = inbound.text({ from, body: 'e o frete?', id: `wamid.Q2${from}` });
    const reply = inbound.text({ from, body: 'respondendo', id: `wamid.Q3${from}`, context: { id: first.id as string } });
    for (const m of [first, plain, reply]) expect((await deliver(t, connA, [m])).statusCode).toBe(200);
    const rows = await query<{
      external_id: string;
      ticket_id: number;
      quoted_msg_id: string | null;
      quoted_external_id: string | null;
    }>(
      t,
      sql`SELECT external_id, ticket_id, quoted_msg_id, quoted_external_id FROM messages
          WHERE whatsapp_id = ${connA.id} AND external_id LIKE ${`wamid.Q_${from}`} ORDER BY id`,
    );
    expect(rows.map((r) => r.external_id)).toEqual([first.id, plain.id, reply.id]);
    expect(new Set(rows.map((r) => r.ticket_id)).size).toBe(1);
    const [quotedFirst] = await query<{ id: string }>(t, sql`SELECT id FROM messages WHERE external_id = ${first.id as string}`);
    expect(rows[1]).toMatchObject({ quoted_msg_id: null, quoted_external_id: null });
    expect(rows[2]).toMatchObject({ quoted_external_id: first.id });
    expect(String(rows[2].quoted_msg_id)).toBe(String(quotedFirst.id));
  });

  it('50 concurrent first messages from one new contact: 1 contact, 1 ticket, 50 messages in their order', async () => {
    const from = newNumber();
    const base = Math.floor(Date.now() / 1000) - 100;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        deliver(t, connA, [inbound.text({ from, body: `msg ${i + 1}`, timestamp: base + i })]),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const contacts = await query<{ id: number }>(
      t,
      sql`SELECT id FROM contacts WHERE company_id = ${a.companyId} AND number = ${from}`,
    );
    expect(contacts).toHaveLength(1);
    const tickets = await query<{ id: number; unread_messages: number; last_message: string }>(
      t,
      sql`SELECT id, unread_messages, last_message FROM tickets WHERE contact_id = ${contacts[0].id}`,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ unread_messages: 50, last_message: 'msg 50' });
    const messages = await query<{ body: string }>(
      t,
      sql`SELECT body FROM messages WHERE ticket_id = ${tickets[0].id} ORDER BY created_at, id`,
    );
    expect(messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `msg ${i + 1}`));
    expect(await query(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${tickets[0].id}`)).toEqual([{ type: 'create' }]);
  });

  it('a bad or missing signature answers 401 and stores nothing', async () => {
    const from = newNumber();
    const payload = envelope({ phoneNumberId: connA.phoneNumberId }, { messages: [inbound.text({ from, body: 'forjada' })] });
    const before = await count(t, 'messages', a.companyId);
    const attempts = [
      await postWebhook(t, connA, payload, { signature: false }),
      await postWebhook(t, connA, payload, { signature: 'sha256=deadbeef' }),
      await postWebhook(t, connA, payload, { secret: 'not-the-secret' }),
      await postWebhook(t, connA, payload, { secret: connB.appSecret }),
      await postWebhook(t, null, payload, { secret: 'not-the-secret' }),
      await postWebhook(t, null, payload, { signature: false }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(attempts[0].json()).toEqual({ error: 'ERR_INVALID_WEBHOOK_SIGNATURE' });
    expect(await count(t, 'messages', a.companyId)).toBe(before);
    expect(await query(t, sql`SELECT id FROM contacts WHERE number = ${from}`)).toEqual([]);
  });

  it("a webhook for company A's connection never creates rows in company B", async () => {
    const from = newNumber();
    const beforeB = await Promise.all((['contacts', 'tickets', 'messages'] as const).map((tb) => count(t, tb, b.companyId)));
    // A's URL, A's secret, but naming B's business number: ignored, not routed to B.
    const crossNumber = envelope({ phoneNumberId: connB.phoneNumberId }, { messages: [inbound.text({ from, body: 'x' })] });
    expect((await postWebhook(t, connA, crossNumber)).statusCode).toBe(200);
    // B's URL signed with A's secret: refused.
    expect((await postWebhook(t, connB, crossNumber, { secret: connA.appSecret })).statusCode).toBe(401);
    // The shared URL with a number both companies claim: only the company whose secret signed it.
    const shared = await createCloudConnection(t, b, { phoneNumberId: connA.phoneNumberId });
    const payload = envelope({ phoneNumberId: connA.phoneNumberId }, { messages: [inbound.text({ from, body: 'para A' })] });
    expect((await postWebhook(t, null, payload, { secret: connA.appSecret })).statusCode).toBe(200);
    const afterB = await Promise.all((['contacts', 'tickets', 'messages'] as const).map((tb) => count(t, tb, b.companyId)));
    expect(afterB).toEqual(beforeB);
    const rows = await query<{ company_id: number; body: string }>(
      t,
      sql`SELECT m.company_id, m.body FROM messages m JOIN contacts c ON c.id = m.contact_id WHERE c.number = ${from}`,
    );
    expect(rows).toEqual([{ company_id: a.companyId, body: 'para A' }]);
    await t.app.inject({ method: 'DELETE', url: `/whatsapp/${shared.id}`, headers: bearer(b.adminToken) });
  });

  it('routes the other numbers of the same Meta app through one URL, within the company', async () => {
    const sibling = await createCloudConnection(t, a, { appSecret: connA.appSecret });
    const from = newNumber();
    const payload = envelope(
      { phoneNumberId: sibling.phoneNumberId },
      { messages: [inbound.text({ from, body: 'pelo irmão' })] },
    );
    expect((await postWebhook(t, connA, payload)).statusCode).toBe(200);
    const [row] = await query<{ whatsapp_id: number }>(t, sql`SELECT whatsapp_id FROM messages WHERE body = 'pelo irmão'`);
    expect(row.whatsapp_id).toBe(sibling.id);
    await t.app.inject({ method: 'DELETE', url: `/whatsapp/${sibling.id}`, headers: bearer(a.adminToken) });
  });

  it('each inbound type lands with the right mediaType, body and dataJson', async () => {
    const from = newNumber();
    const cases: [
      Record<string, unknown>,
      { media_type: string; body: string; data?: Record<string, unknown>; media?: boolean },
    ][] = [
      [inbound.text({ from, body: 'texto' }), { media_type: 'text', body: 'texto' }],
      [inbound.image({ from, mediaId: '9001', caption: 'foto' }), { media_type: 'image', body: 'foto', media: true }],
      [inbound.audio({ from, mediaId: '9002', voice: true }), { media_type: 'audio', body: '', media: true }],
      [inbound.video({ from, mediaId: '9003' }), { media_type: 'video', body: '', media: true }],
      [
        inbound.document({ from, mediaId: '9004', filename: 'nf.pdf' }),
        { media_type: 'application', body: 'nf.pdf', media: true },
      ],
      [inbound.sticker({ from, mediaId: '9005' }), { media_type: 'sticker', body: '', media: true }],
      [
        inbound.location({ from, latitude: -23.5, longitude: -46.6, name: 'Loja' }),
        { media_type: 'location', body: 'Loja', data: { latitude: -23.5, longitude: -46.6, name: 'Loja' } },
      ],
      [
        inbound.contacts({ from, contacts: [{ formattedName: 'Ana', phones: [{ phone: '+551100', waId: '551100' }] }] }),
        { media_type: 'contact', body: 'Ana' },
      ],
      [
        inbound.buttonReply({ from, buttonId: 'b1', title: 'Sim' }),
        { media_type: 'interactive', body: 'Sim', data: { reply: { type: 'button', id: 'b1', title: 'Sim' } } },
      ],
      [
        inbound.listReply({ from, rowId: 'r1', title: 'Vendas' }),
        { media_type: 'interactive', body: 'Vendas', data: { reply: { type: 'list', id: 'r1', title: 'Vendas' } } },
      ],
      [
        inbound.nfmReply({ from, response: { a: 1 } }),
        { media_type: 'interactive', body: 'Sent', data: { reply: { type: 'flow', name: 'flow', response: { a: 1 } } } },
      ],
      [
        inbound.button({ from, text: 'Parar', payload: 'STOP' }),
        { media_type: 'interactive', body: 'Parar', data: { reply: { type: 'template_button', id: 'STOP', title: 'Parar' } } },
      ],
      [
        inbound.reaction({ from, messageId: 'wamid.T', emoji: '❤️' }),
        { media_type: 'reaction', body: '❤️', data: { targetExternalId: 'wamid.T', emoji: '❤️' } },
      ],
      [
        inbound.order({ from, catalogId: 'c1', items: [{ productRetailerId: 's', quantity: 2, itemPrice: 5, currency: 'BRL' }] }),
        { media_type: 'order', body: '2 itens', data: { catalogId: 'c1', total: 10, currency: 'BRL' } },
      ],
      [inbound.system({ from, body: 'mudou de número' }), { media_type: 'system', body: 'mudou de número' }],
      [inbound.unsupported({ from }), { media_type: 'unsupported', body: '', data: { originalType: 'unsupported' } }],
    ];
    for (const [msg, want] of cases) {
      expect((await deliver(t, connA, [msg])).statusCode).toBe(200);
      const [row] = await query<{
        media_type: string;
        body: string;
        data_json: Record<string, unknown> | null;
        media_ref: unknown;
      }>(t, sql`SELECT media_type, body, data_json, media_ref FROM messages WHERE external_id = ${msg.id as string}`);
      expect(row, String(msg.type)).toMatchObject({ media_type: want.media_type, body: want.body });
      if (want.data) expect(row.data_json).toMatchObject(want.data);
      expect(row.media_ref !== null).toBe(!!want.media);
    }
    // A reaction neither counts as unread nor replaces the last message.
    const [ticket] = await query<{ unread_messages: number }>(
      t,
      sql`SELECT t.unread_messages FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from}`,
    );
    expect(ticket.unread_messages).toBe(cases.length - 1);
  });

  it('inbound media is downloaded into the company folder and served only to that company', async () => {
    const from = newNumber();
    const media = standin.addMedia(PNG, 'image/png');
    const msg = inbound.image({ from, mediaId: media.id, mimeType: 'image/png', caption: 'comprovante' });
    expect((await deliver(t, connA, [msg])).statusCode).toBe(200);
    const [row] = await query<{ id: string; media_url: string | null }>(
      t,
      sql`SELECT id, media_url FROM messages WHERE external_id = ${msg.id as string}`,
    );
    expect(row.media_url).toBeNull();
    t.realtime.events.length = 0;
    await t.deps.jobs.runNow(downloadMediaJob, { messageId: Number(row.id), companyId: a.companyId });
    const [stored] = await query<{ media_url: string; media_ref: unknown; media_mime_type: string }>(
      t,
      sql`SELECT media_url, media_ref, media_mime_type FROM messages WHERE id = ${row.id}`,
    );
    expect(stored.media_url).toMatch(new RegExp(`^${a.companyId}/media/[\\w-]+\\.png$`));
    expect(stored).toMatchObject({ media_ref: null, media_mime_type: 'image/png' });
    expect(existsSync(path.join(t.deps.config.mediaDir, stored.media_url))).toBe(true);
    const lookup = standin.requests.filter((r) => r.path.endsWith(`/${media.id}`));
    expect(lookup[0]?.authorization).toBe(`Bearer ${connA.accessToken}`);
    expect(t.realtime.events.find((e) => e.event === 'appMessage')?.payload).toMatchObject({
      action: 'update',
      message: { mediaUrl: expect.any(String) },
    });

    const mine = await t.app.inject({ method: 'GET', url: `/media/${stored.media_url}`, headers: bearer(a.userToken) });
    expect(mine.statusCode).toBe(200);
    expect(Buffer.from(mine.rawPayload).equals(PNG)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: `/media/${stored.media_url}`, headers: bearer(b.adminToken) });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/${stored.media_url}` })).statusCode).toBe(404);
    // Running the job again changes nothing.
    await t.deps.jobs.runNow(downloadMediaJob, { messageId: Number(row.id), companyId: a.companyId });
    const [again] = await query<{ media_url: string }>(t, sql`SELECT media_url FROM messages WHERE id = ${row.id}`);
    expect(again.media_url).toBe(stored.media_url);
  });

  it('media the channel no longer has is marked unavailable, not retried forever', async () => {
    const from = newNumber();
    const msg = inbound.document({ from, mediaId: '424242', filename: 'sumiu.pdf' });
    await deliver(t, connA, [msg]);
    const [row] = await query<{ id: string }>(t, sql`SELECT id FROM messages WHERE external_id = ${msg.id as string}`);
    await t.deps.jobs.runNow(downloadMediaJob, { messageId: Number(row.id), companyId: a.companyId });
    const [after] = await query<{ media_ref: unknown; media_url: unknown; data_json: { mediaError?: string } }>(
      t,
      sql`SELECT media_ref, media_url, data_json FROM messages WHERE id = ${row.id}`,
    );
    expect(after.media_ref).toBeNull();
    expect(after.media_url).toBeNull();
    expect(after.data_json.mediaError).toMatch(/ERR_WAPP_DOWNLOAD_MEDIA/);
  });

  it("the connection's only queue takes the new ticket; a ticket closed within timeCreateNewTicket reopens", async () => {
    const queue = await t.app.inject({
      method: 'POST',
      url: '/queue',
      headers: bearer(a.adminToken),
      payload: { name: `Fila ${newNumber().slice(-4)}`, color: `#${newNumber().slice(-6)}` },
    });
    expect(queue.statusCode).toBe(201);
    const conn = await createCloudConnection(t, a, { queueIds: [queue.json().id], timeCreateNewTicket: 3600 });
    const from = newNumber();
    await deliver(t, conn, [inbound.text({ from, body: 'oi' })]);
    const [ticket] = await query<{ id: number; queue_id: number }>(
      t,
      sql`SELECT t.id, t.queue_id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from}`,
    );
    expect(ticket.queue_id).toBe(queue.json().id);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'closed', closed_at = now() WHERE id = ${ticket.id}`);
    const beforeReopen = t.realtime.events.length;
    await deliver(t, conn, [inbound.text({ from, body: 'esqueci uma coisa' })]);
    // the reopen moves the ticket's status: its ticket event goes out beside appMessage
    const reopenEvents = t.realtime.events.slice(beforeReopen).filter((e) => e.companyId === a.companyId);
    expect(reopenEvents.map((e) => e.event).sort()).toEqual(['appMessage', 'ticket']);
    expect(reopenEvents.find((e) => e.event === 'ticket')?.payload).toMatchObject({
      action: 'update',
      ticket: { id: ticket.id, status: 'pending' },
    });
    const tickets = await query<{ id: number; status: string }>(
      t,
      sql`SELECT t.id, t.status FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from}`,
    );
    expect(tickets).toEqual([{ id: ticket.id, status: 'pending' }]);
    expect(
      (await query(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticket.id} ORDER BY id`)).map((r) => r.type),
    ).toEqual(['create', 'reopen']);
    // Closed longer ago than the window: a new ticket.
    await t.database.db.execute(
      sql`UPDATE tickets SET status = 'closed', closed_at = now() - interval '2 hours' WHERE id = ${ticket.id}`,
    );
    await deliver(t, conn, [inbound.text({ from, body: 'outro assunto' })]);
    const all = await query<{ id: number; status: string }>(
      t,
      sql`SELECT t.id, t.status FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from} ORDER BY t.id`,
    );
    expect(all.map((r) => r.status)).toEqual(['closed', 'pending']);
    // The ticket with a queue is heard by that queue's room, not by the queueless one.
    const ev = t.realtime.events.filter((e) => e.event === 'ticket').at(-1)!;
    expect(ev.to).toContain(rooms.queue(queue.json().id));
    expect(ev.to).not.toContain(rooms.noQueue());
  });

  it('keeps a name the attendant gave; fills a contact still named after its number', async () => {
    const from = newNumber();
    await deliver(t, connA, [inbound.text({ from, body: '1' })], [{ waId: from, name: from }]);
    await deliver(t, connA, [inbound.text({ from, body: '2' })], [{ waId: from, name: 'João' }]);
    const [c1] = await query<{ id: number; name: string }>(t, sql`SELECT id, name FROM contacts WHERE number = ${from}`);
    expect(c1.name).toBe('João');
    await t.database.db.execute(sql`UPDATE contacts SET name = 'João (cliente VIP)' WHERE id = ${c1.id}`);
    await deliver(t, connA, [inbound.text({ from, body: '3' })], [{ waId: from, name: 'Jão' }]);
    const [c2] = await query<{ name: string }>(t, sql`SELECT name FROM contacts WHERE id = ${c1.id}`);
    expect(c2.name).toBe('João (cliente VIP)');
  });

  it('refuses garbage bodies without a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webhooks/whatsappapi/${connA.id}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
    const signedGarbage = await postWebhook(t, connA, 'not an object');
    expect(signedGarbage.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/whatsappapi/abc', payload: '{}' })).statusCode).toBe(400);
    expect((await postWebhook(t, { id: 999999, appSecret: 'x' }, {})).statusCode).toBe(404);
  });
});
