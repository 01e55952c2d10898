import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, PNG_1PX, type Tenant, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { downloadMediaJob, sendMessageJob } from '../../modules/messages/messages.jobs';
import { ChannelError } from '../types';
import type { BaileysChannel } from '.';
import { BaileysAdapter } from './adapter';
import { callOffer, content, type FakeSocket, fakeSocketFactory, lidJid, pnJid, statusUpdate, waMessage } from './testing';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let baileys: BaileysChannel;
const fake = fakeSocketFactory();
let conn: number;
let sock: FakeSocket;

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

async function createQrConnection(tenant: Tenant, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(tenant.adminToken),
    payload: { name: `QR ${++seq}`, channel: 'whatsapp', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const session = (id = conn) => baileys.manager.session(id)!;
const settle = async (id = conn) => {
  await session(id)?.idle();
};

async function emitAndSettle(fn: () => void, id = conn) {
  fn();
  await settle(id);
}

async function connect(id: number) {
  await baileys.manager.tick();
  const s = fake.last(id)!;
  s.qr();
  s.paired();
  s.open();
  await settle(id);
  return s;
}

const sessionEvents = () =>
  t.realtime.events.filter((e) => e.event === 'whatsappSession') as {
    payload: { session: { id: number; status: string; qrcode: string; retries: number } };
  }[];

async function contactOf(companyId: number, number: string) {
  const [c] = await query<{ id: number; name: string; number: string; lid: string | null }>(
    t,
    sql`SELECT id, name, number, lid FROM contacts WHERE company_id = ${companyId} AND number = ${number}`,
  );
  return c;
}

async function messageOf(externalId: string) {
  const [m] = await query<Record<string, unknown>>(
    t,
    sql`SELECT m.*, t.status AS ticket_status, t.contact_id AS ticket_contact_id, t.is_group AS ticket_is_group
        FROM messages m JOIN tickets t ON t.id = m.ticket_id WHERE m.whatsapp_id = ${conn} AND m.external_id = ${externalId}`,
  );
  return m;
}

beforeAll(async () => {
  t = await createTestApp();
  baileys = t.app.baileys!;
  baileys.manager.useSocketFactory(fake.factory);
  a = await createTenant(t);
  b = await createTenant(t);
  conn = await createQrConnection(a);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.realtime.events.length = 0;
});

describe('session lifecycle', () => {
  it('a new connection starts, pushes its QR on whatsappSession, pairs and connects', async () => {
    await baileys.manager.tick();
    expect(baileys.manager.owns(conn)).toBe(true);
    sock = fake.last(conn)!;
    expect(sock).toBeDefined();
    await settle();
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ id: conn, status: 'OPENING' });

    const qr = sock.qr();
    await settle();
    const shown = sessionEvents().at(-1)!;
    expect(shown.payload).toMatchObject({ action: 'update', session: { id: conn, status: 'qrcode', qrcode: qr, retries: 1 } });
    expect(t.realtime.events.find((e) => e.event === 'whatsappSession')?.companyId).toBe(a.companyId);

    await emitAndSettle(() => sock.paired());
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'PAIRING', qrcode: '' });
    await emitAndSettle(() => sock.open('5511933334444'));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'CONNECTED', qrcode: '' });
    const [row] = await query<{ status: string; number: string; qrcode: string }>(
      t,
      sql`SELECT status, number, qrcode FROM whatsapps WHERE id = ${conn}`,
    );
    expect(row).toEqual({ status: 'CONNECTED', number: '5511933334444', qrcode: '' });
  });

  it('credentials are saved in the database on creds.update', async () => {
    sock.emit('creds.update', { registered: true });
    await settle();
    const rows = await query<{ type: string }>(t, sql`SELECT type FROM baileys_auth WHERE whatsapp_id = ${conn}`);
    expect(rows.map((r) => r.type)).toContain('creds');
  });

  it('a lost connection reconnects with back-off (TIMEOUT, retries) and keeps the pairing', async () => {
    const before = fake.sockets.length;
    baileys.manager.opts.backoffBaseMs = 10;
    await emitAndSettle(() => sock.close(408));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'TIMEOUT', retries: 1 });
    await new Promise((r) => setTimeout(r, 60));
    await settle();
    expect(fake.sockets.length).toBe(before + 1);
    sock = fake.last(conn)!;
    await emitAndSettle(() => sock.open('5511933334444'));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'CONNECTED', retries: 0 });
  });
});

describe('inbound messages.upsert', () => {
  it('maps every message type to its ticket message', async () => {
    const from = newNumber();
    const chat = pnJid(from);
    const cases = [
      ['text', content.text('Olá!'), 'text', 'Olá!'],
      ['extended', content.extendedText('Texto longo'), 'text', 'Texto longo'],
      ['link', content.linkPreview('https://atendo.app'), 'linkPreview', 'olha https://atendo.app'],
      ['image', content.image('comprovante'), 'image', 'comprovante'],
      ['video', content.video(), 'video', ''],
      ['ptt', content.ptt(), 'audio', ''],
      ['audio', content.audio(), 'audio', ''],
      ['document', content.document('boleto.pdf'), 'application', 'boleto.pdf'],
      ['document-caption', content.document('nota.pdf', 'segue a nota'), 'application', 'segue a nota'],
      ['sticker', content.sticker(), 'sticker', ''],
      ['location', content.location(), 'location', 'Praça da Sé - São Paulo'],
      ['contact', content.contact('Ana', '5511988887777'), 'contact', 'Ana'],
      [
        'contacts',
        content.contacts([
          ['Ana', '5511988887777'],
          ['Bia', '5511977776666'],
        ]),
        'contact',
        'Ana, Bia',
      ],
      ['poll', content.poll('Qual horário?', ['Manhã', 'Tarde']), 'poll', 'Qual horário?'],
      ['viewOnce', content.viewOnce(), 'viewOnce', ''],
      ['list', content.listResponse('row-1', 'Horário comercial'), 'interactive', 'Horário comercial'],
      ['buttons', content.buttonsResponse('btn-2', 'Falar com atendente'), 'interactive', 'Falar com atendente'],
      ['event', content.event('Reunião', 1_800_000_000), 'event', 'Reunião'],
      ['ephemeral', content.ephemeral(content.text('some')), 'text', 'some'],
    ] as const;
    const msgs = cases.map(([name, c], i) =>
      waMessage({ chat, pushName: 'Cliente', id: `IN-${from}-${name}`, at: new Date(Date.now() - (cases.length - i) * 1000) }, c),
    );
    await emitAndSettle(() => sock.upsert(msgs));

    const contact = await contactOf(a.companyId, from);
    expect(contact).toMatchObject({ name: 'Cliente', number: from });
    const tickets = await query<{ id: number; status: string; channel: string; unread_messages: number }>(
      t,
      sql`SELECT id, status, channel, unread_messages FROM tickets WHERE contact_id = ${contact.id}`,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', channel: 'whatsapp', unread_messages: cases.length });
    for (const [name, , mediaType, body] of cases) {
      const m = await messageOf(`IN-${from}-${name}`);
      expect(m, name).toMatchObject({ media_type: mediaType, body, from_me: false, ticket_id: tickets[0].id });
    }
    const image = await messageOf(`IN-${from}-image`);
    expect(image.media_ref).toMatchObject({ mimeType: 'image/jpeg', size: 1234, caption: 'comprovante' });
    expect(JSON.parse((image.media_ref as { id: string }).id)).toMatchObject({
      type: 'imageMessage',
      key: { id: `IN-${from}-image` },
    });
    expect((await messageOf(`IN-${from}-ptt`)).media_ref).toMatchObject({ voice: true });
    expect((await messageOf(`IN-${from}-document`)).media_name).toBe('boleto.pdf');
    expect((await messageOf(`IN-${from}-location`)).data_json).toMatchObject({ latitude: -23.5505, longitude: -46.6333 });
    expect((await messageOf(`IN-${from}-contacts`)).data_json).toMatchObject({
      contacts: [{ name: 'Ana', phones: [{ waId: '5511988887777' }] }, { name: 'Bia' }],
    });
    expect((await messageOf(`IN-${from}-poll`)).data_json).toEqual({
      poll: { name: 'Qual horário?', options: ['Manhã', 'Tarde'], selectableCount: 1 },
    });
    expect((await messageOf(`IN-${from}-link`)).data_json).toMatchObject({
      linkPreview: { url: 'https://atendo.app', title: 'Atendo' },
    });
    expect((await messageOf(`IN-${from}-viewOnce`)).media_ref).toBeNull();
    expect((await messageOf(`IN-${from}-viewOnce`)).data_json).toEqual({ viewOnce: { mediaType: 'image' } });
    expect((await messageOf(`IN-${from}-list`)).data_json).toMatchObject({ reply: { type: 'list', id: 'row-1' } });
    expect((await messageOf(`IN-${from}-buttons`)).data_json).toMatchObject({ reply: { type: 'button', id: 'btn-2' } });
    expect((await messageOf(`IN-${from}-event`)).data_json).toMatchObject({
      event: { name: 'Reunião', startTime: 1_800_000_000, endTime: 1_800_000_000 + 7200 },
    });
    // Realtime: the message went to the ticket's rooms.
    expect(t.realtime.events.some((e) => e.event === 'appMessage' && e.companyId === a.companyId)).toBe(true);
  });

  it('media is downloaded by the media job from the Baileys handle into the company storage', async () => {
    const from = newNumber();
    const msg = waMessage({ chat: pnJid(from), pushName: 'Foto', id: `DL-${from}` }, content.image('foto'));
    await emitAndSettle(() => sock.upsert([msg]));
    const row = await messageOf(`DL-${from}`);
    const seen: unknown[] = [];
    baileys.useDownloader(async (m) => {
      seen.push(m);
      return PNG_1PX;
    });
    await t.deps.jobs.runNow(downloadMediaJob, { messageId: Number(row.id), companyId: a.companyId });
    const after = await messageOf(`DL-${from}`);
    expect(after.media_url).toMatch(new RegExp(`^${a.companyId}/media/`));
    expect(readFileSync(t.deps.media.resolve(after.media_url as string)!)).toEqual(PNG_1PX);
    // Baileys got back the message it needs to decrypt the file: key and media keys, no thumbnail.
    const asked = seen[0] as { key: { id: string }; message: { imageMessage: Record<string, unknown> } };
    expect(asked.key.id).toBe(`DL-${from}`);
    expect(Buffer.from(asked.message.imageMessage.mediaKey as Uint8Array)).toEqual(Buffer.from('k'.repeat(32)));
    expect(asked.message.imageMessage.directPath).toBe('/v/t62.7118-24/fake.enc');
    expect(asked.message.imageMessage.jpegThumbnail).toBeUndefined();
  });

  it('a redelivered message changes nothing; quotes, reactions, edits and deletions reach the stored message', async () => {
    const from = newNumber();
    const chat = pnJid(from);
    const first = waMessage({ chat, pushName: 'Rita', id: `Q-${from}` }, content.text('primeira'));
    await emitAndSettle(() => sock.upsert([first]));
    await emitAndSettle(() => sock.upsert([first], 'append'));
    const [{ n }] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM messages WHERE external_id = ${`Q-${from}`}`,
    );
    expect(n).toBe(1);

    const reply = waMessage({ chat, id: `R-${from}` }, content.extendedText('respondendo', `Q-${from}`));
    const reaction = waMessage({ chat, id: `X-${from}` }, content.reaction(first.key, '👍'));
    await emitAndSettle(() => sock.upsert([reply, reaction]));
    const r = await messageOf(`R-${from}`);
    expect(r.quoted_external_id).toBe(`Q-${from}`);
    expect(r.quoted_msg_id).toBe((await messageOf(`Q-${from}`)).id);
    const x = await messageOf(`X-${from}`);
    expect(x).toMatchObject({ media_type: 'reaction', body: '👍', quoted_external_id: `Q-${from}` });
    const [tk] = await query<{ unread_messages: number }>(t, sql`SELECT unread_messages FROM tickets WHERE id = ${x.ticket_id}`);
    expect(tk.unread_messages).toBe(2); // the reaction does not count

    await emitAndSettle(() => sock.upsert([waMessage({ chat }, content.edit(first.key, 'primeira (editada)'))]));
    expect(await messageOf(`Q-${from}`)).toMatchObject({ body: 'primeira (editada)', is_edited: true });
    await emitAndSettle(() => sock.upsert([waMessage({ chat }, content.revoke(reply.key))]));
    expect(await messageOf(`R-${from}`)).toMatchObject({ is_deleted: true });
  });

  it('messages sent from the phone appear as fromMe, reset the unread count and never rename the contact', async () => {
    const from = newNumber();
    const chat = pnJid(from);
    await emitAndSettle(() => sock.upsert([waMessage({ chat, pushName: 'Joana', id: `P1-${from}` }, content.text('oi'))]));
    await emitAndSettle(() =>
      sock.upsert(
        [waMessage({ chat, fromMe: true, pushName: 'Minha Empresa', id: `P2-${from}` }, content.text('Olá Joana'))],
        'append',
      ),
    );
    const m = await messageOf(`P2-${from}`);
    expect(m).toMatchObject({ from_me: true, ack: 1, body: 'Olá Joana', contact_id: null });
    const contact = await contactOf(a.companyId, from);
    expect(contact.name).toBe('Joana');
    const [tk] = await query<{ unread_messages: number }>(t, sql`SELECT unread_messages FROM tickets WHERE id = ${m.ticket_id}`);
    expect(tk.unread_messages).toBe(0);
  });

  it('messages.update moves acks up (never down) and marks failures', async () => {
    const to = newNumber();
    const key = { remoteJid: pnJid(to), fromMe: true, id: `ACK-${to}` };
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: key.remoteJid, fromMe: true, id: key.id }, content.text('enviada'))], 'append'),
    );
    await emitAndSettle(() => sock.emit('messages.update', [statusUpdate(key, 3)]));
    expect((await messageOf(key.id)).ack).toBe(2);
    await emitAndSettle(() => sock.emit('messages.update', [statusUpdate(key, 4)]));
    expect((await messageOf(key.id)).ack).toBe(3);
    await emitAndSettle(() => sock.emit('messages.update', [statusUpdate(key, 3)]));
    expect((await messageOf(key.id)).ack).toBe(3);
    await emitAndSettle(() => sock.emit('messages.update', [statusUpdate(key, 5)]));
    expect((await messageOf(key.id)).ack).toBe(4);
    const appUpdates = t.realtime.events.filter(
      (e) => e.event === 'appMessage' && (e.payload as { action: string }).action === 'update',
    );
    expect(appUpdates.length).toBe(3);
  });

  it('an edit and a deletion reported by messages.update', async () => {
    const from = newNumber();
    const key = { remoteJid: pnJid(from), fromMe: false, id: `U-${from}` };
    await emitAndSettle(() => sock.upsert([waMessage({ chat: key.remoteJid, id: key.id }, content.text('antes'))]));
    await emitAndSettle(() =>
      sock.emit('messages.update', [
        {
          key,
          update: {
            message: {
              editedMessage: { message: { protocolMessage: { key, type: 14, editedMessage: { conversation: 'depois' } } } },
            },
          },
        },
      ]),
    );
    expect(await messageOf(key.id)).toMatchObject({ body: 'depois', is_edited: true });
    await emitAndSettle(() => sock.emit('messages.update', [{ key, update: { message: null, messageStubType: 1 } }]));
    expect(await messageOf(key.id)).toMatchObject({ is_deleted: true });
  });

  it('status broadcasts and newsletters are ignored', async () => {
    const before = await query<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM messages WHERE whatsapp_id = ${conn}`);
    await emitAndSettle(() =>
      sock.upsert([
        waMessage({ chat: 'status@broadcast', participant: pnJid(newNumber()) }, content.text('status')),
        waMessage({ chat: '120363000000000000@newsletter' }, content.text('canal')),
        waMessage({ chat: pnJid(newNumber()) }, { senderKeyDistributionMessage: { groupId: 'x' } }),
      ]),
    );
    const after = await query<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM messages WHERE whatsapp_id = ${conn}`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('LID and phone number of one person', () => {
  it('a contact known by number that WhatsApp switches to @lid keeps one contact and one ticket', async () => {
    const number = newNumber();
    const lid = lidJid(`1${number.slice(-12)}77`);
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: pnJid(number), pushName: 'Paulo', id: `L1-${number}` }, content.text('oi'))]),
    );
    // Now the chat arrives under the LID, with the phone number as the alternative address.
    await emitAndSettle(() =>
      sock.upsert([
        waMessage({ chat: lid, chatAlt: pnJid(number), pushName: 'Paulo', id: `L2-${number}` }, content.text('de novo')),
      ]),
    );
    // And later under the LID alone.
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: lid, pushName: 'Paulo', id: `L3-${number}` }, content.text('e agora'))]),
    );
    const contacts = await query<{ id: number; number: string; lid: string }>(
      t,
      sql`SELECT id, number, lid FROM contacts WHERE company_id = ${a.companyId} AND (number = ${number} OR lid = ${lid} OR number = ${lid})`,
    );
    expect(contacts).toEqual([{ id: expect.any(Number), number, lid }]);
    const m1 = await messageOf(`L1-${number}`);
    const m3 = await messageOf(`L3-${number}`);
    expect(m3.ticket_id).toBe(m1.ticket_id);
  });

  it('a person first seen by LID alone is merged into the number once WhatsApp maps it', async () => {
    const number = newNumber();
    const lid = lidJid(`2${number.slice(-12)}88`);
    await emitAndSettle(() => sock.upsert([waMessage({ chat: lid, pushName: 'Lia', id: `M1-${number}` }, content.text('oi'))]));
    const lidOnly = await contactOf(a.companyId, lid);
    expect(lidOnly).toMatchObject({ number: lid, lid });
    await emitAndSettle(() => sock.emit('lid-mapping.update', { lid, pn: pnJid(number) }));
    await emitAndSettle(() =>
      sock.upsert([
        waMessage({ chat: pnJid(number), chatAlt: lid, pushName: 'Lia', id: `M2-${number}` }, content.text('sou eu')),
      ]),
    );
    const merged = await contactOf(a.companyId, number);
    expect(merged).toMatchObject({ id: lidOnly.id, number, lid });
    expect((await messageOf(`M2-${number}`)).ticket_id).toBe((await messageOf(`M1-${number}`)).ticket_id);
    expect(await contactOf(a.companyId, lid)).toBeUndefined();
  });

  it('a LID the key store maps (Baileys lid-mapping keys) resolves to the number', async () => {
    const number = newNumber();
    const lidUser = `3${number.slice(-12)}99`;
    await session().deliver([]); // no-op
    await t.database.db.execute(sql`
      INSERT INTO baileys_auth (whatsapp_id, company_id, type, key, value)
      VALUES (${conn}, ${a.companyId}, 'lid-mapping', ${`${lidUser}_reverse`}, ${JSON.stringify(number)})`);
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: lidJid(lidUser), pushName: 'Rui', id: `K1-${number}` }, content.text('oi'))]),
    );
    expect(await contactOf(a.companyId, number)).toMatchObject({ number, lid: lidJid(lidUser) });
  });
});

describe('groups', () => {
  const group = '120363025555555555@g.us';
  it('are ignored while groupAsTicket is disabled', async () => {
    const participant = newNumber();
    await t.database.db.execute(sql`UPDATE whatsapps SET allow_group = true, group_as_ticket = 'disabled' WHERE id = ${conn}`);
    await session().refreshSettings();
    await emitAndSettle(() =>
      sock.upsert([
        waMessage({ chat: group, participant: pnJid(participant), id: `G0-${participant}` }, content.text('oi grupo')),
      ]),
    );
    expect(await messageOf(`G0-${participant}`)).toBeUndefined();
    expect(await contactOf(a.companyId, group)).toBeUndefined();
  });

  it('become a group ticket when groupAsTicket is enabled; the participant is the sender', async () => {
    const participant = newNumber();
    await t.database.db.execute(sql`UPDATE whatsapps SET allow_group = true, group_as_ticket = 'enabled' WHERE id = ${conn}`);
    await session().refreshSettings();
    await new Promise((r) => setTimeout(r, 2100)); // ingest reuses a connection's settings for 2 s
    sock.emit('groups.upsert', [{ id: group, subject: 'Clientes VIP', participants: [], addressingMode: 'lid' } as never]);
    await emitAndSettle(() =>
      sock.upsert([
        waMessage(
          {
            chat: group,
            participant: lidJid(`4${participant.slice(-12)}11`),
            participantAlt: pnJid(participant),
            pushName: 'Zé',
            id: `G1-${participant}`,
          },
          content.text('oi grupo'),
        ),
      ]),
    );
    const m = await messageOf(`G1-${participant}`);
    expect(m).toMatchObject({ ticket_is_group: true, ticket_status: 'pending' });
    const groupContact = await contactOf(a.companyId, group);
    expect(groupContact).toMatchObject({ name: 'Clientes VIP', number: group });
    expect(m.ticket_contact_id).toBe(groupContact.id);
    expect(m.contact_id).toBe((await contactOf(a.companyId, participant)).id);
    // The business answers in the group from its phone: no participant on the key, same group ticket.
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: group, fromMe: true, id: `G2-${participant}` }, content.text('respondendo'))], 'append'),
    );
    expect(await messageOf(`G2-${participant}`)).toMatchObject({ from_me: true, ticket_id: m.ticket_id });
    // A group never seen before is named from its metadata.
    const other = '120363026666666666@g.us';
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: other, participant: pnJid(participant), id: `G3-${participant}` }, content.text('oi'))]),
    );
    expect(await contactOf(a.companyId, other)).toMatchObject({ name: 'Grupo' });
    await t.database.db.execute(sql`UPDATE whatsapps SET allow_group = false, group_as_ticket = 'disabled' WHERE id = ${conn}`);
    await session().refreshSettings();
  });
});

describe('calls', () => {
  it('are logged as a call-log message and, when calls are refused, rejected and answered with AcceptCallWhatsappMessage', async () => {
    const from = newNumber();
    await emitAndSettle(() => sock.emit('call', [callOffer(pnJid(from), { id: `C1-${from}` })]));
    const logged = await messageOf(`call-C1-${from}`);
    expect(logged).toMatchObject({ media_type: 'callLog', from_me: false });
    expect(sock.rejected).toHaveLength(0);

    await t.database.db.execute(sql`
      INSERT INTO company_settings (company_id, accept_call_whatsapp, accept_call_whatsapp_message)
      VALUES (${a.companyId}, 'disabled', 'Não atendemos ligações, escreva por aqui.')
      ON CONFLICT (company_id) DO UPDATE SET accept_call_whatsapp = 'disabled',
        accept_call_whatsapp_message = 'Não atendemos ligações, escreva por aqui.'`);
    await session().refreshSettings();
    await emitAndSettle(() =>
      sock.emit('call', [callOffer(lidJid(`5${from.slice(-12)}22`), { id: `C2-${from}`, callerPn: pnJid(from) })]),
    );
    expect(sock.rejected).toEqual([{ id: `C2-${from}`, from: lidJid(`5${from.slice(-12)}22`) }]);
    const answer = sock.sent.at(-1)!;
    expect(answer.content).toEqual({ text: 'Não atendemos ligações, escreva por aqui.' });
    const stored = await messageOf(answer.id);
    expect(stored).toMatchObject({ from_me: true, body: 'Não atendemos ligações, escreva por aqui.' });
    expect(stored.ticket_id).toBe(logged.ticket_id);
    await t.database.db.execute(
      sql`UPDATE company_settings SET accept_call_whatsapp = 'enabled' WHERE company_id = ${a.companyId}`,
    );
    await session().refreshSettings();
  });
});

describe('outbound', () => {
  it('sends through the owned socket and answers WhatsApp’s id; a stalled socket times out as retryable', async () => {
    const adapter = t.app.baileys!.manager && new BaileysAdapter(conn, baileys.manager);
    const to = newNumber();
    const res = await adapter.send({ to, content: { type: 'text', body: 'Olá do Atendo' } });
    expect(res.externalId).toBe(sock.sent.at(-1)!.id);
    expect(sock.sent.at(-1)).toMatchObject({ jid: pnJid(to), content: { text: 'Olá do Atendo' } });
    await adapter.send({ to, content: { type: 'location', latitude: 1, longitude: 2, name: 'Loja' } });
    expect(sock.sent.at(-1)?.content).toEqual({
      location: { degreesLatitude: 1, degreesLongitude: 2, name: 'Loja', address: undefined },
    });

    baileys.manager.opts.sendTimeoutMs = 50;
    sock.stall = true;
    const err = await adapter.send({ to, content: { type: 'text', body: 'travada' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ChannelError);
    expect(err).toMatchObject({ retryable: true, code: 'TIMEOUT' });
    sock.stall = false;
    baileys.manager.opts.sendTimeoutMs = 20_000;
  });

  it('an attendant’s reply goes through the send job and the socket; the echo and the acks land on the same row', async () => {
    const from = newNumber();
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: pnJid(from), pushName: 'Caio', id: `O1-${from}` }, content.text('oi'))]),
    );
    const first = await messageOf(`O1-${from}`);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${first.ticket_id}`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/${first.ticket_id}`,
      headers: bearer(a.userToken),
      payload: { body: 'Bom dia, Caio!', quotedMsg: { id: Number(first.id) } },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await query<{ id: number; ack: number }>(
      t,
      sql`SELECT id, ack FROM messages WHERE ticket_id = ${first.ticket_id} AND from_me ORDER BY id DESC LIMIT 1`,
    );
    expect(row.ack).toBe(0);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(row.id), companyId: a.companyId });
    const sent = sock.sent.at(-1)!;
    expect(sent.jid).toBe(pnJid(from));
    expect((sent.content as { text: string }).text).toContain('Bom dia, Caio!');
    expect(sent.options).toMatchObject({ quoted: { key: { id: `O1-${from}`, fromMe: false } } });
    const [after] = await query<{ ack: number; external_id: string }>(
      t,
      sql`SELECT ack, external_id FROM messages WHERE id = ${row.id}`,
    );
    expect(after).toEqual({ ack: 1, external_id: sent.id });
    // Baileys echoes the sent message (append) and reports the acks: still one row.
    await emitAndSettle(() =>
      sock.upsert([waMessage({ chat: pnJid(from), fromMe: true, id: sent.id }, content.text('Bom dia, Caio!'))], 'append'),
    );
    await emitAndSettle(() =>
      sock.emit('messages.update', [statusUpdate({ remoteJid: pnJid(from), fromMe: true, id: sent.id }, 4)]),
    );
    const rows = await query<{ ack: number }>(t, sql`SELECT ack FROM messages WHERE external_id = ${sent.id}`);
    expect(rows).toEqual([{ ack: 3 }]);
  });

  it('read receipts name the chat of the stored message', async () => {
    const from = newNumber();
    await emitAndSettle(() => sock.upsert([waMessage({ chat: pnJid(from), id: `RD-${from}` }, content.text('lida?'))]));
    await new BaileysAdapter(conn, baileys.manager).markRead(`RD-${from}`);
    expect(sock.read.at(-1)).toEqual([{ remoteJid: pnJid(from), id: `RD-${from}`, fromMe: false }]);
  });

  it('a connection this process does not run refuses to send, retryably', async () => {
    const other = await createQrConnection(b);
    const err = await new BaileysAdapter(other, baileys.manager)
      .send({ to: '5511999990000', content: { type: 'text', body: 'x' } })
      .catch((e) => e);
    expect(err).toMatchObject({ retryable: true, code: 'WAPP_NOT_CONNECTED' });
  });
});

describe('session routes', () => {
  it('PUT /whatsappsession/:id forgets the pairing and shows a new QR; POST retries keeping it', async () => {
    const id = await createQrConnection(b);
    const s1 = await connect(id);
    await t.database.db.execute(sql`
      INSERT INTO baileys_auth (whatsapp_id, company_id, type, key, value) VALUES (${id}, ${b.companyId}, 'session', 'x', '"y"')`);
    const retry = await t.app.inject({ method: 'POST', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(retry.statusCode).toBe(200);
    expect(s1.ended && !s1.loggedOut).toBe(true);
    const [{ n: kept }] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM baileys_auth WHERE whatsapp_id = ${id}`,
    );
    expect(kept).toBeGreaterThan(0);

    const s2 = fake.last(id)!;
    expect(s2).not.toBe(s1);
    const newQr = await t.app.inject({ method: 'PUT', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(newQr.statusCode).toBe(200);
    const [{ n: left }] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM baileys_auth WHERE whatsapp_id = ${id}`,
    );
    expect(left).toBe(0);
    const s3 = fake.last(id)!;
    expect(s3).not.toBe(s2);
    s3.qr('2@new-qr');
    await settle(id);
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ id, status: 'qrcode', qrcode: '2@new-qr' });
  });

  it('DELETE /whatsappsession/:id logs out and stays DISCONNECTED; another company gets 404', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(s.loggedOut).toBe(true);
    expect(baileys.manager.owns(id)).toBe(false);
    const [row] = await query<{ status: string; qrcode: string }>(t, sql`SELECT status, qrcode FROM whatsapps WHERE id = ${id}`);
    expect(row).toEqual({ status: 'DISCONNECTED', qrcode: '' });
    await baileys.manager.tick();
    expect(baileys.manager.owns(id)).toBe(false); // not restarted behind the admin's back
    // The plain user (no connections permission) may not act on sessions.
    expect((await t.app.inject({ method: 'POST', url: `/whatsappsession/${id}`, headers: bearer(b.userToken) })).statusCode).toBe(
      403,
    );
    // The admin route is for super users only.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/whatsappsession/admin/${id}`, headers: bearer(b.adminToken) })).statusCode,
    ).toBe(403);
  });

  it('a logged-out session (401 from WhatsApp) forgets its pairing and stops', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    s.close(401);
    await settle(id);
    expect(baileys.manager.owns(id)).toBe(false);
    const [row] = await query<{ status: string }>(t, sql`SELECT status FROM whatsapps WHERE id = ${id}`);
    expect(row.status).toBe('DISCONNECTED');
  });

  it('deleting a connection logs its socket out on the owner’s next renewal', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/whatsapp/${id}`, headers: bearer(b.adminToken) })).statusCode).toBe(
      200,
    );
    await baileys.manager.tick();
    expect(baileys.manager.owns(id)).toBe(false);
    expect(s.loggedOut).toBe(true);
  });

  it('POST /whatsapp-restart/ restarts every QR connection of the company', async () => {
    const id = await createQrConnection(b);
    await connect(id);
    const before = fake.sockets.length;
    const res = await t.app.inject({ method: 'POST', url: '/whatsapp-restart/', headers: bearer(b.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(fake.sockets.length).toBeGreaterThan(before);
    expect(fake.sockets.slice(before).every((s) => s.opts.connectionId !== conn)).toBe(true); // company A untouched
  });
});

describe('history import', () => {
  it('imports the history between the dates into the import queue with progress events; closedimported closes them', async () => {
    const [queue] = await query<{ id: number }>(
      t,
      sql`INSERT INTO queues (company_id, name, color) VALUES (${b.companyId}, 'Importadas', '#123456') RETURNING id`,
    );
    const old = new Date(Date.now() - 10 * 86_400_000);
    const id = await createQrConnection(b, {
      importOldMessages: old.toISOString(),
      importRecentMessages: new Date(Date.now() - 86_400_000).toISOString(),
      queueIdImportMessages: queue.id,
    });
    baileys.manager.opts.importPreparingMs = 30;
    await baileys.manager.tick();
    const s = fake.last(id)!;
    expect(s.opts.syncFullHistory).toBe(true);
    s.qr();
    s.paired();
    s.open();
    await settle(id);
    const [prep] = await query<{ status_import_messages: string }>(
      t,
      sql`SELECT status_import_messages FROM whatsapps WHERE id = ${id}`,
    );
    expect(Number(prep.status_import_messages)).toBeGreaterThan(Date.now() - 60_000); // the 'preparing' timestamp

    const c1 = newNumber();
    const c2 = newNumber();
    const inRange = (d: number) => new Date(Date.now() - d * 86_400_000);
    s.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [
        waMessage({ chat: pnJid(c1), pushName: 'Hist 1', id: `H1-${c1}`, at: inRange(5) }, content.text('antiga 1')),
        waMessage({ chat: pnJid(c1), fromMe: true, id: `H2-${c1}`, at: inRange(4) }, content.text('resposta antiga')),
        waMessage({ chat: pnJid(c2), pushName: 'Hist 2', id: `H3-${c2}`, at: inRange(3) }, content.text('antiga 2')),
        waMessage({ chat: pnJid(c2), id: `H4-${c2}`, at: inRange(30) }, content.text('velha demais')),
        waMessage({ chat: pnJid(c2), id: `H5-${c2}`, at: new Date() }, content.text('recente demais')),
      ],
      isLatest: true,
      progress: 100,
    });
    await settle(id);
    await new Promise((r) => setTimeout(r, 80));
    await settle(id);
    const imported = await query<{ external_id: string; queue_id: number; imported: Date | null; status: string }>(
      t,
      sql`SELECT m.external_id, t.queue_id, t.imported, t.status FROM messages m JOIN tickets t ON t.id = m.ticket_id
          WHERE m.whatsapp_id = ${id} ORDER BY m.created_at`,
    );
    expect(imported.map((r) => r.external_id)).toEqual([`H1-${c1}`, `H2-${c1}`, `H3-${c2}`]);
    expect(imported.every((r) => r.queue_id === queue.id && r.imported !== null)).toBe(true);
    const progress = t.realtime.events.filter((e) => e.event === 'importMessages' && e.companyId === b.companyId);
    expect(
      progress.some((e) => (e.payload as { action: string; status?: { this: number; all: number } }).status?.all === 3),
    ).toBe(true);
    expect(progress.at(-1)?.payload).toEqual({ action: 'refresh' });
    const [done] = await query<{ status_import_messages: string }>(
      t,
      sql`SELECT status_import_messages FROM whatsapps WHERE id = ${id}`,
    );
    expect(done.status_import_messages).toBe('renderButtonCloseTickets');

    expect((await t.app.inject({ method: 'POST', url: `/closedimported/${id}`, headers: bearer(a.adminToken) })).statusCode).toBe(
      404,
    );
    const closed = await t.app.inject({ method: 'POST', url: `/closedimported/${id}`, headers: bearer(b.adminToken) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ closed: 2 });
    const open = await query(t, sql`SELECT id FROM tickets WHERE whatsapp_id = ${id} AND status <> 'closed'`);
    expect(open).toHaveLength(0);
    const [after] = await query<{ status_import_messages: string }>(
      t,
      sql`SELECT status_import_messages FROM whatsapps WHERE id = ${id}`,
    );
    expect(after.status_import_messages).toBe('');
  });
});

describe('shutdown', () => {
  it('closes every socket without logging out and releases the leases', async () => {
    const t2 = await createTestApp({ shareWith: t });
    const f2 = fakeSocketFactory();
    t2.app.baileys!.manager.useSocketFactory(f2.factory);
    const tenant = await createTenant(t2);
    const id = await (async () => {
      const res = await t2.app.inject({
        method: 'POST',
        url: '/whatsapp',
        headers: bearer(tenant.adminToken),
        payload: { name: 'Shutdown', channel: 'whatsapp' },
      });
      return res.json().id as number;
    })();
    await t2.app.baileys!.manager.tick();
    const s = f2.last(id)!;
    expect(s).toBeDefined();
    await t2.close();
    expect(s.ended).toBe(true);
    expect(s.loggedOut).toBe(false);
    const [lease] = await query<{ owner: string | null }>(t, sql`SELECT owner FROM baileys_sessions WHERE whatsapp_id = ${id}`);
    expect(lease.owner).toBeNull();
  });
});
