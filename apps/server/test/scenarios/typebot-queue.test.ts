/**
 * Scenario (issue 31 item 14): a Typebot queue, through the Typebot stand-in (tools/graph-standin typebot-server: its
 * public chat API and its media storage). The bot's bubbles reach the customer in order — an image bubble as an image —
 * the session continues with the customer's answer, and the finish keyword hands the ticket to the queue's attendants.
 */
import { startTypebotStandin, type TypebotStandin, typebotMedia, typebotText, typebotTextInput } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationTurnJob } from '../../src/modules/queue-integrations/integrations.public';
import type { JobPayload } from '../../src/platform/jobs';
import { query } from '../messaging';
import { type Day, useDay } from './day';

let typebot: TypebotStandin;
beforeAll(async () => {
  typebot = await startTypebotStandin();
});
afterAll(async () => typebot?.close());
const day = useDay({ allowHosts: () => [new URL(typebot.url).host] });

/** The integration turns the worker would run now (pg-boss keeps them), then what they set off. */
async function runIntegrationTurns(d: Day) {
  for (let round = 0; round < 10; round++) {
    const due = await query<{ id: string; data: JobPayload<typeof integrationTurnJob> }>(
      d.t,
      sql`SELECT id::text, data FROM pgboss.job WHERE name = ${integrationTurnJob.name} AND state = 'created'
             AND data->>'companyId' = ${String(d.tenant.companyId)} ORDER BY created_on, id`,
    );
    if (!due.length) return;
    for (const job of due) {
      await d.t.database.db.execute(sql`DELETE FROM pgboss.job WHERE id::text = ${job.id}`);
      await d.t.deps.jobs.runNow(integrationTurnJob, job.data);
    }
    await d.flush();
  }
  throw new Error('integration turns still coming after 10 rounds');
}

describe('a Typebot queue', () => {
  it("the bot's bubbles in order, the session continued, then the attendants on the finish keyword", async () => {
    const d = day();
    typebot.setFlow(({ turn, message }) =>
      turn === 0
        ? {
            messages: [
              typebotText('Olá! Sou o bot da Pizzaria.'),
              typebotMedia('image', typebot.fileUrl('cardapio.png')),
              typebotText('Qual sabor você quer?'),
            ],
            input: typebotTextInput(),
          }
        : { messages: [typebotText(`Anotado: ${message}. Para falar com a equipe, digite #sair`)], input: typebotTextInput() },
    );
    const bot = await d.api<{ id: number }>('POST', '/queueIntegration', {
      type: 'typebot',
      name: 'Pizzaria bot',
      urlN8N: typebot.url,
      typebotSlug: 'pizzaria',
      typebotKeywordFinish: '#sair',
      typebotDelayMessage: 0,
    });
    const pedidos = await d.queue('Pedidos', { greetingMessage: '', integrationId: bot.id });
    const conn = await d.connection({ queueIds: [pedidos], greetingMessage: '' });
    const ana = await d.attendant([pedidos], 'Ana');
    const gil = d.customer(conn, 'Gil');

    await gil.says('Oi');
    await runIntegrationTurns(d);
    const ticket = await gil.ticket();
    expect(ticket).toMatchObject({ status: 'pending', isBot: true, queueId: pedidos });
    await gil.says('calabresa');
    await runIntegrationTurns(d);
    expect(typebot.calls.map((c) => c.kind)).toEqual(['startChat', 'continueChat']);
    expect(typebot.calls[1].body).toEqual({ message: 'calabresa' });

    await gil.says('#sair');
    await runIntegrationTurns(d);
    expect(typebot.calls).toHaveLength(2);
    expect(await gil.ticket()).toMatchObject({ id: ticket.id, status: 'pending', isBot: false, queueId: pedidos, userId: null });
    const list = await d.api<{ tickets: { id: number }[] }>('GET', '/tickets?status=pending', undefined, ana.token);
    expect(list.tickets.map((t) => t.id)).toContain(ticket.id);
    await d.api('PUT', `/tickets/${ticket.id}`, { status: 'open', queueId: pedidos }, ana.token);
    await d.api('POST', `/messages/${ticket.id}`, { body: 'Oi Gil, sua calabresa já vai para o forno.' }, ana.token);
    await d.flush();

    expect(gil.received().map((m) => [m.type, m.text])).toEqual([
      ['text', 'Olá! Sou o bot da Pizzaria.'],
      ['image', '[image]'],
      ['text', 'Qual sabor você quer?'],
      ['text', 'Anotado: calabresa. Para falar com a equipe, digite #sair'],
      ['text', 'Oi Gil, sua calabresa já vai para o forno.'],
    ]);
  });
});
