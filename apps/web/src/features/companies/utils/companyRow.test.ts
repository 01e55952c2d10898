import { addDays, formatBRL, storedDay } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { addRecurrence, companyRowState, formatBytes, planValue } from './companyRow';

const now = new Date('2030-06-10T12:00:00Z');
/** Intl separates the symbol with a no-break space. */
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
// due dates are calendar days (UTC midnight); today is 10/06 on São Paulo's clock
const inDays = (d: number) => storedDay(addDays('2030-06-10', d)).toISOString();

describe('companies table rows', () => {
  it('yellow 1 to 5 days before the due day, red on it or past, nothing otherwise; company 1 never', () => {
    expect(companyRowState({ id: 2, dueDate: inDays(3) }, now)).toBe('warning');
    expect(companyRowState({ id: 2, dueDate: inDays(1) }, now)).toBe('warning');
    expect(companyRowState({ id: 2, dueDate: inDays(5) }, now)).toBe('warning');
    expect(companyRowState({ id: 2, dueDate: inDays(6) }, now)).toBe('ok');
    expect(companyRowState({ id: 2, dueDate: inDays(0) }, now)).toBe('expired');
    expect(companyRowState({ id: 2, dueDate: inDays(-3) }, now)).toBe('expired');
    expect(companyRowState({ id: 2, dueDate: null }, now)).toBe('ok');
    expect(companyRowState({ id: 1, dueDate: inDays(-3) }, now)).toBe('ok');
  });

  it('plan value R$ with two decimals, 0.00 without a price, - without a plan', () => {
    // one money format with /financeiro (issue 30 item 12: the table said R$ 0.00, /financeiro R$ 0,00)
    const pt = (v: number) => formatBRL(v, 'pt-BR');
    expect(nbsp(planValue({ plan: { id: 1, name: 'P', amount: 99.9 } }, pt))).toBe('R$ 99,90');
    expect(nbsp(planValue({ plan: { id: 1, name: 'P', amount: 0 } }, pt))).toBe('R$ 0,00');
    expect(planValue({ plan: { id: 1, name: 'P', amount: 1234.5 } }, (v) => formatBRL(v, 'en'))).toBe('R$1,234.50');
    expect(planValue({ plan: null }, pt)).toBe('-');
  });

  it('folder sizes and the renew button', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(68)).toBe('68 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(addRecurrence('2030-01-31', 'MENSAL')).toBe('2030-02-28');
    expect(addRecurrence('2030-01-15', 'TRIMESTRAL')).toBe('2030-04-15');
    expect(addRecurrence('2030-01-15', 'ANUAL')).toBe('2031-01-15');
    expect(addRecurrence('', 'BIMESTRAL', new Date('2030-03-01T10:00:00Z'))).toBe('2030-05-01');
  });
});
