/** The automation (see automation.test.ts): a queue's chatbot options, nested steps and their types. */

import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, ticketRow } from '../../../test/attendance';
import { createTenant, onPostgres, type Tenant } from '../../../test/harness';
import type { queues } from '../../db/schema';

import { addQueue, addStep, botMessages, connection, customer, logTypes, t, useAutomationApp } from './automation.testing';

useAutomationApp();

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

  // The rule is the same on both engines: one walk proves it on PGlite; the six walks (246 inbound messages through
  // the whole pipeline) run once, on PostgreSQL (issue 38 item 6).
  const walks = onPostgres ? 6 : 1;
  it(`40 random replies to a 3-level flow, ${walks} walk(s): never the same menu more than maxUseBotQueues times in a row; ends with an attendant or closed`, async () => {
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
    for (let run = 0; run < walks; run++) {
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
    // 40 replies through the whole pipeline, several runs: minutes of CPU on a busy 2-core machine, not 30 s
  }, 120_000);
});
