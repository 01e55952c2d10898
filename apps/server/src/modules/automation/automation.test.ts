/**
 * The conversation automation driven as a customer would: messages arrive through the ingest pipeline (and the
 * Cloud API webhook), the bot's answers are read back from the conversation. Time rules use an injected clock.
 */
import { type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addUser, companySetting, customerWrites, setUserQueues, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, multipart, PNG_1PX, type Tenant, type TestContext } from '../../../test/harness';
import { deliver, query } from '../../../test/messaging';
import { chatbots, companies, contacts, queues, tickets, users, whatsapps } from '../../db/schema';
import { sendMessageJob } from '../messages/messages.jobs';
import { sweepIdleTicketsJob } from '../tickets/tickets.jobs';
import { boundAutomation } from './automation.hooks';
import type { AutomationService } from './automation.service';
import { AUDIO_REFUSED_TEXT } from './automation.service';

let t: TestContext;
let standin: GraphStandin;
const auto = () => boundAutomation<AutomationService>(t.deps)!;

/** Monday 2026-11-23, 14:00 in São Paulo (in the default service hours) and 03:00 (out of them). */
const IN_HOURS = new Date('2026-11-23T17:00:00Z');
const OUT_OF_HOURS = new Date('2026-11-23T06:00:00Z');
let now = IN_HOURS;

beforeAll(async () => {
  standin = await startGraphStandin({ appSecret: 'unused' });
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  auto().useClock(() => now);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

const HOURS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
  weekday: d,
  weekdayEn: d as 'monday',
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

async function addQueue(tenant: Tenant, name: string, extra: Partial<typeof queues.$inferInsert> = {}) {
  const [q] = await t.database.db
    .insert(queues)
    .values({
      companyId: tenant.companyId,
      name,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
      greetingMessage: `Fila ${name}`,
      ...extra,
    })
    .returning();
  return q;
}

async function addStep(
  tenant: Tenant,
  where: { queueId: number } | { parentId: number },
  step: Partial<typeof chatbots.$inferInsert> & { name: string },
) {
  const [c] = await t.database.db
    .insert(chatbots)
    .values({
      companyId: tenant.companyId,
      queueId: 'queueId' in where ? where.queueId : null,
      chatbotId: 'parentId' in where ? where.parentId : null,
      greetingMessage: '',
      ...step,
    })
    .returning();
  return c;
}

async function connection(tenant: Tenant, queueIds: number[], fields: Partial<typeof whatsapps.$inferInsert> = {}) {
  const conn = await addConnection(t, tenant, { queueIds });
  await t.database.db
    .update(whatsapps)
    .set({ greetingMessage: 'Bem-vindo à Loja!', ...fields })
    .where(eq(whatsapps.id, conn.id));
  return conn;
}

interface BotMessage {
  id: number;
  body: string;
  kind: string;
}

async function botMessages(ticketId: number): Promise<BotMessage[]> {
  const rows = await query<{ id: string; body: string; kind: string; user_id: number | null }>(
    t,
    sql`SELECT id, body, data_json->>'automatic' AS kind, user_id FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
  );
  for (const r of rows) expect(r.user_id).toBeNull();
  return rows.map((r) => ({ id: Number(r.id), body: r.body, kind: r.kind }));
}

async function logTypes(ticketId: number) {
  const rows = await query<{ type: string }>(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticketId} ORDER BY id`);
  return rows.map((r) => r.type);
}

/** A customer (one phone number) writing to a connection. */
function customer(connId: number) {
  const from = newNumber();
  return {
    from,
    says: (body: string) => customerWrites(t, connId, { from, body }),
  };
}

describe('end to end through the Cloud API stand-in', () => {
  it('the customer writes on WhatsApp, the menu reaches their phone, their answer picks the queue', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'Pedidos');
    const qb = await addQueue(tenant, 'Trocas');
    const conn = await connection(tenant, [qa.id, qb.id]);
    const from = newNumber();
    /** Runs the send jobs of the bot's new messages, as the worker would, and answers what reached the phone. */
    const phoneReceives = async (ticketId: number, after: number) => {
      const fresh = (await botMessages(ticketId)).filter((m) => m.id > after);
      for (const m of fresh)
        await t.deps.jobs.runNow(sendMessageJob, { messageId: m.id, companyId: tenant.companyId, attempt: 1 });
      return standin.sent
        .filter((x) => x.to === from)
        .slice(-fresh.length)
        .map((x) => (x.body.text as { body: string }).body);
    };
    const res = await deliver(t, conn, [inbound.text({ from, body: 'Boa tarde!' })], [{ waId: from, name: 'Joana' }]);
    expect(res.statusCode).toBe(200);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
    expect(await phoneReceives(ticket.id, 0)).toEqual(['Bem-vindo à Loja!\n\n*1* - Pedidos\n*2* - Trocas']);
    const last = (await botMessages(ticket.id)).at(-1)!.id;
    // Cloud API times are whole seconds; a person answers the menu seconds after it arrives.
    await deliver(t, conn, [inbound.text({ from, body: 'trocas', timestamp: new Date(Date.now() + 2000) })]);
    expect(await phoneReceives(ticket.id, last)).toEqual(['Fila Trocas']);
    expect(await ticketRow(t, ticket.id)).toMatchObject({ queueId: qb.id, isBot: false });
    const acked = await query<{ ack: number }>(t, sql`SELECT ack FROM messages WHERE ticket_id = ${ticket.id} AND from_me`);
    expect(acked.every((m) => m.ack >= 1)).toBe(true);
  });
});

describe('queue choice menu', () => {
  let tenant: Tenant;
  let sales: typeof queues.$inferSelect;
  let support: typeof queues.$inferSelect;
  beforeAll(async () => {
    tenant = await createTenant(t);
    sales = await addQueue(tenant, 'Vendas', { orderQueue: 1 });
    support = await addQueue(tenant, 'Suporte Técnico', { orderQueue: 2 });
  });

  it('greets a new ticket with the numbered queues and moves it on a valid answer (number, emoji, name)', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    for (const answer of ['2', '2️⃣', '  suporte tecnico ', 'quero o suporte técnico', '*2*']) {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi, boa tarde');
      const [menu] = await botMessages(ticketId);
      expect(menu.kind).toBe('menu');
      expect(menu.body).toBe('Bem-vindo à Loja!\n\n*1* - Vendas\n*2* - Suporte Técnico');
      expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: true, queueId: null, status: 'pending' });

      await c.says(answer);
      const ticket = await ticketRow(t, ticketId);
      expect(ticket, answer).toMatchObject({ queueId: support.id, isBot: false, status: 'pending' });
      const msgs = await botMessages(ticketId);
      expect(msgs.map((m) => m.body)).toEqual([menu.body, 'Fila Suporte Técnico']);
      expect(await logTypes(ticketId)).toEqual(['create', 'chatBot', 'queue']);
    }
  });

  it('sends the greeting attachment (greetingMediaAttachment) before the menu', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const form = multipart([{ name: 'file', data: PNG_1PX, filename: 'boas-vindas.png', contentType: 'image/png' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/whatsapp/${conn.id}/media-upload`,
      headers: { ...bearer(tenant.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBeLessThan(300);
    const { ticketId } = await customer(conn.id).says('Oi');
    const rows = await query<{ media_type: string; media_url: string | null; kind: string }>(
      t,
      sql`SELECT media_type, media_url, data_json->>'automatic' AS kind FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    expect(rows.map((r) => [r.media_type, r.kind])).toEqual([
      ['image', 'greeting'],
      ['text', 'menu'],
    ]);
    expect(rows[0].media_url).toMatch(/\.png$/);
  });

  it('repeats the menu on invalid answers at most maxUseBotQueues times, then the ticket waits without a queue', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { maxUseBotQueues: 2 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('quero saber do meu pedido'); // not an option: the menu again (2nd time)
    await c.says('9'); // the limit: handed to the attendants
    await c.says('alô??');
    const msgs = await botMessages(ticketId);
    expect(msgs.map((m) => m.kind)).toEqual(['menu', 'menu']);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, queueId: null, status: 'pending', userId: null });
  });

  it('sends a ticket that never chose to sendIdQueue after timeSendQueue minutes (a pg-boss timer)', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { sendIdQueue: sales.id, timeSendQueue: 5 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    const jobs = await query<{ data: { ticketId: number }; start_after: string; created_on: string }>(
      t,
      sql`SELECT data, start_after, created_on FROM pgboss.job WHERE name = 'automation.sendToDefaultQueue' AND (data->>'ticketId')::int = ${ticketId}`,
    );
    expect(jobs).toHaveLength(1);
    const delay = new Date(jobs[0].start_after).getTime() - new Date(jobs[0].created_on).getTime();
    expect(delay).toBeGreaterThanOrEqual(299_000);
    expect(delay).toBeLessThanOrEqual(301_000);

    await auto().sendToDefaultQueue(tenant.companyId, ticketId); // what the job runs when it comes due
    expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: sales.id, isBot: false });
    expect((await logTypes(ticketId)).at(-1)).toBe('redirect');

    // A ticket that chose its queue meanwhile stays where it is.
    const d = customer(conn.id);
    const second = await d.says('Oi');
    await d.says('2');
    await auto().sendToDefaultQueue(tenant.companyId, second.ticketId);
    expect((await ticketRow(t, second.ticketId)).queueId).toBe(support.id);
  });

  it('two messages in a row before the menu arrives get one menu, not two', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const c = customer(conn.id);
    const [a, b] = await Promise.all([c.says('Oi'), c.says('bom dia')]);
    expect(a.ticketId).toBe(b.ticketId);
    await c.says('tudo bem?');
    const msgs = await botMessages(a.ticketId);
    expect(msgs.filter((m) => m.kind === 'menu').length).toBeLessThanOrEqual(2);
    expect(msgs[0].kind).toBe('menu');
    const ticket = await ticketRow(t, a.ticketId);
    expect(ticket.amountUsedBotQueues).toBe(msgs.length);
  });

  it('answers processed at the same time are decided one after the other (row lock): never past the limit', async () => {
    const conn = await connection(tenant, [sales.id, support.id], { maxUseBotQueues: 3 });
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((x) => c.says(`resposta ${x}`)));
    const menus = (await botMessages(ticketId)).filter((m) => m.kind === 'menu');
    expect(menus.length).toBeGreaterThanOrEqual(1);
    expect(menus.length).toBeLessThanOrEqual(3);
    const ticket = await ticketRow(t, ticketId);
    expect(ticket.amountUsedBotQueues).toBe(menus.length);
  });

  it('a contact with disableBot gets nothing automatic', async () => {
    const conn = await connection(tenant, [sales.id, support.id]);
    const c = customer(conn.id);
    const first = await c.says('Oi');
    await t.database.db.update(contacts).set({ disableBot: true }).where(eq(contacts.id, first.contactId));
    const d = customer(conn.id);
    await t.database.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: 'Sem bot', number: d.from, channel: 'whatsapp', disableBot: true });
    const { ticketId } = await d.says('Oi');
    await d.says('1');
    expect(await botMessages(ticketId)).toEqual([]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: null, isBot: false });
  });
});

describe('chatbot options of a queue', () => {
  let tenant: Tenant;
  let attendantId: number;
  let queue: typeof queues.$inferSelect;
  let other: typeof queues.$inferSelect;
  beforeAll(async () => {
    tenant = await createTenant(t);
    queue = await addQueue(tenant, 'Atendimento', { greetingMessage: 'Como podemos ajudar?' });
    other = await addQueue(tenant, 'Cobrança', { greetingMessage: 'Setor de cobrança' });
    attendantId = (await addUser(t, tenant, { queueIds: [queue.id], name: 'Ana' })).id;
    const finance = await addStep(
      tenant,
      { queueId: queue.id },
      { name: 'Financeiro', greetingMessage: 'Financeiro: escolha', order: 1 },
    );
    await addStep(
      tenant,
      { parentId: finance.id },
      { name: 'Segunda via', greetingMessage: 'Enviamos o boleto por e-mail.', order: 1 },
    );
    await addStep(
      tenant,
      { parentId: finance.id },
      { name: 'Falar com a Ana', greetingMessage: 'Chamando a Ana', queueType: 'attendent', optUserId: attendantId, order: 2 },
    );
    await addStep(
      tenant,
      { parentId: finance.id },
      { name: 'Cobrança', greetingMessage: 'Transferindo', queueType: 'queue', optQueueId: other.id, order: 3 },
    );
    await addStep(tenant, { queueId: queue.id }, { name: 'Horários', greetingMessage: 'Abrimos das 8h às 18h.', order: 2 });
    const silent = await addStep(tenant, { queueId: queue.id }, { name: 'Sem mensagem', greetingMessage: '', order: 3 });
    await addStep(tenant, { parentId: silent.id }, { name: 'Escondido', greetingMessage: 'nunca', order: 1 });
    await addStep(tenant, { queueId: queue.id }, { name: 'Encerrar', greetingMessage: 'Até logo!', closeTicket: true, order: 4 });
  });

  it('walks the nested steps: in, back with # and 0, a text step hands over, attendent assigns', async () => {
    const conn = await connection(tenant, [queue.id]);
    const c = customer(conn.id);
    const { ticketId } = await c.says('Olá');
    let msgs = await botMessages(ticketId);
    expect(msgs.at(-1)!.body).toBe(
      'Bem-vindo à Loja!\n\nComo podemos ajudar?\n\n*1* - Financeiro\n*2* - Horários\n*3* - Sem mensagem\n*4* - Encerrar',
    );
    await c.says('financeiro');
    msgs = await botMessages(ticketId);
    expect(msgs.at(-1)!.body).toBe(
      'Financeiro: escolha\n\n*1* - Segunda via\n*2* - Falar com a Ana\n*3* - Cobrança\n*#* - Voltar',
    );
    await c.says('#');
    expect((await botMessages(ticketId)).at(-1)!.body).toContain('*1* - Financeiro');
    await c.says('1');
    await c.says('1'); // a text step is a leaf: its reply, then an attendant (issue 16 item 5: no menu again)
    msgs = await botMessages(ticketId);
    expect(msgs.at(-1)!.body).toBe('Enviamos o boleto por e-mail.');
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, queueId: queue.id, status: 'pending' });

    const d = customer(conn.id);
    const other = await d.says('Olá');
    await d.says('1');
    await d.says('0');
    await d.says('1');
    await d.says('2');
    const ticket = await ticketRow(t, other.ticketId);
    expect(ticket).toMatchObject({ status: 'open', userId: attendantId, isBot: false, queueId: queue.id });
    expect((await botMessages(other.ticketId)).at(-1)!.body).toBe('Chamando a Ana');
    expect(await logTypes(other.ticketId)).toContain('open');
  });

  it('a leaf option sends its text and waits for an attendant — the menu is not sent again (issue 16 item 5)', async () => {
    const shop = await addQueue(tenant, 'Loja', { greetingMessage: 'Como podemos ajudar?' });
    await addStep(
      tenant,
      { queueId: shop.id },
      { name: 'Comprar', greetingMessage: 'Veja nossos produtos em loja.example', order: 1 },
    );
    await addStep(tenant, { queueId: shop.id }, { name: 'Suporte', greetingMessage: 'Descreva o problema', order: 2 });
    const conn = await connection(tenant, [shop.id]);
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    const menu = (await botMessages(ticketId)).at(-1)!;
    expect(menu.body).toBe('Bem-vindo à Loja!\n\nComo podemos ajudar?\n\n*1* - Comprar\n*2* - Suporte');
    await c.says('1');
    const after = (await botMessages(ticketId)).filter((m) => m.id > menu.id);
    expect(after.map((m) => m.body)).toEqual(['Veja nossos produtos em loja.example']);
    expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, queueId: shop.id, status: 'pending' });
    expect((await logTypes(ticketId)).at(-1)).toBe('chatBot');
    // The conversation is the attendant's now: the customer's next message gets nothing automatic.
    await c.says('obrigado');
    expect((await botMessages(ticketId)).filter((m) => m.id > menu.id)).toHaveLength(1);
  });

  it('a step without a message does not advance; a queue step moves the ticket; a closeTicket step closes it', async () => {
    const conn = await connection(tenant, [queue.id]);
    const c = customer(conn.id);
    const { ticketId } = await c.says('Olá');
    await c.says('3'); // 'Sem mensagem' has inner steps but no message: the same menu again
    let msgs = await botMessages(ticketId);
    expect(msgs.at(-1)!.body).toContain('*1* - Financeiro');
    expect(msgs.some((m) => m.body.includes('Escondido'))).toBe(false);
    await c.says('1');
    await c.says('3');
    expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: other.id, isBot: false, status: 'pending' });
    msgs = await botMessages(ticketId);
    expect(msgs.slice(-2).map((m) => m.body)).toEqual(['Transferindo', 'Setor de cobrança']);
    expect(await logTypes(ticketId)).toContain('redirect');

    const d = customer(conn.id);
    const second = await d.says('Olá');
    await d.says('encerrar');
    expect(await ticketRow(t, second.ticketId)).toMatchObject({ status: 'closed', isBot: false });
    expect((await botMessages(second.ticketId)).at(-1)!.body).toBe('Até logo!');
    expect((await logTypes(second.ticketId)).at(-1)).toBe('closed');
  });

  it('integration and file steps (not built yet): their text, then an attendant; the rooms see each bot message', async () => {
    const q = await addQueue(tenant, 'Integrações', { greetingMessage: 'Escolha' });
    await addStep(
      tenant,
      { queueId: q.id },
      { name: 'Robô externo', greetingMessage: 'Um momento', queueType: 'integration', optIntegrationId: 7, order: 1 },
    );
    await addStep(
      tenant,
      { queueId: q.id },
      { name: 'Catálogo', greetingMessage: 'Segue o catálogo', queueType: 'file', optFileId: 3, order: 2 },
    );
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    for (const answer of ['1', '2']) {
      const c = customer(conn.id);
      const mark = t.realtime.events.length;
      const { ticketId } = await c.says('Olá');
      await c.says(answer);
      expect(await ticketRow(t, ticketId)).toMatchObject({ isBot: false, status: 'pending', queueId: q.id, userId: null });
      const msgs = await botMessages(ticketId);
      expect(msgs.at(-1)!.body).toBe(answer === '1' ? 'Um momento' : 'Segue o catálogo');
      const published = t.realtime.events
        .slice(mark)
        .filter((e) => e.event === 'appMessage' && (e.payload as { message: { fromMe: boolean } }).message.fromMe)
        .map((e) => (e.payload as { message: { id: number } }).message.id);
      expect(published).toEqual(msgs.map((m) => m.id));
      const ticketEvents = t.realtime.events.slice(mark).filter((e) => e.event === 'ticket');
      expect(ticketEvents.at(-1)!.payload).toMatchObject({ ticket: { id: ticketId, isBot: false } });
    }
  });

  it('40 random replies to a 3-level flow: never the same menu more than maxUseBotQueues times in a row; ends with an attendant or closed', async () => {
    const max = 3;
    const q = await addQueue(tenant, 'Três níveis', { greetingMessage: 'Nível 1' });
    const a = await addStep(tenant, { queueId: q.id }, { name: 'Alfa', greetingMessage: 'Nível 2 alfa', order: 1 });
    await addStep(tenant, { queueId: q.id }, { name: 'Info', greetingMessage: 'Texto informativo', order: 2 });
    const b = await addStep(tenant, { parentId: a.id }, { name: 'Beta', greetingMessage: 'Nível 3 beta', order: 1 });
    await addStep(tenant, { parentId: a.id }, { name: 'Texto dois', greetingMessage: 'Outro texto', order: 2 });
    await addStep(tenant, { parentId: b.id }, { name: 'Gama', greetingMessage: 'Mais texto', order: 1 });
    await addStep(
      tenant,
      { parentId: b.id },
      { name: 'Pessoa', greetingMessage: 'Chamando', queueType: 'attendent', optUserId: attendantId, order: 2 },
    );
    const conn = await connection(tenant, [q.id, other.id], { maxUseBotQueues: max });
    const replies = ['1', '2', '3', '#', '0', 'oi', 'alfa', 'beta', 'nada', '9', '🔟', 'gama', ''];
    let rnd = 42;
    const random = () => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return rnd / 2 ** 31;
    };
    for (let run = 0; run < 6; run++) {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Olá');
      for (let i = 0; i < 40; i++) await c.says(replies[Math.floor(random() * replies.length)] || '?');
      const menus = (await botMessages(ticketId)).filter((m) => m.kind === 'menu');
      let streak = 1;
      for (let i = 1; i < menus.length; i++) {
        streak = menus[i].body === menus[i - 1].body ? streak + 1 : 1;
        expect(streak, `run ${run}: ${menus[i].body}`).toBeLessThanOrEqual(max);
      }
      const ticket = await ticketRow(t, ticketId);
      const ended = ticket.status === 'closed' || ticket.userId !== null || (ticket.status === 'pending' && !ticket.isBot);
      expect(ended, JSON.stringify({ status: ticket.status, isBot: ticket.isBot, userId: ticket.userId })).toBe(true);
    }
  });
});

describe('business hours and vacation', () => {
  const closedText = 'Estamos fechados. Atendemos das 8h às 18h.';

  it.each(['company', 'connection'] as const)(
    'scheduleType %s: the out-of-hours message once per window, the menu once open',
    async (type) => {
      const tenant = await createTenant(t);
      const qa = await addQueue(tenant, 'A');
      const qb = await addQueue(tenant, 'B');
      await companySetting(t, tenant, 'scheduleType', type);
      if (type === 'company')
        await t.database.db.update(companies).set({ schedules: HOURS }).where(eq(companies.id, tenant.companyId));
      const conn = await connection(tenant, [qa.id, qb.id], {
        outOfHoursMessage: closedText,
        schedules: type === 'connection' ? HOURS : [],
      });
      now = OUT_OF_HOURS;
      try {
        const c = customer(conn.id);
        const { ticketId } = await c.says('Oi');
        await c.says('Alguém aí?');
        await c.says('1');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours']);
        now = IN_HOURS;
        await c.says('Bom dia');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours', 'menu']);
        now = new Date('2026-11-23T22:30:00Z'); // 19:30 in São Paulo: a new window
        await c.says('ainda aí?');
        expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['outOfHours', 'menu', 'outOfHours']);
      } finally {
        now = IN_HOURS;
      }
    },
  );

  it('scheduleType queue: the chosen queue out of its hours answers its own message once; the ticket waits there', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'scheduleType', 'queue');
    const qa = await addQueue(tenant, 'Loja', { schedules: HOURS, outOfHoursMessage: 'A loja abre às 8h.' });
    const qb = await addQueue(tenant, 'Plantão', { schedules: [] });
    const conn = await connection(tenant, [qa.id, qb.id]);
    now = OUT_OF_HOURS;
    try {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi');
      await c.says('1');
      await c.says('oi?');
      await c.says('??');
      expect((await botMessages(ticketId)).map((m) => m.body)).toEqual([
        'Bem-vindo à Loja!\n\n*1* - Loja\n*2* - Plantão',
        'A loja abre às 8h.',
      ]);
      expect(await ticketRow(t, ticketId)).toMatchObject({ queueId: qa.id, isBot: false, status: 'pending' });

      const d = customer(conn.id);
      const other = await d.says('Oi');
      await d.says('plantão');
      expect((await botMessages(other.ticketId)).at(-1)!.body).toBe('Fila Plantão');
    } finally {
      now = IN_HOURS;
    }
  });

  it('collective vacation: its message between the dates (once), the normal menu after', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    const conn = await connection(tenant, [qa.id, qb.id], {
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '2027-01-05',
      collectiveVacationMessage: 'Férias coletivas até 05/01.',
    });
    now = new Date('2027-01-05T20:00:00Z'); // the last day, in São Paulo
    try {
      const c = customer(conn.id);
      const { ticketId } = await c.says('Oi');
      await c.says('1');
      expect((await botMessages(ticketId)).map((m) => m.body)).toEqual(['Férias coletivas até 05/01.']);
      now = new Date('2027-01-06T12:00:00Z');
      await c.says('Voltaram?');
      expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['vacation', 'menu']);
    } finally {
      now = IN_HOURS;
    }
  });
});

describe('waiting: position, rotation, wallets', () => {
  it('sendQueuePosition tells the waiting customer their place', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'sendQueuePositionMessage', 'Sua posição na fila: {{position}}');
    await companySetting(t, tenant, 'sendQueuePosition', 'enabled');
    const q = await addQueue(tenant, 'Única', { greetingMessage: '' });
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const first = await customer(conn.id).says('Oi');
    const second = await customer(conn.id).says('Oi');
    expect((await botMessages(first.ticketId)).map((m) => m.body)).toEqual(['Sua posição na fila: 1']);
    expect((await botMessages(second.ticketId)).map((m) => m.body)).toEqual(['Sua posição na fila: 2']);
  });

  it('rotation: 30 waiting tickets go round-robin to the 3 online users of the queue, balanced by open tickets', async () => {
    const tenant = await createTenant(t);
    const q = await addQueue(tenant, 'Rodízio', { ativarRoteador: true, tempoRoteador: 2, greetingMessage: '' });
    const online = await Promise.all([1, 2, 3].map((i) => addUser(t, tenant, { queueIds: [q.id], name: `On ${i}` })));
    const offline = await addUser(t, tenant, { queueIds: [q.id], name: 'Off' });
    for (const u of online) await t.database.db.update(users).set({ online: true }).where(eq(users.id, u.id));
    const conn = await connection(tenant, [q.id], { greetingMessage: '' });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await customer(conn.id).says('Oi')).ticketId);

    expect(await auto().rotate(new Date())).toBe(0); // nobody has waited tempoRoteador minutes yet
    expect(await auto().rotate(new Date(Date.now() + 3 * 60_000))).toBe(30);
    const rows = await query<{ user_id: number; n: number }>(
      t,
      sql`SELECT user_id, count(*)::int AS n FROM tickets WHERE company_id = ${tenant.companyId} AND status = 'open' GROUP BY user_id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, Number(r.n)]))).toEqual(
      Object.fromEntries(online.map((u) => [u.id, 10])),
    );
    expect(rows.some((r) => r.user_id === offline.id)).toBe(false);
    expect((await logTypes(ids[0])).at(-1)).toBe('open');

    // Balanced by open tickets: a user who already holds more gets the next ones last.
    await setUserQueues(t, tenant, offline.id, []);
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await customer(conn.id).says('Oi')).ticketId);
    const [busiest, lightest] = [online[0].id, online[1].id];
    // 12 / 8 / 10 open tickets: the next four go 2+ to the lightest, none to the busiest.
    await t.database.db.execute(sql`
      UPDATE tickets SET user_id = ${busiest} WHERE id IN (
        SELECT id FROM tickets WHERE company_id = ${tenant.companyId} AND user_id = ${lightest} ORDER BY id LIMIT 2)`);
    await auto().rotate(new Date(Date.now() + 3 * 60_000));
    const owners = await Promise.all(more.map(async (id) => (await ticketRow(t, id)).userId));
    expect(owners.filter((o) => o === busiest)).toHaveLength(0);
    expect(owners.filter((o) => o === lightest).length).toBeGreaterThanOrEqual(2);
    const counts = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM tickets WHERE company_id = ${tenant.companyId} AND status = 'open' AND user_id <> ${busiest} GROUP BY user_id`,
    );
    expect(counts.map((r) => Number(r.n))).toEqual([11, 11]);
  });

  it('DirectTicketsToWallets: the returning contact goes to their last attendant', async () => {
    const tenant = await createTenant(t);
    await companySetting(t, tenant, 'DirectTicketsToWallets', 'enabled');
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    const ana = await addUser(t, tenant, { queueIds: [qa.id, qb.id] });
    const conn = await connection(tenant, [qa.id, qb.id]);
    const c = customer(conn.id);
    const first = await c.says('Oi');
    await c.says('2');
    let res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${first.ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'open' },
    });
    expect(res.statusCode).toBe(200);
    res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${first.ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'closed', sendFarewellMessage: false },
    });
    expect(res.json().status).toBe('closed');

    const again = await c.says('Oi de novo');
    expect(again.ticketId).not.toBe(first.ticketId);
    expect(await ticketRow(t, again.ticketId)).toMatchObject({ status: 'open', userId: ana.id, queueId: qb.id, isBot: false });
    expect(await botMessages(again.ticketId)).toEqual([]);
  });
});

describe('rating (NPS)', () => {
  let tenant: Tenant;
  let q: typeof queues.$inferSelect;
  let conn: Awaited<ReturnType<typeof connection>>;
  let ana: Awaited<ReturnType<typeof addUser>>;
  beforeAll(async () => {
    tenant = await createTenant(t);
    q = await addQueue(tenant, 'Suporte', { greetingMessage: '' });
    ana = await addUser(t, tenant, { queueIds: [q.id] });
    conn = await connection(tenant, [q.id], {
      greetingMessage: '',
      ratingMessage: 'De 0 a 10, quanto você nos recomendaria?',
      complationMessage: 'Obrigado, {{name}}!',
      expiresTicketNPS: 10,
      maxUseBotQueuesNPS: 3,
    });
    await companySetting(t, tenant, 'userRating', 'enabled');
    now = new Date(); // the rating window is measured against stored message times
  });
  afterAll(() => {
    now = IN_HOURS;
  });

  async function attendedAndClosed() {
    const c = customer(conn.id);
    const { ticketId } = await c.says('Preciso de ajuda');
    await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(ana.token), payload: { status: 'open' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'closed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('nps');
    expect((await botMessages(ticketId)).at(-1)).toMatchObject({
      kind: 'rating',
      body: 'De 0 a 10, quanto você nos recomendaria?',
    });
    return { c, ticketId };
  }

  const ratings = (ticketId: number) =>
    query<{ rate: number; user_id: number; queue_id: number }>(
      t,
      sql`SELECT rate, user_id, queue_id FROM user_ratings WHERE ticket_id = ${ticketId}`,
    );

  it('a valid answer is stored with user and queue, thanked with complationMessage, and closes the ticket', async () => {
    const { c, ticketId } = await attendedAndClosed();
    await c.says('nota 9');
    expect(await ratings(ticketId)).toEqual([{ rate: 9, user_id: ana.id, queue_id: q.id }]);
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect((await botMessages(ticketId)).at(-1)).toMatchObject({ kind: 'completion', body: 'Obrigado, Cliente!' });
  });

  it('invalid answers ask again up to maxUseBotQueuesNPS, then close without a rating', async () => {
    const { c, ticketId } = await attendedAndClosed();
    await c.says('ótimo atendimento');
    await c.says('11');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'nps', amountUsedBotQueuesNPS: 2 });
    await c.says('dez');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect(await ratings(ticketId)).toEqual([]);
    expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['rating', 'rating', 'rating', 'completion']);
  });

  it('after expiresTicketNPS minutes the answer no longer counts; the tickets sweep closes silent ones', async () => {
    const late = await attendedAndClosed();
    auto().useClock(() => new Date(Date.now() + 11 * 60_000));
    try {
      await late.c.says('10');
    } finally {
      auto().useClock(() => now);
    }
    expect(await ticketRow(t, late.ticketId)).toMatchObject({ status: 'closed' });
    expect(await ratings(late.ticketId)).toEqual([]);

    const silent = await attendedAndClosed();
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = now() - interval '11 minutes' WHERE ticket_id = ${silent.ticketId}`,
    );
    await t.deps.jobs.runNow(sweepIdleTicketsJob, {});
    expect(await ticketRow(t, silent.ticketId)).toMatchObject({ status: 'closed' });
  });

  it('without ratingMessage, or with userRating off, closing closes', async () => {
    const other = await createTenant(t);
    const oq = await addQueue(other, 'X', { greetingMessage: '' });
    const u = await addUser(t, other, { queueIds: [oq.id] });
    const oc = await connection(other, [oq.id], { greetingMessage: '' });
    const { ticketId } = await customer(oc.id).says('Oi');
    await t.app.inject({ method: 'PUT', url: `/tickets/${ticketId}`, headers: bearer(u.token), payload: { status: 'open' } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(u.token),
      payload: { status: 'closed' },
    });
    expect(res.json().status).toBe('closed');
  });
});

describe('LGPD consent', () => {
  let tenant: Tenant;
  let conn: Awaited<ReturnType<typeof connection>>;
  beforeAll(async () => {
    tenant = await createTenant(t);
    await companySetting(t, tenant, 'lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
    await companySetting(t, tenant, 'lgpdLink', 'https://loja.example/privacidade');
    await companySetting(t, tenant, 'enableLGPD', 'enabled');
    const qa = await addQueue(tenant, 'A');
    const qb = await addQueue(tenant, 'B');
    conn = await connection(tenant, [qa.id, qb.id]);
  });

  it('a new contact is asked first; accepting records lgpdAcceptedAt and the menu follows', async () => {
    const c = customer(conn.id);
    const { ticketId, contactId } = await c.says('Oi');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'lgpd' });
    expect((await botMessages(ticketId))[0].body).toBe(
      'Tratamos seus dados conforme a LGPD.\n\nhttps://loja.example/privacidade\n\n*1* - Aceito\n*2* - Não aceito',
    );
    await c.says('talvez');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'lgpd' });
    await c.says('1');
    const ticket = await ticketRow(t, ticketId);
    expect(ticket).toMatchObject({ status: 'pending', isBot: true });
    expect(ticket.lgpdAcceptedAt).not.toBeNull();
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact.lgpdAcceptedAt).not.toBeNull();
    expect((await botMessages(ticketId)).map((m) => m.kind)).toEqual(['lgpd', 'lgpd', 'menu']);

    // Accepted once: the next conversation goes straight to the menu.
    await t.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    const next = await c.says('Oi de novo');
    expect((await botMessages(next.ticketId)).map((m) => m.kind)).toEqual(['menu']);
  });

  it('refusing closes the ticket', async () => {
    const c = customer(conn.id);
    const { ticketId } = await c.says('Oi');
    await c.says('Não');
    expect(await ticketRow(t, ticketId)).toMatchObject({ status: 'closed' });
    expect((await logTypes(ticketId)).at(-1)).toBe('closed');
  });
});

describe('audio from a contact who may not send audio', () => {
  it('answers the configured refusal through the Cloud API webhook, as the channel delivers it', async () => {
    const tenant = await createTenant(t);
    const conn = await connection(tenant, []);
    await companySetting(t, tenant, 'acceptAudioMessageContact', 'disabled');
    const from = newNumber();
    const res = await deliver(t, conn, [inbound.audio({ from, mediaId: 'media-1', voice: true })], [{ waId: from, name: 'Rui' }]);
    expect(res.statusCode).toBe(200);
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, tenant.companyId)));
    expect((await botMessages(ticket.id)).map((m) => m.body)).toEqual([AUDIO_REFUSED_TEXT]);

    // The contact's own flag: allowed again when the company accepts and the contact may.
    await companySetting(t, tenant, 'acceptAudioMessageContact', 'enabled');
    await deliver(t, conn, [inbound.audio({ from, mediaId: 'media-2' })]);
    expect(await botMessages(ticket.id)).toHaveLength(1);
  });
});
