import { describe, expect, it } from 'vitest';
import { chartBuckets, previousRange } from './TicketsCharts';

describe('chartBuckets (tickets per day / hour)', () => {
  it('every date of the range, 0 where the server left a day out', () => {
    const buckets = chartBuckets(
      {
        by: 'date',
        data: [
          { data: '2026-02-27', total: 2 },
          { data: '2026-03-02', total: 5 },
        ],
        count: 7,
      },
      { from: '2026-02-27', to: '2026-03-03' },
    );
    // 2026 is not a leap year: Feb 27, 28, Mar 1, 2, 3
    expect(buckets).toEqual([
      { key: '2026-02-27', total: 2 },
      { key: '2026-02-28', total: 0 },
      { key: '2026-03-01', total: 0 },
      { key: '2026-03-02', total: 5 },
      { key: '2026-03-03', total: 0 },
    ]);
  });

  it('every hour of a single day', () => {
    const buckets = chartBuckets(
      { by: 'hour', data: [{ horario: '09', total: 4 }], count: 4 },
      { from: '2026-03-01', to: '2026-03-01' },
    );
    expect(buckets).toHaveLength(24);
    expect(buckets[0]).toEqual({ key: '00', total: 0 });
    expect(buckets[9]).toEqual({ key: '09', total: 4 });
  });

  it('without a range (dates cleared), only the days the server sent', () => {
    const buckets = chartBuckets({ by: 'date', data: [{ data: '2026-01-05', total: 1 }], count: 1 }, { from: '', to: '' });
    expect(buckets).toEqual([{ key: '2026-01-05', total: 1 }]);
  });
});

describe('previousRange (the trend compared with the period before)', () => {
  it('the same number of days just before, across a month and a leap day', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-10' })).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    expect(previousRange({ from: '2028-03-01', to: '2028-03-02' })).toEqual({ from: '2028-02-28', to: '2028-02-29' });
  });

  it('one day: the day before (hour by hour); no dates or a reversed range: none', () => {
    expect(previousRange({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(previousRange({ from: '', to: '' })).toBeNull();
    expect(previousRange({ from: '2026-01-05', to: '2026-01-01' })).toBeNull();
  });
});
