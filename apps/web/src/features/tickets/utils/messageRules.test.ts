import { describe, expect, it } from 'vitest';
import { canDeleteMessage, canEditMessage, truncate } from './messageRules';

const now = Date.parse('2026-01-01T12:00:00Z');
const msg = (minutesAgo: number, over: Partial<Parameters<typeof canEditMessage>[0]> = {}) => ({
  fromMe: true,
  userId: 7,
  isDeleted: false,
  mediaType: 'text',
  createdAt: new Date(now - minutesAgo * 60_000).toISOString(),
  ...over,
});

describe('edit window (15 minutes, sender only)', () => {
  it.each([
    ['just sent', msg(0), true],
    ['14 min 59 s old', { ...msg(0), createdAt: new Date(now - 899_000).toISOString() }, true],
    ['exactly 15 min old', msg(15), false],
    ['an hour old', msg(60), false],
    ['sent by a colleague', msg(1, { userId: 8 }), false],
    ['from the contact', msg(1, { fromMe: false, userId: null }), false],
    ['deleted', msg(1, { isDeleted: true }), false],
    ['an image', msg(1, { mediaType: 'image' }), false],
    ['malformed date', msg(1, { createdAt: 'not a date' }), false],
    ['created in the future (clock skew)', msg(-5), false],
  ])('%s', (_name, message, expected) => {
    expect(canEditMessage(message, 7, now)).toBe(expected);
  });

  it('only own messages can be deleted', () => {
    expect(canDeleteMessage({ fromMe: true, isDeleted: false })).toBe(true);
    expect(canDeleteMessage({ fromMe: false, isDeleted: false })).toBe(false);
    expect(canDeleteMessage({ fromMe: true, isDeleted: true })).toBe(false);
  });

  it('truncates list texts', () => {
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}...`);
    expect(truncate(null, 40)).toBe('');
  });
});
