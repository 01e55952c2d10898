import { describe, expect, it } from 'vitest';
import { intervalAfter, nextRecurrence, type SendingRules, windowOpensAt } from './campaigns.rules';

const rules: SendingRules = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};
const SP = 'America/Sao_Paulo';

describe('windowOpensAt (São Paulo, UTC-3)', () => {
  it('is open on a weekday inside the hours', () => {
    expect(windowOpensAt(new Date('2026-11-26T12:00:00Z'), rules, SP)).toBeNull(); // Thu 09:00
    expect(windowOpensAt(new Date('2026-11-26T20:59:00Z'), rules, SP)).toBeNull(); // Thu 17:59
  });
  it('opens at the start hour the same day, or the next allowed day', () => {
    expect(windowOpensAt(new Date('2026-11-26T10:15:30Z'), rules, SP)).toEqual(new Date('2026-11-26T12:00:00Z'));
    expect(windowOpensAt(new Date('2026-11-26T21:00:00Z'), rules, SP)).toEqual(new Date('2026-11-27T12:00:00Z'));
    // Friday 18:00 → Monday 09:00; Saturday allowed → Saturday 09:00
    expect(windowOpensAt(new Date('2026-11-27T21:00:00Z'), rules, SP)).toEqual(new Date('2026-11-30T12:00:00Z'));
    expect(windowOpensAt(new Date('2026-11-27T21:00:00Z'), { ...rules, sabado: true }, SP)).toEqual(
      new Date('2026-11-28T12:00:00Z'),
    );
    // Sunday 10:00 with Sundays allowed is open
    expect(windowOpensAt(new Date('2026-11-29T13:00:00Z'), { ...rules, domingo: true }, SP)).toBeNull();
  });
});

describe('intervalAfter and nextRecurrence', () => {
  it('uses the greater interval after every N messages', () => {
    expect([1, 19, 20, 21, 40].map((n) => intervalAfter(n, rules))).toEqual([20, 20, 60, 20, 60]);
    expect(intervalAfter(20, { ...rules, longerIntervalAfter: 0 })).toBe(20);
  });
  it('schedules the next run every N days until the count or the end date', () => {
    const base = { isRecurrent: true, recurrenceInterval: 7, recurrenceCount: 3, recurrenceExecuted: 0, recurrenceEndDate: null };
    const from = new Date('2026-11-26T12:00:00Z');
    expect(nextRecurrence(base, from)).toEqual(new Date('2026-12-03T12:00:00Z'));
    expect(nextRecurrence({ ...base, recurrenceExecuted: 2 }, from)).toBeNull();
    expect(nextRecurrence({ ...base, recurrenceCount: 0, recurrenceExecuted: 99 }, from)).not.toBeNull();
    expect(nextRecurrence({ ...base, recurrenceEndDate: new Date('2026-12-01T00:00:00Z') }, from)).toBeNull();
    expect(nextRecurrence({ ...base, isRecurrent: false }, from)).toBeNull();
  });
});
