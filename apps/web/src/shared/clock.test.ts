import { describe, expect, it } from 'vitest';
import {
  dayKey,
  formatCalendarDay,
  formatDateTime,
  formatRecent,
  formatTime,
  fromZonedInput,
  makeClock,
  toZonedInput,
  zonedTime,
} from './clock';

// 17:05 UTC is 14:05 in São Paulo (UTC−3, no daylight saving since 2019)
const AT = '2026-11-25T17:05:00.000Z';

describe('one clock (issue 16 item 8)', () => {
  it("the company's zone and the language's format: 24-hour in pt, es and tr, never the browser's zone", () => {
    expect(formatDateTime(makeClock('America/Sao_Paulo', 'pt'), AT)).toMatch(/^25\/11\/2026,? 14:05$/);
    expect(formatTime(makeClock('America/Sao_Paulo', 'es'), AT)).toBe('14:05');
    expect(formatTime(makeClock('America/Sao_Paulo', 'tr'), AT)).toBe('14:05');
    expect(formatTime(makeClock('America/Sao_Paulo', 'en'), AT)).toMatch(/^02:05\sPM$/);
    expect(formatTime(makeClock('Europe/Istanbul', 'tr'), AT)).toBe('20:05');
  });

  it('no zone, or one Intl does not know, is São Paulo; an unknown language is Portuguese', () => {
    expect(makeClock(null, 'pt').timeZone).toBe('America/Sao_Paulo');
    expect(makeClock('Mars/Olympus', 'pt').timeZone).toBe('America/Sao_Paulo');
    expect(makeClock('UTC', 'xx')).toMatchObject({ locale: 'pt-BR', hourCycle: 'h23' });
    expect(makeClock('UTC', 'en-US')).toMatchObject({ locale: 'en', hourCycle: undefined });
  });

  it('days are counted on the company clock: 01:30 UTC is still the previous day in São Paulo', () => {
    const clock = makeClock('America/Sao_Paulo', 'pt');
    expect(dayKey(clock, '2026-11-26T01:30:00Z')).toBe('2026-11-25');
    expect(formatRecent(clock, '2026-11-26T01:30:00Z', new Date('2026-11-25T12:00:00Z'))).toBe('22:30');
    expect(formatRecent(clock, '2026-11-24T12:00:00Z', new Date('2026-11-25T12:00:00Z'))).toBe('24/11/2026');
  });

  it('a datetime-local value is read and written on the company clock, also across a daylight-saving change', () => {
    const sp = makeClock('America/Sao_Paulo', 'pt');
    expect(toZonedInput(sp, AT)).toBe('2026-11-25T14:05');
    expect(fromZonedInput(sp, '2026-11-25T14:05')?.toISOString()).toBe(AT);
    const ny = makeClock('America/New_York', 'en');
    // 2026-03-08: New York moves from UTC−5 to UTC−4 at 02:00
    expect(zonedTime(ny.timeZone, { year: 2026, month: 3, day: 7, hour: 9 }).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedTime(ny.timeZone, { year: 2026, month: 3, day: 9, hour: 9 }).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(fromZonedInput(ny, 'not a date')).toBeNull();
  });

  it('a calendar cell is named in the UI language', () => {
    expect(formatCalendarDay(makeClock('Asia/Tokyo', 'pt'), new Date(2026, 10, 1), { weekday: 'long' })).toBe('domingo');
    expect(formatCalendarDay(makeClock('Pacific/Honolulu', 'en'), new Date(2026, 10, 1), { month: 'long' })).toBe('November');
  });
});
