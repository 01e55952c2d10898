import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { sendMessageJob } from '../../modules/messages/messages.jobs';
import { ffmpegPath } from '../../platform/ffmpeg';
import { ChannelError } from '../types';
import { BaileysAdapter } from './adapter';
import {
  a,
  b,
  baileys,
  conn,
  contactOf,
  createQrConnection,
  emitAndSettle,
  fake,
  messageOf,
  newNumber,
  session,
  settle,
  sock,
  t,
  useBaileysApp,
} from './baileys.testing';
import { callOffer, content, lidJid, pnJid, statusUpdate, waMessage } from './testing';

useBaileysApp({ connected: true });

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
    // ingest reuses a connection's settings for 2 s: its clock (Date only, timers stay real) is moved past that
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_100 });
    try {
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
    } finally {
      vi.useRealTimers();
    }
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

  it('a Brazilian mobile stored with its ninth digit reaches the older account WhatsApp knows without it (asked once)', async () => {
    const adapter = new BaileysAdapter(conn, baileys.manager);
    sock.onWhatsAppNumbers.add('554788887766'); // an older account: WhatsApp knows it without the 9
    const asked = sock.lookups.length;
    await adapter.send({ to: '5547988887766', content: { type: 'text', body: 'Olá' } });
    expect(sock.sent.at(-1)).toMatchObject({ jid: pnJid('554788887766') });
    await adapter.send({ to: '5547988887766', content: { type: 'text', body: 'de novo' } });
    expect(sock.sent.at(-1)).toMatchObject({ jid: pnJid('554788887766') });
    expect(sock.lookups.length).toBe(asked + 1);
    // Not a Brazilian mobile (a landline, another country): sent as stored, nothing asked.
    await adapter.send({ to: '554733334444', content: { type: 'text', body: 'fixo' } });
    expect(sock.sent.at(-1)).toMatchObject({ jid: pnJid('554733334444') });
    expect(sock.lookups.length).toBe(asked + 1);
    // A number checked first (a campaign's check, in batches) is sent to without asking again.
    sock.onWhatsAppNumbers.add('554788881122');
    expect(await adapter.checkNumbers(['5547988881122'])).toEqual([{ number: '5547988881122', exists: true }]);
    await adapter.send({ to: '5547988881122', content: { type: 'text', body: 'campanha' } });
    expect(sock.sent.at(-1)).toMatchObject({ jid: pnJid('554788881122') });
    expect(sock.lookups.length).toBe(asked + 2);
  });

  it('a voice note from the composer goes to WhatsApp as MP3 (audio/mpeg) push-to-talk, as recorded (seed 000 §9)', async () => {
    const from = newNumber();
    await emitAndSettle(() => sock.upsert([waMessage({ chat: pnJid(from), id: `V1-${from}` }, content.text('manda áudio'))]));
    const first = await messageOf(`V1-${from}`);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${first.ticket_id}`);
    const mp3 = execFileSync(ffmpegPath() as string, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
    ]);
    const boundary = '----atendo-voice';
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/${first.ticket_id}`,
      headers: { ...bearer(a.userToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="audio.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
        ),
        mp3,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="voice"\r\n\r\ntrue\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: res.json().id as number, companyId: a.companyId });
    const sent = sock.sent.at(-1)?.content as { audio: Buffer | { url: string }; mimetype: string; ptt: boolean };
    expect(sent).toMatchObject({ mimetype: 'audio/mpeg', ptt: true });
    const bytes = Buffer.isBuffer(sent.audio) ? sent.audio : readFileSync(sent.audio.url);
    expect(bytes.equals(mp3)).toBe(true);
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
    // the import starts on a timer (importPreparingMs after connecting): poll until it has run to its end
    await vi.waitFor(async () => {
      await settle(id);
      const [row] = await query<{ status_import_messages: string }>(
        t,
        sql`SELECT status_import_messages FROM whatsapps WHERE id = ${id}`,
      );
      expect(row.status_import_messages).toBe('renderButtonCloseTickets');
    });
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
