import { describe, expect, it } from 'vitest';
import { formatTabTitle, formatUnreadCount } from './tabTitle';

describe('tab title', () => {
  it('shows nothing extra when nothing is unread', () => {
    expect(formatUnreadCount(0)).toBe('');
    expect(formatTabTitle('Atendo', 0)).toBe('Atendo');
    expect(formatTabTitle('Atendo', -3)).toBe('Atendo');
  });

  it('uses circled digits from 1 to 20', () => {
    expect(formatUnreadCount(1)).toBe('①');
    expect(formatUnreadCount(9)).toBe('⑨');
    expect(formatUnreadCount(10)).toBe('⑩');
    expect(formatUnreadCount(20)).toBe('⑳');
    expect(formatTabTitle('Atendo', 3)).toBe('③ Atendo');
  });

  it('puts larger counts in brackets', () => {
    expect(formatUnreadCount(21)).toBe('(21)');
    expect(formatUnreadCount(150)).toBe('(150)');
    expect(formatTabTitle('Minha Central', 21)).toBe('(21) Minha Central');
  });

  it('every circled digit is distinct and in order', () => {
    const digits = Array.from({ length: 20 }, (_, i) => formatUnreadCount(i + 1));
    expect(new Set(digits).size).toBe(20);
    expect(digits.map((d) => d.codePointAt(0))).toEqual(digits.map((_, i) => 0x2460 + i));
  });
});
