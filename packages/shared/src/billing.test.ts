import { describe, expect, it } from 'vitest';
import { addMonthsClamped, customPlanPrice, formatBRL, invoiceDisplayStatus, renewedDueDate } from './billing';

const d = (iso: string) => new Date(iso);

describe('due date arithmetic', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonthsClamped(d('2027-01-31T15:00:00Z'), 1).toISOString()).toBe('2027-02-28T15:00:00.000Z');
    expect(addMonthsClamped(d('2028-01-31T15:00:00Z'), 1).toISOString()).toBe('2028-02-29T15:00:00.000Z');
    expect(addMonthsClamped(d('2027-03-31T00:00:00Z'), 1).toISOString()).toBe('2027-04-30T00:00:00.000Z');
    expect(addMonthsClamped(d('2027-08-31T00:00:00Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonthsClamped(d('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonthsClamped(d('2027-11-30T00:00:00Z'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
  it.each([
    ['MENSAL', '2027-02-28T00:00:00.000Z'],
    ['BIMESTRAL', '2027-03-31T00:00:00.000Z'],
    ['TRIMESTRAL', '2027-04-30T00:00:00.000Z'],
    ['SEMESTRAL', '2027-07-31T00:00:00.000Z'],
    ['ANUAL', '2028-01-31T00:00:00.000Z'],
  ])('%s from a due day still ahead (a calendar day: UTC midnight)', (recurrence, expected) => {
    expect(renewedDueDate(d('2027-01-31T00:00:00Z'), recurrence, d('2027-01-10T00:00:00Z')).toISOString()).toBe(expected);
  });
  it('counts from today when the due date has passed, and from today with no due date', () => {
    const now = d('2027-05-31T09:00:00Z');
    expect(renewedDueDate(d('2027-01-31T00:00:00Z'), 'MENSAL', now).toISOString()).toBe('2027-06-30T00:00:00.000Z');
    expect(renewedDueDate(null, 'ANUAL', now).toISOString()).toBe('2028-05-31T00:00:00.000Z');
    expect(renewedDueDate(null, 'UNKNOWN', now).toISOString()).toBe('2027-06-30T00:00:00.000Z');
  });
  it.each([
    ['UTC', '2027-07-01T00:00:00.000Z'],
    ['America/Sao_Paulo', '2027-06-30T00:00:00.000Z'],
    ['Asia/Tokyo', '2027-07-01T00:00:00.000Z'],
  ])("today is the company's: 01:00 UTC on 1 June in %s", (zone, expected) => {
    expect(renewedDueDate(null, 'MENSAL', d('2027-06-01T01:00:00Z'), zone).toISOString()).toBe(expected);
  });
});

describe('custom plan price', () => {
  it('is never below the plan it copies (issue 30 item 4: R$ 49 bought a R$ 100 plan with every feature)', () => {
    const gold = { amount: 100, users: 10, connections: 5 };
    expect(customPlanPrice(3, 3, gold)).toBe(100);
    expect(customPlanPrice(5, 4, gold)).toBe(100);
    // above the plan's counts: the plan's price plus the extras (100 + 2 × 11 + 1 × 20), or the seed's when higher
    expect(customPlanPrice(3, 3, { amount: 100, users: 1, connections: 2 })).toBe(142);
    expect(customPlanPrice(12, 7, gold)).toBe(228);
    // a cheap plan: the seed's price holds
    expect(customPlanPrice(3, 3, { amount: 20, users: 3, connections: 3 })).toBe(49);
    expect(customPlanPrice(4, 3, { amount: null, users: 3, connections: 3 })).toBe(60);
    expect(customPlanPrice(3, 3, null)).toBe(49);
  });

  it('is 49 at the minimum and adds 11 per user and 20 per connection above 3', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 4)).toBe(69);
    expect(customPlanPrice(10, 5)).toBe(49 + 7 * 11 + 2 * 20);
    expect(customPlanPrice(1, 0)).toBe(49);
  });
  it('formats BRL', () => {
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatBRL(0, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 0,00');
    expect(formatBRL(1234.5, 'en')).toBe('R$1,234.50');
  });
});

describe('invoice status', () => {
  const now = d('2027-03-10T15:00:00Z');
  it('Pago, Vencido before today, Em Aberto from today on (today in the company timezone)', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01T00:00:00Z' }, now)).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-03-09T00:00:00Z' }, now)).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-03-10T00:00:00Z' }, now)).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-03-11' }, now)).toBe('open');
  });
  it.each([
    // 01:00 UTC on the 10th: still the 9th in São Paulo, the 10th in UTC and Tokyo
    ['UTC', 'overdue'],
    ['America/Sao_Paulo', 'open'],
    ['Asia/Tokyo', 'overdue'],
  ])('an invoice due on the 9th seen at 01:00 UTC on the 10th in %s is %s (the due day never moves)', (zone, status) => {
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-03-09T00:00:00.000Z' }, d('2027-03-10T01:00:00Z'), zone)).toBe(
      status,
    );
  });
});
