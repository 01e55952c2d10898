import { describe, expect, it } from 'vitest';
import { dayKey, monthGrid } from './SchedulesPage';

describe('monthGrid', () => {
  it('6 weeks from the Sunday on or before the 1st, covering the whole month', () => {
    const days = monthGrid(new Date(2026, 10, 1)); // November 2026 starts on a Sunday
    expect(days).toHaveLength(42);
    expect(dayKey(days[0])).toBe(dayKey(new Date(2026, 10, 1)));
    expect(days.every((d, i) => i === 0 || d.getTime() > days[i - 1].getTime())).toBe(true);
    const feb = monthGrid(new Date(2027, 1, 1)); // February 2027 starts on a Monday
    expect(dayKey(feb[0])).toBe(dayKey(new Date(2027, 0, 31)));
    expect(feb.some((d) => dayKey(d) === dayKey(new Date(2027, 1, 28)))).toBe(true);
    expect(feb.every((d) => d.getDay() === feb.indexOf(d) % 7)).toBe(true);
  });
});
