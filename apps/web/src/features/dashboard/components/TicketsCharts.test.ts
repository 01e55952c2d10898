import { describe, expect, it } from 'vitest';
import { chartBuckets } from './TicketsCharts';

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
      { label: '27/02', total: 2 },
      { label: '28/02', total: 0 },
      { label: '01/03', total: 0 },
      { label: '02/03', total: 5 },
      { label: '03/03', total: 0 },
    ]);
  });

  it('every hour of a single day', () => {
    const buckets = chartBuckets(
      { by: 'hour', data: [{ horario: '09', total: 4 }], count: 4 },
      { from: '2026-03-01', to: '2026-03-01' },
    );
    expect(buckets).toHaveLength(24);
    expect(buckets[0]).toEqual({ label: '00h', total: 0 });
    expect(buckets[9]).toEqual({ label: '09h', total: 4 });
  });

  it('without a range (dates cleared), only the days the server sent', () => {
    const buckets = chartBuckets({ by: 'date', data: [{ data: '2026-01-05', total: 1 }], count: 1 }, { from: '', to: '' });
    expect(buckets).toEqual([{ label: '05/01', total: 1 }]);
  });
});
