import { describe, expect, it } from 'vitest';
import { waitingParts } from './waiting';

describe('waitingParts', () => {
  it('reads under a minute, minutes, hours and minutes, days and hours', () => {
    expect(waitingParts(20_000).key).toBe('now');
    expect(waitingParts(-5_000).key).toBe('now'); // a clock a little ahead of the server's
    expect(waitingParts(12 * 60_000)).toMatchObject({ key: 'minutes', m: 12 });
    expect(waitingParts((2 * 60 + 5) * 60_000)).toMatchObject({ key: 'hours', h: 2, m: 5 });
    expect(waitingParts((3 * 1440 + 4 * 60 + 59) * 60_000)).toMatchObject({ key: 'days', d: 3, h: 4 });
  });
});
