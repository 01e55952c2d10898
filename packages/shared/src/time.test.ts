import { describe, expect, it } from 'vitest';
import { companyDueDay, daysUntilDueDay, isCompanyExpired } from './companies';
import { PLATFORM_COMPANY_ID } from './constants';
import {
  addDays,
  calendarDay,
  dayIn,
  dayRangeIn,
  formatCalendarDay,
  startOfDayIn,
  storedDay,
  validTimeZone,
  wallClock,
  withinHours,
  zonedInstant,
} from './time';

// issue 30 item 2: one time module, the same calendar day in every zone. The matrix runs each rule in UTC, São Paulo
// (UTC-3, no daylight saving since 2019) and Tokyo (UTC+9).
const ZONES = ['UTC', 'America/Sao_Paulo', 'Asia/Tokyo'] as const;
const d = (iso: string) => new Date(iso);

describe('date-only values (a due date saved as 27/12)', () => {
  it.each(ZONES)('27/12 is 27/12 whatever the zone (%s)', (zone) => {
    // how the form sends it, how the database gives it back, how the API answers it
    for (const value of ['2026-12-27', d('2026-12-27T00:00:00Z'), '2026-12-27T00:00:00.000Z']) {
      expect(calendarDay(value)).toBe('2026-12-27');
    }
    expect(
      formatCalendarDay(calendarDay('2026-12-27T00:00:00.000Z'), 'pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }),
    ).toBe('27/12/2026');
    // what the web app showed before: the stored instant on the company's clock
    const shown = dayIn('2026-12-27T00:00:00.000Z', zone);
    expect(shown).toBe(zone === 'America/Sao_Paulo' ? '2026-12-26' : '2026-12-27');
  });

  it('stores a day as UTC midnight and reads it back', () => {
    expect(storedDay('2026-12-27').toISOString()).toBe('2026-12-27T00:00:00.000Z');
    expect(calendarDay(storedDay('2028-02-29'))).toBe('2028-02-29');
    expect(calendarDay('')).toBeNull();
    expect(calendarDay('amanhã')).toBeNull();
    expect(addDays('2026-12-27', 7)).toBe('2027-01-03');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('day boundaries', () => {
  // 2026-12-27T02:30Z: 23:30 on the 26th in São Paulo, 02:30 on the 27th in UTC, 11:30 on the 27th in Tokyo
  const instant = d('2026-12-27T02:30:00Z');
  it.each([
    ['UTC', '2026-12-27', 2, '2026-12-27T00:00:00.000Z'],
    ['America/Sao_Paulo', '2026-12-26', 23, '2026-12-26T03:00:00.000Z'],
    ['Asia/Tokyo', '2026-12-27', 11, '2026-12-26T15:00:00.000Z'],
  ])('in %s the instant is on %s at %i h; that day began at %s', (zone, day, hour, start) => {
    expect(dayIn(instant, zone)).toBe(day);
    expect(wallClock(instant, zone).hour).toBe(hour);
    expect(startOfDayIn(day, zone).toISOString()).toBe(start);
    expect(zonedInstant(zone, { year: 2026, month: 12, day: Number(day.slice(8)), hour, minute: 30 }).toISOString()).toBe(
      instant.toISOString(),
    );
  });

  it.each(ZONES)('a range of days covers whole days on the %s clock', (zone) => {
    const { start, end } = dayRangeIn('2026-12-01', '2026-12-31', zone);
    expect(dayIn(start, zone)).toBe('2026-12-01');
    expect(dayIn(new Date(end.getTime() - 1), zone)).toBe('2026-12-31');
    expect(dayIn(end, zone)).toBe('2027-01-01');
    expect(end.getTime() - start.getTime()).toBe(31 * 86_400_000);
  });

  it('crosses a daylight-saving change by the zone, not by a fixed offset (New York, 8 March 2026)', () => {
    const { start, end } = dayRangeIn('2026-03-08', '2026-03-08', 'America/New_York');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
    expect(zonedInstant('America/New_York', { year: 2026, month: 3, day: 8, hour: 12 }).toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });

  it('rolls overflowing fields over and falls back to São Paulo for an unknown zone', () => {
    expect(zonedInstant('UTC', { year: 2026, month: 13, day: 0 }).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(validTimeZone('Mars/Olympus')).toBe('America/Sao_Paulo');
    expect(validTimeZone(null)).toBe('America/Sao_Paulo');
    expect(dayIn(instant, 'Mars/Olympus')).toBe('2026-12-26');
  });
});

describe('business hours', () => {
  // Monday 2026-12-28 at 11:30 UTC: 08:30 in São Paulo (Monday), 20:30 in Tokyo (Monday)
  const instant = d('2026-12-28T11:30:00Z');
  it.each([
    ['UTC', 1, 11 * 60 + 30, true],
    ['America/Sao_Paulo', 1, 8 * 60 + 30, true],
    ['Asia/Tokyo', 1, 20 * 60 + 30, false],
  ])('in %s it is weekday %i, minute %i: open 08:00–18:00 is %s', (zone, weekday, minutes, open) => {
    const w = wallClock(instant, zone);
    expect(w.weekday).toBe(weekday);
    expect(w.hour * 60 + w.minute).toBe(minutes);
    expect(withinHours(w.hour * 60 + w.minute, '08:00', '18:00')).toBe(open);
  });

  it('an interval past midnight covers both sides; an empty or invalid one nothing', () => {
    expect(withinHours(23 * 60, '22:00', '02:00')).toBe(true);
    expect(withinHours(60, '22:00', '02:00')).toBe(true);
    expect(withinHours(3 * 60, '22:00', '02:00')).toBe(false);
    expect(withinHours(18 * 60, '08:00', '18:00')).toBe(false);
    expect(withinHours(600, '', '')).toBe(false);
    expect(withinHours(600, '10:00', '10:00')).toBe(false);
  });
});

describe("a company's due date", () => {
  const company = { id: 7, dueDate: '2026-12-27T00:00:00.000Z' };
  it.each(ZONES)('in %s: active through 27/12 on its own clock, expired from 28/12', (zone) => {
    expect(companyDueDay(company)).toBe('2026-12-27');
    // the last minute of the 27th and the first of the 28th on the company's clock
    const lastMinute = zonedInstant(zone, { year: 2026, month: 12, day: 27, hour: 23, minute: 59 });
    const nextDay = zonedInstant(zone, { year: 2026, month: 12, day: 28 });
    expect(daysUntilDueDay(company, zonedInstant(zone, { year: 2026, month: 12, day: 22, hour: 12 }), zone)).toBe(5);
    expect(daysUntilDueDay(company, lastMinute, zone)).toBe(0);
    expect(isCompanyExpired(company, lastMinute, zone)).toBe(false);
    expect(isCompanyExpired(company, nextDay, zone)).toBe(true);
    expect(daysUntilDueDay(company, nextDay, zone)).toBe(-1);
  });

  it('the platform company and a company without a due date never expire', () => {
    expect(isCompanyExpired({ id: PLATFORM_COMPANY_ID, dueDate: '2000-01-01' }, d('2026-01-01T00:00:00Z'), 'UTC')).toBe(false);
    expect(isCompanyExpired({ id: 9, dueDate: null }, d('2026-01-01T00:00:00Z'), 'UTC')).toBe(false);
  });
});
