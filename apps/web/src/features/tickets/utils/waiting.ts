/** How long, in the parts a waiting time reads in: under a minute, minutes, hours and minutes, days and hours. */
export function waitingParts(ms: number): { key: 'now' | 'minutes' | 'hours' | 'days'; d: number; h: number; m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (minutes < 1) return { key: 'now', d, h, m };
  if (minutes < 60) return { key: 'minutes', d, h, m };
  if (d < 1) return { key: 'hours', d, h, m };
  return { key: 'days', d, h, m };
}
