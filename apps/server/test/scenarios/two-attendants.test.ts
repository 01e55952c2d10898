/**
 * Scenario (issue 31 items 8 and 14): two attendants accept the same waiting ticket at once. One gets it; the other is
 * told who has it — on accepting, and again if they still try to write in it ("ticket already open" naming the owner,
 * ERR_OTHER_OPEN_TICKET, never "Nenhum ticket encontrado"). The customer hears one attendant.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../harness';
import { useDay } from './day';

const day = useDay();

describe('two attendants racing', () => {
  it('one takes the ticket; the other is told who has it, also when sending', async () => {
    const d = day();
    const q = await d.queue('Balcão');
    const conn = await d.connection({ queueIds: [q], greetingMessage: 'Olá! Já vamos te atender.' });
    const rui = await d.attendant([q], 'Rui');
    const sara = await d.attendant([q], 'Sara');
    const tom = d.customer(conn, 'Tom');
    await tom.says('Preciso de ajuda');
    const ticket = await tom.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: q, userId: null });

    const accept = (token: string) =>
      d.t.app.inject({
        method: 'PUT',
        url: `/tickets/${ticket.id}`,
        headers: bearer(token),
        payload: { status: 'open', queueId: q },
      });
    const [a, b] = await Promise.all([accept(rui.token), accept(sara.token)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const [winner, loser, lost] = a.statusCode === 200 ? [rui, sara, b] : [sara, rui, a];
    const winnerName = winner === rui ? 'Rui' : 'Sara';
    expect(lost.json()).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { userId: winner.id, userName: winnerName, queueName: 'Balcão', ticketId: ticket.id },
    });

    const send = (token: string, body: string) =>
      d.t.app.inject({ method: 'POST', url: `/messages/${ticket.id}`, headers: bearer(token), payload: { body } });
    const late = await send(loser.token, 'Oi, sou eu que vou te atender');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', details: { userName: winnerName } });
    expect((await send(winner.token, `Oi Tom, aqui é ${winnerName}.`)).statusCode).toBeLessThan(300);
    await d.flush();
    expect(tom.texts()).toEqual(['Olá! Já vamos te atender.', `Oi Tom, aqui é ${winnerName}.`]);
  });
});
