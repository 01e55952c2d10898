import { describe, expect, it } from 'vitest';
import {
  isOnVacation,
  isWithinSchedule,
  matchChoice,
  normalizeAnswer,
  parseConsent,
  parseNpsScore,
  renderMenu,
  vacationDay,
} from './automation.rules';

const OPTIONS = ['Vendas', 'Suporte Técnico', 'Financeiro'];

describe('matchChoice', () => {
  it.each([
    ['1', 1],
    [' 2 ', 2],
    ['*3*', 3],
    ['3.', 3],
    ['opção 2', 2],
    ['2️⃣', 2],
    ['1⃣', 1],
    ['VENDAS', 1],
    ['suporte tecnico', 2],
    ['Quero falar com o financeiro, por favor', 3],
    ['#', 'back'],
    ['0', 'back'],
    ['0️⃣', 'back'],
  ])('%s → %s', (answer, expected) => {
    expect(matchChoice(answer, OPTIONS)).toBe(expected);
  });

  it.each(['', '4', '12', '1 e 2', 'oi', 'vendas ou financeiro', '🔟'])('%s → nothing', (answer) => {
    expect(matchChoice(answer, OPTIONS)).toBeNull();
  });

  it('the keycap ten is 10 when there are ten options', () => {
    expect(
      matchChoice(
        '🔟',
        Array.from({ length: 10 }, (_, i) => `Opção ${i + 1}`),
      ),
    ).toBe(10);
  });

  it('normalizes accents, case, emoji digits and surrounding punctuation', () => {
    expect(normalizeAnswer('  Olá, SUPORTE!! ')).toBe('ola, suporte');
    expect(normalizeAnswer('3️⃣')).toBe('3');
  });
});

describe('renderMenu', () => {
  it('numbers the options under the greeting and offers # to go back', () => {
    expect(renderMenu('Olá!', ['A', 'B'], { back: true })).toBe('Olá!\n\n*1* - A\n*2* - B\n*#* - Voltar');
    expect(renderMenu('', ['A'])).toBe('*1* - A');
  });
});

describe('service hours', () => {
  const row = (weekdayEn: 'monday' | 'sunday', a: [string, string], b: [string, string] = ['', '']) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: a[0],
    endTimeA: a[1],
    startTimeB: b[0],
    endTimeB: b[1],
  });
  const tz = 'America/Sao_Paulo';
  // Monday 2026-11-23 in São Paulo (UTC-3).
  const at = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00-03:00`);

  it('two intervals a day, in the company timezone', () => {
    const rows = [row('monday', ['08:00', '12:00'], ['13:00', '18:00'])];
    expect(isWithinSchedule(rows, at('07:59'), tz)).toBe(false);
    expect(isWithinSchedule(rows, at('08:00'), tz)).toBe(true);
    expect(isWithinSchedule(rows, at('12:30'), tz)).toBe(false);
    expect(isWithinSchedule(rows, at('17:59'), tz)).toBe(true);
    expect(isWithinSchedule(rows, at('18:00'), tz)).toBe(false);
    expect(isWithinSchedule(rows, new Date('2026-11-23T10:00:00Z'), 'UTC')).toBe(true);
  });

  it('no rows: always open; a weekday without a row or with empty intervals: closed; past midnight', () => {
    expect(isWithinSchedule([], at('03:00'), tz)).toBe(true);
    expect(isWithinSchedule([row('sunday', ['08:00', '18:00'])], at('10:00'), tz)).toBe(false);
    expect(isWithinSchedule([row('monday', ['', ''])], at('10:00'), tz)).toBe(false);
    expect(isWithinSchedule([row('monday', ['22:00', '02:00'])], at('23:30'), tz)).toBe(true);
    expect(isWithinSchedule([row('monday', ['22:00', '02:00'])], at('01:30'), tz)).toBe(true);
    expect(isWithinSchedule([row('monday', ['22:00', '02:00'])], at('12:00'), tz)).toBe(false);
  });

  it('collective vacation: both days included, by the company calendar', () => {
    expect(vacationDay('2026-12-20T03:00:00.000Z')).toBe('2026-12-20');
    expect(vacationDay('20/12/2026')).toBe('2026-12-20');
    expect(vacationDay('')).toBeNull();
    expect(isOnVacation('2026-12-20', '2027-01-05', new Date('2026-12-20T03:30:00Z'), tz)).toBe(true);
    expect(isOnVacation('2026-12-20', '2027-01-05', new Date('2026-12-20T02:30:00Z'), tz)).toBe(false);
    expect(isOnVacation('2026-12-20', '2027-01-05', new Date('2027-01-06T02:59:00Z'), tz)).toBe(true);
    expect(isOnVacation('2026-12-20', null, new Date('2026-12-25T12:00:00Z'), tz)).toBe(false);
  });
});

describe('NPS and consent answers', () => {
  it.each([
    ['0', 0],
    ['10', 10],
    [' 7 ', 7],
    ['nota 9', 9],
    ['🔟', 10],
    ['11', null],
    ['ótimo', null],
    ['9/10', null],
  ])('%s → %s', (answer, expected) => {
    expect(parseNpsScore(answer)).toBe(expected);
  });

  it('accept and refuse in the customer words', () => {
    for (const a of ['1', 'Sim', 'ACEITO', 'ok']) expect(parseConsent(a)).toBe('accept');
    for (const a of ['2', 'Não', 'nao', 'recuso']) expect(parseConsent(a)).toBe('refuse');
    expect(parseConsent('talvez')).toBeNull();
  });
});
