/**
 * The integrations runtime end to end: a customer writes through ingest (as the Cloud API webhook does), the
 * automation hands the ticket to its integration, the `integrations.turn` job talks to the stand-in (Typebot,
 * Dialogflow) or a local n8n-like receiver, and the replies are stored as the bot's messages.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DialogflowStandin,
  startDialogflowStandin,
  startTypebotStandin,
  TYPEBOT_PNG,
  type TypebotStandin,
  typebotEmbed,
  typebotMedia,
  typebotText,
  typebotTextInput,
} from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketRow } from '../../../test/attendance';
import { bearer, createTenant, multipart, PNG_1PX, requester, type Tenant } from '../../../test/harness';
import { queueIntegrations } from '../../db/schema';
import {
  addQueue,
  addStep,
  botMessages,
  connection,
  customer,
  logTypes,
  standin,
  t,
  useAutomationApp,
} from '../automation/automation.testing';

let typebot: TypebotStandin;
let dialogflow: DialogflowStandin;
let receiver: http.Server;
let receiverPort = 0;
let trap: http.Server;
let trapPort = 0;
let trapHits = 0;
const received: { body: string; signature: string }[] = [];
let receiverAnswer: unknown = {};

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  typebot = await startTypebotStandin();
  dialogflow = await startDialogflowStandin({
    intents: [
      { match: 'horário', displayName: 'Horário', texts: ['Abrimos às 8h.', 'Fechamos às 18h.'] },
      { match: 'atendente', displayName: 'Humano', texts: ['Já chamo alguém.'], endInteraction: true },
    ],
  });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-atendo-signature'] ?? '') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(receiverAnswer));
    });
  });
  receiverPort = await listen(receiver);
  trap = http.createServer((_req, res) => {
    trapHits += 1;
    res.end('{}');
  });
  trapPort = await listen(trap);
});
useAutomationApp({
  env: () => ({
    JOBS: 'on',
    OUTBOUND_ALLOWED_HOSTS: [typebot.url, dialogflow.url, `http://127.0.0.1:${receiverPort}`]
      .map((u) => new URL(u).host)
      .join(','),
    DIALOGFLOW_API_URL: dialogflow.url,
    GOOGLE_TOKEN_URL: dialogflow.tokenUrl,
  }),
});
afterAll(async () => {
  await typebot?.close();
  await dialogflow?.close();
  receiver?.close();
  trap?.close();
});

const req = requester(() => t);

/** Polls until `read` satisfies `ok` (jobs run on their own); fails with the last value after 20 s. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let v = await read();
  while (!ok(v)) {
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

const bodies = async (ticketId: number) => (await botMessages(ticketId)).map((m) => m.body);

async function createIntegration(tenant: Tenant, body: Record<string, unknown>) {
  const res = await req('POST', '/queueIntegration', tenant.adminToken, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

describe('integrations runtime', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t);
  });

  it('Typebot: a queue with a Typebot sends its bubbles in order, continues the session and hands over on the finish keyword', async () => {
    const fake = typebot.addFile('falso.png', Buffer.from('<html><body>não é imagem</body></html>'), 'image/png');
    typebot.setFlow(({ turn, message }) =>
      turn === 0
        ? {
            messages: [
              typebotText('Olá! Eu sou o bot.'),
              typebotMedia('image', typebot.fileUrl('cardapio.png')),
              typebotMedia('image', fake),
              typebotEmbed('https://www.youtube.com/embed/cardapio'),
              typebotText('O que deseja?'),
            ],
            input: typebotTextInput(),
          }
        : { messages: [typebotText(`Anotado: ${message}`)], input: typebotTextInput() },
    );
    const bot = await createIntegration(tenant, {
      type: 'typebot',
      name: 'Pizzaria bot',
      urlN8N: typebot.url,
      typebotSlug: 'pizzaria',
      typebotKeywordFinish: '#sair',
      typebotDelayMessage: 1000,
    });
    const queue = await addQueue(tenant, 'Pedidos', { greetingMessage: '', integrationId: bot.id });
    const conn = await connection(tenant, [queue.id], { greetingMessage: '' });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    expect(
      await until(
        () => bodies(ticketId),
        (b) => b.length >= 5,
      ),
    ).toEqual(['Olá! Eu sou o bot.', '', fake, 'https://www.youtube.com/embed/cardapio', 'O que deseja?']);
    // The image bubble went out as an image (its bytes fetched and checked); the fake one and the embed as links.
    const kinds = await t.database.db.execute(
      sql`SELECT media_type, media_mime_type, media_name, media_size FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    const rows = ((kinds as unknown as { rows?: unknown[] }).rows ?? (kinds as unknown as unknown[])) as {
      media_type: string;
      media_mime_type: string | null;
      media_name: string | null;
      media_size: number | null;
    }[];
    expect(rows.map((r) => r.media_type)).toEqual(['text', 'image', 'text', 'text', 'text']);
    expect(rows[1]).toMatchObject({ media_mime_type: 'image/png', media_name: 'cardapio.png' });
    expect(Number(rows[1].media_size)).toBe(TYPEBOT_PNG.length);
    expect(typebot.fetched).toEqual(['cardapio.png', 'falso.png']);
    // … and reached the customer through the Cloud API as an image message (uploaded, then sent by its media id).
    const sent = await until(
      async () => standin.sent.filter((m) => m.to === c.from),
      (list) => list.length >= 5,
    );
    expect(sent.map((m) => m.type).sort()).toEqual(['image', 'text', 'text', 'text', 'text']);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: true, useIntegration: true, integrationId: bot.id });
    await c.says('uma pizza');
    expect(
      (
        await until(
          () => bodies(ticketId),
          (b) => b.length >= 6,
        )
      ).at(-1),
    ).toBe('Anotado: uma pizza');
    expect(typebot.calls.map((x) => x.kind)).toEqual(['startChat', 'continueChat']);
    expect(typebot.calls[1].body).toEqual({ message: 'uma pizza' });

    await c.says('#SAIR');
    const after = await until(
      () => ticketRow(t, ticketId),
      (r) => !r.isBot,
    );
    expect(after).toMatchObject({ useIntegration: false, status: 'pending', queueId: queue.id });
    expect(typebot.calls).toHaveLength(2);
  });

  it('n8n: a chatbot step posts the message signed with HMAC-SHA256, sends the answer and transfers', async () => {
    const hook = await createIntegration(tenant, {
      type: 'n8n',
      name: 'Fluxo n8n',
      urlN8N: `http://127.0.0.1:${receiverPort}/webhook/atendo`,
    });
    const sales = await addQueue(tenant, 'Vendas n8n');
    const support = await addQueue(tenant, 'Suporte n8n', { greetingMessage: 'Escolha' });
    await addStep(
      tenant,
      { queueId: support.id },
      { name: 'Automático', greetingMessage: 'Um momento', queueType: 'integration', optIntegrationId: hook.id, order: 1 },
    );
    const conn = await connection(tenant, [support.id], { greetingMessage: '' });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Olá');
    receiverAnswer = {};
    await c.says('1');
    await until(
      async () => received.length,
      (n) => n >= 1,
    );
    receiverAnswer = { messages: ['Pedido 123 confirmado'], action: 'transfer', queueId: sales.id };
    const { messageId } = await c.says('meu pedido 123');
    const ticket = await until(
      () => ticketRow(t, ticketId),
      (r) => r.queueId === sales.id,
    );
    expect(ticket).toMatchObject({ isBot: false, useIntegration: false });
    expect((await bodies(ticketId)).at(-1)).toBe('Pedido 123 confirmado');
    const last = received.at(-1)!;
    expect(last.signature).toBe(`sha256=${createHmac('sha256', hook.secret).update(last.body).digest('hex')}`);
    const event = JSON.parse(last.body);
    expect(event).toMatchObject({
      event: 'message',
      integration: { id: hook.id, type: 'n8n' },
      ticket: { id: ticketId },
      contact: { number: c.from },
      message: { id: messageId, body: 'meu pedido 123' },
    });
    expect(await logTypes(ticketId)).toContain('redirect');
  });

  it('Dialogflow: a connection with Dialogflow answers the intent and hands over at the end of the conversation', async () => {
    const df = await createIntegration(tenant, {
      type: 'dialogflow',
      name: 'Agente',
      projectName: dialogflow.project,
      jsonContent: dialogflow.credentials,
      language: 'pt-BR',
    });
    const q = await addQueue(tenant, 'Geral df');
    const conn = await connection(tenant, [q.id], { greetingMessage: '', integrationId: df.id });
    const c = customer(conn.id);
    const { ticketId } = await c.says('qual o horário?');
    expect(
      await until(
        () => bodies(ticketId),
        (b) => b.length >= 2,
      ),
    ).toEqual(['Abrimos às 8h.', 'Fechamos às 18h.']);
    expect(dialogflow.calls.at(-1)).toMatchObject({
      project: dialogflow.project,
      text: 'qual o horário?',
      languageCode: 'pt-BR',
    });
    await c.says('quero um atendente');
    await until(
      () => ticketRow(t, ticketId),
      (r) => !r.isBot,
    );
    expect((await bodies(ticketId)).at(-1)).toBe('Já chamo alguém.');
  });

  it('a chatbot step of type file sends the list message and its files, then hands over', async () => {
    const list = (await req('POST', '/files', tenant.adminToken, { name: 'Cardápio', message: 'Segue nosso cardápio' })).json();
    const form = multipart([{ name: 'files', data: PNG_1PX, filename: 'cardapio.png', contentType: 'image/png' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/files/uploadList/${list.id}`,
      headers: { ...bearer(tenant.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const q = await addQueue(tenant, 'Cardápio fila', { greetingMessage: 'Escolha' });
    await addStep(
      tenant,
      { queueId: q.id },
      { name: 'Ver cardápio', greetingMessage: 'Enviando', queueType: 'file', optFileId: list.id, order: 1 },
    );
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('1');
    const rows = await t.database.db.execute(
      sql`SELECT body, media_type, media_name FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    const list2 = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    expect((list2 as { body: string; media_type: string; media_name: string | null }[]).slice(-3)).toEqual([
      { body: 'Enviando', media_type: 'text', media_name: null },
      { body: 'Segue nosso cardápio', media_type: 'text', media_name: null },
      { body: '', media_type: 'image', media_name: 'cardapio.png' },
    ]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, status: 'pending' });
  });

  it('a queue with its own file list sends the list message and files when the ticket enters it, through the Cloud API', async () => {
    const list = (await req('POST', '/files', tenant.adminToken, { name: 'Tabela', message: 'Nossa tabela de preços' })).json();
    const form = multipart([{ name: 'files', data: PNG_1PX, filename: 'tabela.png', contentType: 'image/png' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/files/uploadList/${list.id}`,
      headers: { ...bearer(tenant.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const other = await addQueue(tenant, 'Outros assuntos');
    const prices = await addQueue(tenant, 'Preços', { greetingMessage: 'Bem-vindo a Preços', fileListId: list.id });
    const conn = await connection(tenant, [other.id, prices.id], { greetingMessage: 'Escolha' });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('2');
    const rows = await t.database.db.execute(
      sql`SELECT body, media_type, media_name FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    const mine = ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])) as {
      body: string;
      media_type: string;
      media_name: string | null;
    }[];
    expect(mine.slice(-3)).toEqual([
      { body: 'Bem-vindo a Preços', media_type: 'text', media_name: null },
      { body: 'Nossa tabela de preços', media_type: 'text', media_name: null },
      { body: '', media_type: 'image', media_name: 'tabela.png' },
    ]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, status: 'pending', queueId: prices.id });
    // The send jobs deliver them through the Cloud API: the image is uploaded and sent as an image message.
    const sent = await until(
      async () => standin.sent.filter((m) => m.to === c.from),
      (list) => list.length >= 4,
    );
    expect(sent.map((m) => m.type).sort()).toEqual(['image', 'text', 'text', 'text']);
    // Entering the queue again is not needed for the list: another message while waiting sends nothing more.
    await c.says('obrigado');
    expect((await botMessages(ticketId)).length).toBe(mine.length);
  });

  it('SSRF: an integration URL of 127.0.0.1 is refused on save and, stored anyway, at run: nothing is fetched, the ticket goes to an attendant', async () => {
    const refused = await req('POST', '/queueIntegration', tenant.adminToken, {
      type: 'webhook',
      name: 'Interno',
      urlN8N: `http://127.0.0.1:${trapPort}/x`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('ERR_URL_NOT_ALLOWED');
    const [row] = await t.database.db
      .insert(queueIntegrations)
      .values({
        companyId: tenant.companyId,
        type: 'webhook',
        name: 'Interno',
        urlN8N: `http://127.0.0.1:${trapPort}/x`,
        secret: 's',
      })
      .returning();
    const q = await addQueue(tenant, 'Interna', { greetingMessage: '', integrationId: row.id });
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('olá?');
    await until(
      () => ticketRow(t, ticketId),
      (r) => !r.isBot,
    );
    expect(await logTypes(ticketId)).toContain('integrationFailed');
    expect(trapHits).toBe(0);
  });
});
