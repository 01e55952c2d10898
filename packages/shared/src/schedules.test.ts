import { describe, expect, it } from 'vitest';
import { nextSendAt, onBusinessDay } from './schedules';

const at = (iso: string) => new Date(iso);

describe('nextSendAt (units 1 days, 2 weeks, 3 months, 4 minutes)', () => {
  it('adds days, weeks and minutes', () => {
    expect(nextSendAt(at('2026-11-25T12:00:00Z'), 1, 2).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(nextSendAt(at('2026-11-25T12:00:00Z'), 2, 1).toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(nextSendAt(at('2026-11-25T12:00:00Z'), 4, 90).toISOString()).toBe('2026-11-25T13:30:00.000Z');
  });
  it('keeps the day of month, clamped to the end of a shorter month', () => {
    expect(nextSendAt(at('2026-01-31T09:00:00Z'), 3, 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(nextSendAt(at('2026-11-15T09:00:00Z'), 3, 3).toISOString()).toBe('2027-02-15T09:00:00.000Z');
  });
});

describe('onBusinessDay (4 as is, 5 the business day before, 6 the business day after)', () => {
  const saturday = at('2026-11-28T15:00:00Z');
  const sunday = at('2026-11-29T15:00:00Z');
  it('moves a weekend send to Friday or Monday', () => {
    expect(onBusinessDay(saturday, 5).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(onBusinessDay(sunday, 5).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(onBusinessDay(saturday, 6).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(onBusinessDay(sunday, 6).toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
  it('leaves weekdays and rule 4 alone', () => {
    expect(onBusinessDay(saturday, 4)).toEqual(saturday);
    const friday = at('2026-11-27T15:00:00Z');
    expect(onBusinessDay(friday, 5)).toEqual(friday);
  });
  it("judges the weekend on the company's calendar", () => {
    // 01:00 UTC on Saturday is still Friday 22:00 in São Paulo (UTC−3)
    const fridayNightInBrazil = at('2026-11-28T01:00:00Z');
    expect(onBusinessDay(fridayNightInBrazil, 6, (d) => new Date(d.getTime() - 180 * 60_000).getUTCDay())).toEqual(
      fridayNightInBrazil,
    );
    expect(onBusinessDay(fridayNightInBrazil, 6).toISOString()).toBe('2026-11-30T01:00:00.000Z');
  });
});
