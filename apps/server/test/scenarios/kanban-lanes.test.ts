/**
 * Scenario (issue 31 item 14): a kanban lane moving a ticket (docs/automation.md "Kanban lanes"). The attendant puts
 * the ticket in a lane with a greeting and a time limit; without an answer in time the sweep moves it to the next
 * lane, which greets again; the customer's answer there rolls it back. What the customer read, and where the board
 * shows the ticket at each step.
 */
import { describe, expect, it } from 'vitest';
import { laneAutomationJob } from '../../src/modules/kanban/kanban.jobs';
import { useDay } from './day';

const day = useDay();
const HOUR = 3_600_000;

describe('a kanban lane moving a ticket', () => {
  it('greeted on entering, moved after its hours without an answer, rolled back by the answer', async () => {
    const d = day();
    const vendas = await d.queue('Vendas Kanban', { greetingMessage: 'Você está em Vendas.' });
    const conn = await d.connection({ queueIds: [vendas], greetingMessage: 'Olá! Já vamos te atender.' });
    const ana = await d.attendant([vendas], 'Ana');
    const waiting = await d.api<{ id: number }>('POST', '/tags', {
      name: 'Aguardando cliente',
      kanban: 1,
      position: 2,
      greetingMessageLane: 'Ainda tem interesse, {{firstName}}?',
    });
    const proposal = await d.api<{ id: number }>('POST', '/tags', {
      name: 'Proposta enviada',
      kanban: 1,
      position: 1,
      timeLane: 2,
      nextLaneId: waiting.id,
      greetingMessageLane: 'Olá {{firstName}}, sua proposta da fila {{queue}} está em análise.',
    });
    await d.api('PUT', `/tags/${waiting.id}`, { name: 'Aguardando cliente', kanban: 1, rollbackLaneId: proposal.id });

    const rita = d.customer(conn, 'Rita Alves');
    // stamped a minute back: day.ts stamps a message with the next whole second by default, and a customer message
    // stamped after the card enters the lane counts as an answer there (PostgreSQL ran fast enough to see it)
    await rita.says('Quero um orçamento', { at: new Date(Date.now() - 60_000) });
    const ticket = await rita.ticket();
    await d.api('PUT', `/tickets/${ticket.id}`, { status: 'open', queueId: vendas }, ana.token);
    await d.api('POST', `/messages/${ticket.id}`, { body: 'Oi Rita, vou preparar sua proposta.' }, ana.token);
    await d.flush();

    /** The ticket's lane as the board shows it. */
    const lane = async () => {
      const board = await d.api<{ tickets: { id: number; tags: { id: number; kanban: number }[] }[] }>(
        'GET',
        '/ticket/kanban',
        undefined,
        ana.token,
      );
      const card = board.tickets.find((c) => c.id === ticket.id);
      return card?.tags.filter((g) => g.kanban === 1).map((g) => g.id);
    };
    const sweepAt = async (ms: number) => {
      await d.t.deps.jobs.runNow(laneAutomationJob, { at: new Date(Date.now() + ms).toISOString() });
      await d.flush();
    };

    // the board's drag: the card enters the lane
    await d.api('PUT', `/ticket-tags/${ticket.id}/${proposal.id}`, undefined, ana.token);
    await d.flush();
    expect(await lane()).toEqual([proposal.id]);
    await sweepAt(1 * HOUR);
    expect(await lane()).toEqual([proposal.id]);
    await sweepAt(2 * HOUR + 60_000);
    expect(await lane()).toEqual([waiting.id]);

    // the answer comes after the move (the sweep's clock ran 2 h ahead)
    await rita.says('Tenho sim! Pode mandar', { at: new Date(Date.now() + 2 * HOUR + 120_000) });
    await sweepAt(2 * HOUR + 180_000);
    expect(await lane()).toEqual([proposal.id]);
    expect(await rita.ticket()).toMatchObject({ id: ticket.id, status: 'open', userId: ana.id, queueId: vendas });

    expect(rita.texts()).toEqual([
      'Olá! Já vamos te atender.',
      'Oi Rita, vou preparar sua proposta.',
      'Olá Rita, sua proposta da fila Vendas Kanban está em análise.',
      'Ainda tem interesse, Rita?',
      'Olá Rita, sua proposta da fila Vendas Kanban está em análise.',
    ]);
  });
});
