/**
 * Scenario (issue 31 item 2): a campaign that asks for confirmation first, on a connection with a queue menu. The
 * customer's "SIM" belongs to the campaign: it gets the offer, not the chatbot's menu. What they write afterwards
 * is a new conversation like any other.
 */
import { describe, expect, it } from 'vitest';
import { useDay } from './day';

const day = useDay();

describe('a confirmation campaign', () => {
  it('the reply to the question is consumed by the campaign: the offer goes out, the menu does not', async () => {
    const d = day();
    const vendas = await d.queue('Vendas');
    const suporte = await d.queue('Suporte');
    const conn = await d.connection({ queueIds: [vendas, suporte], greetingMessage: 'Bem-vindo à Loja!' });
    const [gil, hana] = [d.customer(conn, 'Gil'), d.customer(conn, 'Hana')];

    const id = await d.campaign(conn, [gil, hana], {
      confirmation: true,
      confirmationMessage1: 'Podemos te enviar a oferta, {nome}?',
      message1: 'Aqui está a oferta, {nome}!',
    });
    expect(gil.texts()).toEqual(['Podemos te enviar a oferta, Gil?']);
    expect(hana.texts()).toEqual(['Podemos te enviar a oferta, Hana?']);

    await gil.says('SIM');
    expect(gil.texts()).toEqual(['Podemos te enviar a oferta, Gil?', 'Aqui está a oferta, Gil!']);
    expect((await gil.ticket()).status).toBe('closed');
    expect(hana.texts()).toEqual(['Podemos te enviar a oferta, Hana?']);
    expect((await d.report(id)).totals).toMatchObject({ confirmationRequested: 2, confirmed: 1, sent: 1 });

    // later, the same customer writes again: a conversation like any other (the queue menu)
    await gil.says('Oi, quero comprar');
    const menu = gil.texts().slice(2);
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatch(/^Bem-vindo à Loja!/);
    expect(menu[0]).toContain('Vendas');
    expect((await gil.ticket()).status).toBe('pending');
  });
});
