/**
 * Scenario (issue 31 item 11): "send the greeting when there is only one queue" and a queue that hands the
 * conversation to a bot (an AI prompt). The customer reads the greeting first, then the bot.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promptReplyJob } from '../../src/modules/prompts/prompts.jobs';
import { useDay } from './day';

const day = useDay();

describe('the greeting before a bot', () => {
  it('a single-queue connection whose queue has an AI prompt: greeting, then the model', async () => {
    const d = day();
    await d.setting('sendGreetingMessageOneQueues', 'enabled');
    const q = await d.queue('Vendas IA', { greetingMessage: 'Você está falando com a equipe de Vendas.' });
    const prompt = await d.api<{ id: number }>('POST', '/prompt', {
      name: 'Vendedor IA',
      prompt: 'Você é o assistente de vendas da Loja. Responda em português, de forma breve.',
      queueId: q,
      apiKey: 'sk-loja-123456',
      maxMessages: 3,
    });
    await d.t.database.db.execute(sql`UPDATE queues SET prompt_id = ${prompt.id} WHERE id = ${q}`);
    const conn = await d.connection({ queueIds: [q], greetingMessage: 'Bem-vindo à Loja!' });
    d.standin.chat.answers.push('Olá! Temos camisetas a partir de R$ 49. Qual tamanho?');
    const nina = d.customer(conn, 'Nina');
    await nina.says('Oi, quero uma camiseta');
    await d.t.deps.jobs.runNow(promptReplyJob, { companyId: d.tenant.companyId, ticketId: (await nina.ticket()).id });
    await d.flush();
    expect(nina.texts()).toEqual([
      'Bem-vindo à Loja!\n\nVocê está falando com a equipe de Vendas.',
      'Olá! Temos camisetas a partir de R$ 49. Qual tamanho?',
    ]);
  });

  it("without a connection greeting the queue's greeting still comes first; with the setting off, only the model", async () => {
    const d = day();
    for (const [setting, expected] of [
      ['enabled', ['Aqui é a Vendas IA 2.', 'Oi! Como posso ajudar?']],
      ['disabled', ['Oi! Como posso ajudar?']],
    ] as const) {
      await d.setting('sendGreetingMessageOneQueues', setting);
      const q = await d.queue(`Vendas IA 2 ${setting}`, { greetingMessage: 'Aqui é a Vendas IA 2.' });
      const prompt = await d.api<{ id: number }>('POST', '/prompt', {
        name: `Vendedor ${setting}`,
        prompt: 'Você é o assistente de vendas da Loja. Responda em português, de forma breve.',
        queueId: q,
        apiKey: 'sk-loja-123456',
        maxMessages: 3,
      });
      await d.t.database.db.execute(sql`UPDATE queues SET prompt_id = ${prompt.id} WHERE id = ${q}`);
      const conn = await d.connection({ queueIds: [q], greetingMessage: '' });
      d.standin.chat.answers.push('Oi! Como posso ajudar?');
      const otto = d.customer(conn, 'Otto');
      await otto.says('Olá');
      await d.t.deps.jobs.runNow(promptReplyJob, { companyId: d.tenant.companyId, ticketId: (await otto.ticket()).id });
      await d.flush();
      expect(otto.texts()).toEqual(expected);
    }
  });
});
