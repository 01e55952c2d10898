import { describe, expect, it } from 'vitest';
import { makeClock } from '../../../shared/clock';
import { calendarCulture, formatWall, fromWall, loadRange, toWall } from '../components/calendarTime';

const clock = makeClock('America/Sao_Paulo', 'pt');

describe('calendar wall dates (react-big-calendar on the company clock)', () => {
  it("hands the calendar the company's wall clock and reads a picked slot back as the same instant", () => {
    const at = new Date('2026-11-25T17:30:00Z'); // 14:30 in São Paulo (UTC-3)
    const wall = toWall(clock, at);
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      2026, 10, 25, 14, 30,
    ]);
    expect(fromWall(clock, wall).toISOString()).toBe(at.toISOString());
    const tokyo = makeClock('Asia/Tokyo', 'en');
    const late = toWall(tokyo, at); // 02:30 the next day in Tokyo
    expect([late.getDate(), late.getHours()]).toEqual([26, 2]);
    expect(fromWall(tokyo, late).toISOString()).toBe(at.toISOString());
  });

  it('formats wall dates in the UI language, 24-hour in Portuguese', () => {
    const wall = new Date(2026, 10, 25, 14, 5);
    expect(formatWall(clock, wall, { hour: '2-digit', minute: '2-digit' })).toBe('14:05');
    expect(formatWall(clock, wall, { month: 'long' })).toBe('novembro');
    expect(formatWall(makeClock('UTC', 'tr'), wall, { month: 'long' })).toBe('Kasım');
  });

  it('loads a week before the month to six weeks after it, the same for any date of the month', () => {
    const { from, to } = loadRange(clock, new Date(2026, 10, 14));
    expect(from.toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(to.toISOString()).toBe('2027-01-12T02:59:59.999Z');
    expect(loadRange(clock, new Date(2026, 10, 30)).from.toISOString()).toBe(from.toISOString());
  });

  it('picks the dayjs locale of each UI language', () => {
    expect(['pt-BR', 'en', 'es', 'tr'].map(calendarCulture)).toEqual(['pt-br', 'en', 'es', 'tr']);
  });
});
