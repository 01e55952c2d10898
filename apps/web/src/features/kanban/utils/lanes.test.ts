import { dayIn } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { laneOf } from './lanes';

describe('laneOf', () => {
  it('is the first board lane among the tags, else the default lane', () => {
    const lanes = new Set([10, 20]);
    expect(
      laneOf(
        [
          { id: 5, kanban: 0 },
          { id: 20, kanban: 1 },
        ],
        lanes,
      ),
    ).toBe(20);
    expect(laneOf([{ id: 5, kanban: 0 }], lanes)).toBeNull();
    // a kanban tag that is not on the board (deleted meanwhile) leaves the card in the default lane
    expect(laneOf([{ id: 30, kanban: 1 }], lanes)).toBeNull();
  });
  it('dayIn gives the calendar day of the zone', () => {
    expect(dayIn(new Date('2026-03-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-02-28');
  });
});
