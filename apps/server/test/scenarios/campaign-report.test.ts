/**
 * Scenario (issue 31 item 3): the campaign report keeps counting after the last send. The campaign is FINALIZADA as
 * soon as every message was taken by the channel; the delivery reports and the replies that come afterwards are
 * counted as they arrive (reactions to message.status and message.received), not by a sweep that stopped.
 */
import { describe, expect, it } from 'vitest';
import { useDay } from './day';

const day = useDay();

describe('a campaign report after FINALIZADA', () => {
  it('counts late acks and replies', async () => {
    const d = day();
    const vendas = await d.queue('Vendas');
    const conn = await d.connection({ queueIds: [vendas], greetingMessage: 'Bem-vindo!' });
    const [ivo, jade, kim] = [d.customer(conn, 'Ivo'), d.customer(conn, 'Jade'), d.customer(conn, 'Kim')];

    const id = await d.campaign(conn, [ivo, jade, kim], { message1: 'Oi {nome}, temos novidades!' });
    const finished = await d.report(id);
    expect(finished.status).toBe('FINALIZADA');
    expect(finished.totals).toMatchObject({ recipients: 3, sent: 3, delivered: 0, read: 0, replied: 0 });

    const [toIvo] = ivo.received();
    const [toJade] = jade.received();
    await d.status(conn, toIvo, 'delivered', ivo.number);
    await d.status(conn, toIvo, 'read', ivo.number);
    await d.status(conn, toJade, 'delivered', jade.number);
    await jade.says('Quais novidades?');
    await kim.says('Oi!');
    await kim.says('Tem desconto?');

    const after = await d.report(id);
    expect(after.status).toBe('FINALIZADA');
    expect(after.totals).toMatchObject({ recipients: 3, sent: 3, delivered: 2, read: 1, replied: 2 });
  });
});
