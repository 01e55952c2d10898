/** The Baileys channel (see baileys.test.ts): inbound messages.upsert/update, and one person's LID and number. */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { downloadMediaJob } from '../../modules/messages/messages.jobs';
import {
  a,
  baileys,
  conn,
  contactOf,
  emitAndSettle,
  messageOf,
  newNumber,
  session,
  sock,
  t,
  useBaileysApp,
} from './baileys.testing';
import { content, lidJid, pnJid, statusUpdate, waMessage } from './testing';

useBaileysApp({ connected: true });

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
