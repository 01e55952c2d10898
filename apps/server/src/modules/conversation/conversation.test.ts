import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addConnection,
  addQueue,
  addUser,
  companySetting,
  customerWrites,
  rows,
  setUserFlags,
  type TestUser,
  ticketRow,
} from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { playsMeta } from '../../../test/messaging';
import { sendMessageJob } from '../messages/messages.public';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

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

/** Runs the send job of a stored message now, as the worker would. */
const runSend = (messageId: number) => t.deps.jobs.runNow(sendMessageJob, { messageId, companyId: a.companyId, attempt: 1 });

/** A customer's ticket accepted by `who`. */
async function openTicketFor(who: TestUser, m: Parameters<typeof customerWrites>[2] = {}) {
  const w = await customerWrites(t, connA.id, m);
  const res = await req('PUT', `/tickets/${w.ticketId}`, who.token, { status: 'open' });
  expect(res.statusCode, res.body).toBe(200);
  return w;
}

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({
    env: {
      GRAPH_API_URL: standin.url,
      GRAPH_API_VERSION: 'v21.0',
      OPENAI_API_URL: `${standin.url}/v1`,
      // The transcription goes through the guarded outbound fetch: the local stand-in is let through by name.
      OUTBOUND_ALLOWED_HOSTS: new URL(standin.url).host,
    },
  });
  a = await createTenant(t);
  b = await createTenant(t);
  queueA = await addQueue(t, a, 'Vendas');
  connA = await addConnection(t, a, { queueIds: [queueA] });
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana' });
  rui = await addUser(t, a, { queueIds: [queueA], name: 'Rui', flags: ['allUserChat'] });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => standin.clear());

describe('GET /messages/:ticketId', () => {
  it('pages of 20, oldest first within a page, newer pages first; keyset with `before` gives the same rows', async () => {
    const { ticketId } = await openTicketFor(ana, { body: 'm0' });
    const number = await contactNumber(ticketId);
    for (let i = 1; i < 45; i++) await customerWrites(t, connA.id, { from: number, body: `m${i}` });
    // Several messages share each timestamp: the id breaks the tie.
    const t0 = Date.now() - 3_600_000;
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = to_timestamp(${t0 / 1000}) + (id % 7) * interval '1 second' WHERE ticket_id = ${ticketId}`,
    );
    const order = await rows<{ body: string }>(
      t,
      sql`SELECT body FROM messages WHERE ticket_id = ${ticketId} ORDER BY created_at DESC, id DESC`,
    );
    const newestFirst = order.map((r) => r.body);

    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push((await req('GET', `/messages/${ticketId}?pageNumber=${p}`, ana.token)).json());
    expect(pages.map((p) => p.messages.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    const seen = pages.flatMap((p) => [...p.messages].reverse().map((m: { body: string }) => m.body));
    expect(seen).toEqual(newestFirst);

    const byKeyset: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = (await req('GET', `/messages/${ticketId}${before ? `?before=${before}` : ''}`, ana.token)).json();
      byKeyset.push(...[...page.messages].reverse().map((m: { body: string }) => m.body));
      if (!page.hasMore) break;
      before = page.messages[0].id;
    }
    expect(byKeyset).toEqual(newestFirst);
  });

  it('reading as the owner marks the messages read, zeroes unreadMessages and sends a read receipt; others only look', async () => {
    const { ticketId } = await openTicketFor(ana);
    const second = await customerWrites(t, connA.id, { from: await contactNumber(ticketId), body: 'ainda aí?' });
    expect(second.ticketId).toBe(ticketId);
    expect((await ticketRow(t, ticketId)).unreadMessages).toBe(1);

    await req('GET', `/messages/${ticketId}`, rui.token);
    expect((await ticketRow(t, ticketId)).unreadMessages).toBe(1);

    const mark = t.realtime.events.length;
    const sentBefore = standin.requests.length;
    const res = await req('GET', `/messages/${ticketId}`, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ id: ticketId, unreadMessages: 0 });
    expect((await ticketRow(t, ticketId)).unreadMessages).toBe(0);
    const unread = await rows(t, sql`SELECT id FROM messages WHERE ticket_id = ${ticketId} AND NOT read AND NOT from_me`);
    expect(unread).toEqual([]);
    expect(t.realtime.events.slice(mark)).toContainEqual(
      expect.objectContaining({
        event: 'ticket',
        payload: expect.objectContaining({ ticket: expect.objectContaining({ unreadMessages: 0 }) }),
      }),
    );
    const [newest] = await rows<{ external_id: string }>(t, sql`SELECT external_id FROM messages WHERE id = ${second.messageId}`);
    // Receipts of earlier tests may still be on their way; the one for this ticket's newest message must arrive.
    await expect
      .poll(() =>
        standin.requests
          .slice(sentBefore)
          .map((r) => r.body as { status?: string; message_id?: string })
          .filter((b) => b?.status === 'read')
          .map((b) => b.message_id),
      )
      .toContain(newest.external_id);
  });

  it("allHistoric shows the contact's earlier tickets; without it only this ticket", async () => {
    const first = await openTicketFor(ana, { body: 'primeiro atendimento' });
    await req('PUT', `/tickets/${first.ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    const second = await openTicketFor(ana, { from: await contactNumber(first.ticketId), body: 'segundo atendimento' });
    expect(second.ticketId).not.toBe(first.ticketId);
    const bodies = async () =>
      (await req('GET', `/messages/${second.ticketId}`, ana.token)).json().messages.map((m: { body: string }) => m.body);
    expect(await bodies()).toEqual(['segundo atendimento']);
    await setUserFlags(t, ana.id, { allHistoric: 'enabled' });
    expect(await bodies()).toEqual(['primeiro atendimento', 'segundo atendimento']);
    await setUserFlags(t, ana.id, { allHistoric: 'disabled' });
  });

  it('isPrivate=false hides private notes; hasMedia lists only files', async () => {
    const { ticketId } = await openTicketFor(ana);
    await req('POST', `/messages/${ticketId}`, ana.token, { body: 'nota', isPrivate: true });
    const all = (await req('GET', `/messages/${ticketId}`, ana.token)).json().messages;
    expect(all.map((m: { body: string }) => m.body)).toContain('nota');
    const noNotes = (await req('GET', `/messages/${ticketId}?isPrivate=false`, ana.token)).json().messages;
    expect(noNotes.map((m: { body: string }) => m.body)).not.toContain('nota');
    expect((await req('GET', `/messages/${ticketId}?hasMedia=true`, ana.token)).json().messages).toEqual([]);
  });

  it("another user's or company's ticket answers 404", async () => {
    const { ticketId } = await openTicketFor(rui);
    expect((await req('GET', `/messages/${ticketId}`, ana.token)).statusCode).toBe(404);
    expect((await req('GET', `/messages/${ticketId}`, b.adminToken)).statusCode).toBe(404);
  });

  it('a client built from the seeds passes the uuid of /tickets/{uuid}: messages, sending, the log and the tags take it (issue 37)', async () => {
    const { ticketId } = await openTicketFor(ana, { body: 'pelo uuid' });
    const { uuid } = await ticketRow(t, ticketId);
    const page = await req('GET', `/messages/${uuid}?pageNumber=1`, ana.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().messages.map((m: { body: string }) => m.body)).toContain('pelo uuid');
    expect(page.json().messages).toEqual((await req('GET', `/messages/${ticketId}?pageNumber=1`, ana.token)).json().messages);
    const sent = await req('POST', `/messages/${uuid}`, ana.token, { body: 'resposta', fromMe: true, read: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ ticketId, body: 'resposta' });
    expect((await req('GET', `/tickets/${uuid}`, ana.token)).json()).toMatchObject({ id: ticketId, uuid });
    expect((await req('GET', `/tickets-log/${uuid}`, ana.token)).statusCode).toBe(200);
    const tag = await req('POST', '/tags', a.adminToken, { name: `uuid-${ticketId}`, color: '#112233', kanban: 0 });
    expect(tag.statusCode, tag.body).toBe(201);
    expect((await req('PUT', `/ticket-tags/${uuid}/${tag.json().id}`, ana.token)).statusCode).toBe(204);
    expect((await req('DELETE', `/ticket-tags/${uuid}/${tag.json().id}`, ana.token)).statusCode).toBe(204);
    // Tenancy: another company's uuid, or one that names no ticket, answers 404; text that is neither answers 400.
    expect((await req('GET', `/messages/${uuid}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('POST', `/messages/${uuid}`, b.adminToken, { body: 'x' })).statusCode).toBe(404);
    expect((await req('PUT', `/ticket-tags/${uuid}/${tag.json().id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/messages/0b6f5b2e-7d6c-4f1e-9a3b-2c1d0e9f8a7b', ana.token)).statusCode).toBe(404);
    const junk = await req('GET', '/messages/not-a-ticket', ana.token);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().fields).toContainEqual({ path: 'ticketId', message: 'validation.invalidTicketId' });
  });
});

async function contactNumber(ticketId: number) {
  const [r] = await rows<{ number: string }>(
    t,
    sql`SELECT c.number FROM contacts c JOIN tickets t ON t.contact_id = c.id WHERE t.id = ${ticketId}`,
  );
  return r.number;
}

describe('POST /messages/:ticketId', () => {
  it('stores the text (clock) and the job sends it; private notes never reach the channel', async () => {
    const { ticketId } = await openTicketFor(ana);
    const sent = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'Olá, tudo bem?', fromMe: true, read: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ body: 'Olá, tudo bem?', fromMe: true, ack: 0, isPrivate: false, userId: ana.id });
    const note = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'cliente VIP, cuidado', isPrivate: true });
    expect(note.json()).toMatchObject({ isPrivate: true });
    await runSend(note.json().id);
    await runSend(sent.json().id);
    expect(standin.sent.map((s) => (s.body.text as { body: string }).body)).toEqual(['Olá, tudo bem?']);
    expect(JSON.stringify(standin.requests)).not.toContain('cliente VIP');
  });

  it('the composer writes only into open or group tickets (ERR_TICKET_STATE)', async () => {
    const pending = await customerWrites(t, connA.id);
    const res = await req('POST', `/messages/${pending.ticketId}`, ana.token, { body: 'oi' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_TICKET_STATE' });
    const empty = await req('POST', `/messages/${pending.ticketId}`, ana.token, { body: '   ' });
    expect(empty.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'body', message: 'validation.required' }] });
  });

  it('signature: *Name:* above the text when sendSignMessage is on and asked for', async () => {
    const { ticketId } = await openTicketFor(ana);
    const signedMsg = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'assinado', signMessage: true })).json();
    expect(signedMsg.body).toBe('*Ana:*\nassinado');
    await companySetting(t, a, 'sendSignMessage', 'disabled');
    const plain = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'sem assinatura', signMessage: true })).json();
    expect(plain.body).toBe('sem assinatura');
    await companySetting(t, a, 'sendSignMessage', 'enabled');
  });

  it('a contact card (vCard) and a quoted reply', async () => {
    const { ticketId, messageId } = await openTicketFor(ana);
    const card = await req('POST', `/messages/${ticketId}`, ana.token, {
      body: '',
      vCard: { name: 'Suporte', number: '551140040000' },
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ mediaType: 'contact', body: 'Suporte' });
    const reply = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'respondendo', quotedMsg: { id: messageId } });
    expect(reply.json()).toMatchObject({ quotedMsgId: messageId });
    await runSend(card.json().id);
    expect(standin.sent[0]).toMatchObject({ type: 'contacts' });
  });

  it('multipart: several files, each with its caption', async () => {
    const { ticketId } = await openTicketFor(ana);
    const boundary = '----atendo';
    const part = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const file = (filename: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([
      file('um.png'),
      file('dois.png'),
      part('body', 'primeira legenda'),
      part('body', 'segunda legenda'),
      part('fromMe', 'true'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: { ...bearer(ana.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await rows<{ body: string; media_type: string; media_name: string }>(
      t,
      sql`SELECT body, media_type, media_name FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    expect(stored).toEqual([
      { body: 'primeira legenda', media_type: 'image', media_name: 'um.png' },
      { body: 'segunda legenda', media_type: 'image', media_name: 'dois.png' },
    ]);
  });

  it('cannot write into a ticket the user may not see', async () => {
    const { ticketId } = await openTicketFor(rui);
    // a colleague of the queue is told who holds it (issue 31 item 8); another company does not learn it exists
    const colleague = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'intruso' });
    expect(colleague.statusCode).toBe(409);
    expect(colleague.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', details: { userId: rui.id } });
    expect((await req('POST', `/messages/${ticketId}`, b.adminToken, { body: 'intruso' })).statusCode).toBe(404);
  });
});

describe('edit and delete (seed 000 §4 "Message rules")', () => {
  async function note(ticketId: number, who: TestUser, ageSeconds: number) {
    const m = (await req('POST', `/messages/${ticketId}`, who.token, { body: 'original', isPrivate: true })).json();
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = now() - make_interval(secs => ${ageSeconds}) WHERE id = ${m.id}`,
    );
    return m.id as number;
  }

  it('the sender edits within 900000 ms: 899 s accepted, 901 s refused', async () => {
    const { ticketId } = await openTicketFor(ana);
    const young = await note(ticketId, ana, 899);
    const ok = await req('POST', `/messages/edit/${young}`, ana.token, { body: 'corrigido' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ body: 'corrigido', isEdited: true });
    const old = await note(ticketId, ana, 901);
    const late = await req('POST', `/messages/edit/${old}`, ana.token, { body: 'tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'ERR_MESSAGE_EDIT_WINDOW' });
  });

  it("only the sender edits; the customer's messages and a channel without edits are refused", async () => {
    const { ticketId, messageId } = await openTicketFor(ana);
    const mine = await note(ticketId, ana, 10);
    expect((await req('POST', `/messages/edit/${mine}`, rui.token, { body: 'x' })).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    });
    expect((await req('POST', `/messages/edit/${messageId}`, ana.token, { body: 'x' })).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    });
    const sent = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'enviada' })).json();
    await runSend(sent.id);
    const res = await req('POST', `/messages/edit/${sent.id}`, ana.token, { body: 'editada' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_SUPPORTED' });
  });

  it("deleting another's message is refused; one's own is marked deleted; lgpdDeleteMessage erases it", async () => {
    const { ticketId, messageId } = await openTicketFor(ana);
    const mine = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'apagar' })).json();
    expect((await req('DELETE', `/messages/${mine.id}`, rui.token)).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await req('DELETE', `/messages/${messageId}`, ana.token)).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const del = await req('DELETE', `/messages/${mine.id}`, ana.token);
    expect(del.json()).toMatchObject({ isDeleted: true, body: 'apagar' });
    await companySetting(t, a, 'lgpdDeleteMessage', 'enabled');
    const other = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'dado pessoal' })).json();
    const erased = await req('DELETE', `/messages/${other.id}`, ana.token);
    expect(erased.json()).toMatchObject({ isDeleted: true, body: '' });
    await companySetting(t, a, 'lgpdDeleteMessage', 'disabled');
  });
});

describe('reactions, forward, counts', () => {
  it('a reaction goes to the channel on the message it targets', async () => {
    const { ticketId, messageId } = await openTicketFor(ana);
    const res = await req('POST', `/messages/${messageId}/reactions`, ana.token, { type: '👍' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mediaType: 'reaction', body: '👍', ticketId });
    await runSend(res.json().id);
    const [target] = await rows<{ external_id: string }>(t, sql`SELECT external_id FROM messages WHERE id = ${messageId}`);
    expect(standin.sent[0].body.reaction).toEqual({ message_id: target.external_id, emoji: '👍' });
  });

  it('forwards into the contact’s live ticket, or a new one of the caller; private notes are never forwarded', async () => {
    const { ticketId } = await openTicketFor(ana);
    const original = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'encaminhe isto' })).json();
    const other = await customerWrites(t, connA.id, { name: 'Destino' });
    await req('PUT', `/tickets/${other.ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false }).catch(() => {});
    await t.database.db.execute(sql`UPDATE tickets SET status = 'closed' WHERE id = ${other.ticketId}`);
    const res = await req('POST', '/message/forward', ana.token, { messageId: original.id, contactId: other.contactId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: 'encaminhe isto', isForwarded: true });
    const target = await ticketRow(t, res.json().ticketId);
    expect(target).toMatchObject({ contactId: other.contactId, status: 'open', userId: ana.id });
    const privateNote = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'segredo', isPrivate: true })).json();
    const refused = await req('POST', '/message/forward', ana.token, { messageId: privateNote.id, contactId: other.contactId });
    expect(refused.statusCode).toBe(400);
  });

  it('quoting or forwarding what the channel no longer has answers ERR_FETCH_WAPP_MSG (issue 37 item 7)', async () => {
    const { ticketId, messageId } = await openTicketFor(ana);
    const note = (await req('POST', `/messages/${ticketId}`, ana.token, { body: 'nota', isPrivate: true })).json();
    const quoteNote = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'público', quotedMsg: { id: note.id } });
    expect(quoteNote.statusCode).toBe(502);
    expect(quoteNote.json()).toMatchObject({ error: 'ERR_FETCH_WAPP_MSG' });
    const noteOnNote = await req('POST', `/messages/${ticketId}`, ana.token, {
      body: 'outra nota',
      isPrivate: true,
      quotedMsg: { id: note.id },
    });
    expect(noteOnNote.statusCode, noteOnNote.body).toBe(200);

    await t.database.db.execute(sql`UPDATE messages SET is_deleted = true WHERE id = ${messageId}`);
    const quoteRevoked = await req('POST', `/messages/${ticketId}`, ana.token, {
      body: 'sobre aquilo',
      quotedMsg: { id: messageId },
    });
    expect(quoteRevoked.json()).toMatchObject({ error: 'ERR_FETCH_WAPP_MSG' });

    // An image whose file was never downloaded, or is no longer kept, cannot be forwarded.
    const photo = await customerWrites(t, connA.id, { body: '' });
    const other = await customerWrites(t, connA.id, { name: 'Destino da foto' });
    for (const mediaUrl of [null, 'media/does-not-exist.png']) {
      await t.database.db.execute(
        sql`UPDATE messages SET media_type = 'image', media_url = ${mediaUrl} WHERE id = ${photo.messageId}`,
      );
      const res = await req('POST', '/message/forward', ana.token, { messageId: photo.messageId, contactId: other.contactId });
      expect(res.statusCode, String(mediaUrl)).toBe(502);
      expect(res.json()).toMatchObject({ error: 'ERR_FETCH_WAPP_MSG' });
    }
  });

  it('messages-allMe counts sent or received messages in a period (dashboard permission)', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect((await req('GET', `/messages-allMe?fromMe=true`, ana.token)).statusCode).toBe(403);
    const res = await req('GET', `/messages-allMe?fromMe=true&dateStart=${today}&dateEnd=${today}`, a.adminToken);
    expect(res.statusCode).toBe(200);
    const [row] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${a.companyId} AND from_me AND NOT is_private`,
    );
    expect(res.json()).toEqual({ count: [{ count: row.n }] });
  });
});

describe('interactive messages', () => {
  it('a list goes out on the Cloud API', async () => {
    const { ticketId } = await openTicketFor(ana);
    const res = await req('POST', `/messages/lista/${ticketId}`, ana.token, {
      title: 'Menu',
      text: 'Escolha uma opção',
      buttonText: 'Ver opções',
      sections: [{ title: 'Setores', rows: [{ title: 'Vendas' }, { title: 'Suporte', description: 'Ajuda técnica' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mediaType: 'list', body: 'Escolha uma opção' });
    await runSend(res.json().id);
    expect(standin.sent[0].body.interactive).toMatchObject({ type: 'list', action: { button: 'Ver opções' } });
  });

  it('copy, call, URL and PIX cards answer ERR_CHANNEL_NOT_SUPPORTED where the channel cannot send them', async () => {
    const { ticketId } = await openTicketFor(ana);
    for (const kind of ['copy', 'call', 'URL']) {
      const res = await req('POST', `/messages/${kind}/${ticketId}`, ana.token, {
        title: 'T',
        description: 'd',
        buttonText: 'b',
        copyText: 'c',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_SUPPORTED', details: { channel: 'whatsappapi' } });
    }
    const pix = await req('POST', `/messages/PIX/${ticketId}`, ana.token, {
      title: 'Pagamento',
      sendvalue: '10.50',
      sendkey_type: 'PHONE',
      sendmerchant_name: 'Loja',
      sendKey: '11999990000',
    });
    expect(pix.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_SUPPORTED' });
  });

  it("a ticket id that is not a number: 'ID do Ticket inválido.'", async () => {
    const res = await req('POST', '/messages/lista/abc', ana.token, { text: 'x', buttonText: 'y', sections: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'ticketId', message: 'validation.invalidTicketId' });
  });
});

describe('closing a waiting ticket (company setting sendFarewellWaitingTicket, issue 37)', () => {
  /** Closes a pending ticket as the seeds' client does (ignore: no farewell asked, counter 0); answers what reached the channel. */
  async function closeWaiting(setting: 'enabled' | 'disabled') {
    await companySetting(t, a, 'sendFarewellWaitingTicket', setting);
    const w = await customerWrites(t, connA.id, { name: 'Marta Souza' });
    expect((await ticketRow(t, w.ticketId)).status).toBe('pending');
    const res = await req('PUT', `/tickets/${w.ticketId}`, a.adminToken, {
      status: 'closed',
      sendFarewellMessage: false,
      amountUsedBotQueues: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', userId: null });
    const mine = await rows<{ id: number; body: string }>(
      t,
      sql`SELECT id, body FROM messages WHERE ticket_id = ${w.ticketId} AND from_me ORDER BY id`,
    );
    for (const m of mine) await runSend(Number(m.id)); // a bigint: a string on PostgreSQL
    return { stored: mine.map((m) => m.body), sent: standin.sent.map((x) => (x.body.text as { body: string }).body) };
  }

  it("on: the connection's farewell goes to the customer through the channel; off: nothing", async () => {
    await t.database.db.execute(sql`UPDATE whatsapps SET complation_message = 'Até logo, {{firstName}}!' WHERE id = ${connA.id}`);
    try {
      expect(await closeWaiting('enabled')).toEqual({ stored: ['Até logo, Marta!'], sent: ['Até logo, Marta!'] });
      standin.clear();
      expect(await closeWaiting('disabled')).toEqual({ stored: [], sent: [] });
    } finally {
      await companySetting(t, a, 'sendFarewellWaitingTicket', 'disabled');
      await t.database.db.execute(sql`UPDATE whatsapps SET complation_message = '' WHERE id = ${connA.id}`);
    }
  });
});

describe('GET /messages/transcribeAudio/:file', () => {
  // an Ogg page whose first packet is an Opus header: what a WhatsApp voice note starts with
  const OGG = Buffer.concat([
    Buffer.from('OggS\0\x02', 'latin1'),
    Buffer.alloc(22, 1),
    Buffer.from('OpusHead'),
    Buffer.alloc(60, 1),
  ]);

  /** A customer's voice note in a ticket of `who`; answers the stored file's name. */
  async function voiceNote(who: TestUser) {
    const w = await openTicketFor(who, { body: '' });
    const stored = await t.deps.media.saveBuffer(a.companyId, 'media', OGG, { filename: 'voz.ogg', mimetype: 'audio/ogg' });
    await t.database.db.execute(
      sql`UPDATE messages SET media_type = 'audio', media_url = ${stored.path}, media_mime_type = 'audio/ogg' WHERE id = ${w.messageId}`,
    );
    return { ...w, file: stored.path.split('/').pop() as string };
  }
  const setKey = (value: string) =>
    t.database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('openaikeyaudio', ${value}) ON CONFLICT (key) DO UPDATE SET value = ${value}`,
    );

  it("sends the audio to OpenAI's transcription endpoint with the platform key, answers transcribedText and keeps it", async () => {
    const { file, messageId } = await voiceNote(ana);
    await setKey('sk-test-audio-1234');
    const res = await req('GET', `/messages/transcribeAudio/${file}`, ana.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transcribedText: `Transcrição do áudio ${file} (${OGG.length} bytes)` });
    const calls = standin.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe('Bearer sk-test-audio-1234');
    expect(calls[0].body).toMatchObject({ model: 'whisper-1', file: { filename: file, size: OGG.length, type: 'audio/ogg' } });
    const [row] = await rows<{ data_json: { transcription?: string } }>(
      t,
      sql`SELECT data_json FROM messages WHERE id = ${messageId}`,
    );
    expect(row.data_json.transcription).toBe(res.json().transcribedText);
    // a second click (or a colleague's) reads what was kept
    const again = await req('GET', `/messages/transcribeAudio/${file}`, rui.token);
    expect(again.json()).toEqual(res.json());
    expect(standin.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
  });

  it('no key: ERR_OPENAI_KEY_MISSING; the provider failing: ERR_TRANSCRIPTION_FAILED (502) and nothing kept', async () => {
    const { file, messageId } = await voiceNote(ana);
    await setKey('');
    const missing = await req('GET', `/messages/transcribeAudio/${file}`, ana.token);
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'ERR_OPENAI_KEY_MISSING']);
    await setKey('sk-test-audio-1234');
    await fetch(`${standin.url}/_standin/transcription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail: true }),
    });
    const failed = await req('GET', `/messages/transcribeAudio/${file}`, ana.token);
    expect([failed.statusCode, failed.json().error]).toEqual([502, 'ERR_TRANSCRIPTION_FAILED']);
    const [row] = await rows<{ data_json: unknown }>(t, sql`SELECT data_json FROM messages WHERE id = ${messageId}`);
    expect(JSON.stringify(row.data_json ?? {})).not.toContain('transcription');
  });

  it('only audio the caller can see: other files, names and companies answer 404; the plan needs useOpenAi', async () => {
    const { file, ticketId } = await voiceNote(ana);
    await setKey('sk-test-audio-1234');
    for (const name of ['nope123456.ogg', '..%2F..%2Fetc%2Fpasswd', 'a.b.c']) {
      expect((await req('GET', `/messages/transcribeAudio/${name}`, ana.token)).statusCode).toBe(404);
    }
    // another company's user, with the same file name
    expect((await req('GET', `/messages/transcribeAudio/${file}`, b.adminToken)).statusCode).toBe(404);
    // an image is not transcribed
    await t.database.db.execute(sql`UPDATE messages SET media_type = 'image' WHERE ticket_id = ${ticketId}`);
    expect((await req('GET', `/messages/transcribeAudio/${file}`, ana.token)).statusCode).toBe(404);
    const noAi = await createTenant(t, { planFlags: { useOpenAi: false } });
    const refused = await req('GET', `/messages/transcribeAudio/${file}`, noAi.adminToken);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });
});
