/**
 * Scenario (issue 31 item 1): a campaign in a company that rates its attendances. The campaign's own ticket never asks
 * for a rating, and a reply to the campaign reaches the queue (or the ticket status the campaign set) like any
 * customer message — no lead is swallowed by a rating question.
 */
import { describe, expect, it } from 'vitest';
import { useDay } from './day';

const day = useDay();

const RATING = 'Como você avalia nosso atendimento? Responda de 0 a 10';
/** The connection's completion message: the thanks after a rating, and the farewell when an attendant closes. */
const THANKS = 'Obrigado pelo contato!';

describe('a campaign with ratings on', () => {
  it('closes its tickets without asking for a rating; the replies go to the queue', async () => {
    const d = day();
    await d.setting('userRating', 'enabled');
    const vendas = await d.queue('Vendas');
    const conn = await d.connection({
      queueIds: [vendas],
      greetingMessage: 'Bem-vindo à Loja!',
      ratingMessage: RATING,
      expiresTicketNPS: 30,
      complationMessage: THANKS,
    });
    const ana = d.customer(conn, 'Ana');
    const bruno = d.customer(conn, 'Bruno');
    const carla = d.customer(conn, 'Carla');

    const id = await d.campaign(conn, [ana, bruno, carla], { message1: 'Oi {nome}, a Black Friday começou!' });
    for (const c of [ana, bruno, carla]) {
      expect(c.texts()).toEqual([`Oi ${c.name}, a Black Friday começou!`]);
      expect((await c.ticket()).status).toBe('closed');
    }
    expect((await d.report(id)).status).toBe('FINALIZADA');

    await ana.says('Quero saber mais sobre a oferta');
    await bruno.says('Alô? Quero comprar');
    for (const c of [ana, bruno]) {
      const texts = c.texts();
      expect(texts).not.toContain(RATING);
      expect(texts).not.toContain(THANKS);
      // a new conversation, as any customer's first message: the connection's greeting, then the queue's attendants
      expect(texts.slice(1)).toEqual(['Bem-vindo à Loja!']);
      const ticket = await c.ticket();
      expect(ticket).toMatchObject({ status: 'pending', queueId: vendas, userId: null });
    }
    expect(carla.texts()).toHaveLength(1);
  });

  it('a campaign that leaves its ticket waiting in a queue: the reply stays there, for an attendant', async () => {
    const d = day();
    const suporte = await d.queue('Suporte');
    const conn = await d.connection({
      queueIds: [suporte],
      ratingMessage: RATING,
      expiresTicketNPS: 30,
      complationMessage: THANKS,
    });
    const dora = d.customer(conn, 'Dora');
    await d.campaign(conn, [dora], {
      message1: 'Oi {nome}, seu pedido saiu para entrega.',
      openTicket: 'enabled',
      statusTicket: 'pending',
      queueId: suporte,
    });
    expect(await dora.ticket()).toMatchObject({ status: 'pending', queueId: suporte, userId: null });
    await dora.says('Que horas chega?');
    expect(dora.texts()).toEqual(['Oi Dora, seu pedido saiu para entrega.']);
    expect(await dora.ticket()).toMatchObject({ status: 'pending', queueId: suporte, userId: null });
  });

  it('a campaign ticket left open to an attendant: closing it without a reply asks nothing; after a reply, the rating', async () => {
    const d = day();
    await d.setting('userRating', 'enabled');
    const vendas = await d.queue('Vendas VIP');
    const conn = await d.connection({
      queueIds: [vendas],
      ratingMessage: RATING,
      expiresTicketNPS: 30,
      complationMessage: THANKS,
    });
    const seller = await d.attendant([vendas], 'Vendedora');
    const [eva, fabio] = [d.customer(conn, 'Eva'), d.customer(conn, 'Fábio')];
    await d.campaign(conn, [eva, fabio], {
      message1: 'Oi {nome}, sua vendedora te espera.',
      openTicket: 'enabled',
      statusTicket: 'open',
      userId: seller.id,
      queueId: vendas,
    });
    for (const c of [eva, fabio]) expect(await c.ticket()).toMatchObject({ status: 'open', userId: seller.id, queueId: vendas });
    await fabio.says('Oi! Quero ver o catálogo');
    for (const c of [eva, fabio]) {
      await d.api('PUT', `/tickets/${(await c.ticket()).id}`, { status: 'closed', userId: seller.id }, seller.token);
    }
    await d.flush();
    // the attendant's close says goodbye (the connection's completion message), and asks no rating
    expect(eva.texts()).toEqual(['Oi Eva, sua vendedora te espera.', THANKS]);
    expect((await eva.ticket()).status).toBe('closed');
    expect(fabio.texts()).toEqual(['Oi Fábio, sua vendedora te espera.', RATING]);
    expect((await fabio.ticket()).status).toBe('nps');
  });
});
