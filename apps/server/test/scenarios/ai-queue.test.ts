/**
 * Scenario (issue 31 item 14): an AI queue. The queue's prompt answers through the OpenAI stand-in; the customer who
 * asks for a person (docs/automation.md "AI prompts": the product's person words, or the model's #TRANSFER) leaves the
 * bot and waits in the queue, where an attendant sees the ticket, takes it and answers.
 */
import { AI_TRANSFER_TOKEN } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { promptReplyJob } from '../../src/modules/prompts/prompts.jobs';
import type { TestUser } from '../attendance';
import type { CloudConnection } from '../messaging';
import { type Day, useDay } from './day';

const day = useDay();

/** A one-queue connection whose queue is answered by an AI prompt, and one attendant in that queue. */
async function aiQueue(d: Day, name: string): Promise<{ conn: CloudConnection; queueId: number; attendant: TestUser }> {
  const queueId = await d.queue(name, { greetingMessage: 'Aqui é a assistente virtual da Ótica.' });
  const prompt = await d.api<{ id: number }>('POST', '/prompt', {
    name: `Assistente ${name}`,
    prompt: 'Você é a assistente da Ótica Visão. Responda em português, de forma breve.',
    queueId,
    apiKey: 'sk-otica-123456',
    maxMessages: 5,
  });
  // the queue dialog's 'Prompt de IA' (issue 31 item 7): the queue is answered by this prompt
  await d.api('PUT', `/queue/${queueId}`, { promptId: prompt.id });
  const conn = await d.connection({ queueIds: [queueId], greetingMessage: '' });
  const attendant = await d.attendant([queueId], `Atendente ${name}`);
  return { conn, queueId, attendant };
}

/** The model's turn, as the prompts worker runs it after the customer wrote. */
async function modelTurn(d: Day, ticketId: number) {
  await d.t.deps.jobs.runNow(promptReplyJob, { companyId: d.tenant.companyId, ticketId });
  await d.flush();
}

async function attendantSeesAndAnswers(d: Day, attendant: TestUser, queueId: number, ticketId: number, text: string) {
  const list = await d.api<{ tickets: { id: number }[] }>('GET', '/tickets?status=pending', undefined, attendant.token);
  expect(list.tickets.map((t) => t.id)).toContain(ticketId);
  await d.api('PUT', `/tickets/${ticketId}`, { status: 'open', queueId }, attendant.token);
  await d.api('POST', `/messages/${ticketId}`, { body: text }, attendant.token);
  await d.flush();
}

describe('an AI queue', () => {
  it('the model answers; the customer asks for a person and reaches the attendants', async () => {
    const d = day();
    await d.setting('sendQueuePositionMessage', 'Um atendente já vai falar com você. Sua posição: {{position}}');
    await d.setting('sendQueuePosition', 'enabled');
    const { conn, queueId, attendant } = await aiQueue(d, 'Ótica IA');
    const lia = d.customer(conn, 'Lia');

    d.standin.chat.answers.push('Abrimos das 9h às 18h, de segunda a sábado.');
    await lia.says('Que horas vocês abrem?');
    const ticket = await lia.ticket();
    expect(ticket).toMatchObject({ isBot: true, queueId, userId: null });
    await modelTurn(d, ticket.id);
    const asked = d.standin.chat.last()!;
    expect(JSON.stringify(asked)).toContain('Ótica Visão');
    expect(JSON.stringify(asked)).toContain('Que horas vocês abrem?');
    const requests = d.standin.chat.requests.length;

    await lia.says('Quero falar com um atendente, por favor');
    await modelTurn(d, ticket.id);
    expect(d.standin.chat.requests.length).toBe(requests); // a person asked for: the model is not asked
    expect(await lia.ticket()).toMatchObject({ id: ticket.id, status: 'pending', isBot: false, queueId, userId: null });

    await attendantSeesAndAnswers(d, attendant, queueId, ticket.id, 'Oi Lia, aqui é da Ótica. Como posso ajudar?');
    expect(lia.texts()).toEqual([
      'Aqui é a assistente virtual da Ótica.',
      'Abrimos das 9h às 18h, de segunda a sábado.',
      'Um atendente já vai falar com você. Sua posição: 1',
      'Oi Lia, aqui é da Ótica. Como posso ajudar?',
    ]);
  });

  it(`the model hands over with ${AI_TRANSFER_TOKEN}: its words first, then the queue`, async () => {
    const d = day();
    const { conn, queueId, attendant } = await aiQueue(d, 'Ótica IA 2');
    const rafa = d.customer(conn, 'Rafa');
    d.standin.chat.answers.push(`Vou te passar para a nossa equipe. ${AI_TRANSFER_TOKEN}`);
    await rafa.says('Minha lente veio com defeito, quero trocar');
    const ticket = await rafa.ticket();
    await modelTurn(d, ticket.id);
    expect(await rafa.ticket()).toMatchObject({ status: 'pending', isBot: false, queueId, userId: null });
    await attendantSeesAndAnswers(d, attendant, queueId, ticket.id, 'Oi Rafa, vamos trocar sua lente.');
    expect(rafa.texts()).toEqual([
      'Aqui é a assistente virtual da Ótica.',
      'Vou te passar para a nossa equipe.',
      'Um atendente já vai falar com você. Sua posição: 1',
      'Oi Rafa, vamos trocar sua lente.',
    ]);
  });
});
