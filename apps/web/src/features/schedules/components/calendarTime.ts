import { type Clock, formatWith, zonedParts, zonedTime } from '../../../shared/clock';

/**
 * The calendar library (react-big-calendar) lays days and hours out on the browser's clock; the schedules page
 * shows the company's. So the calendar is handed 'wall' dates: browser-local Dates whose fields read the company's
 * wall clock at the instant (toWall), and a picked slot is read back the same way (fromWall).
 */
export function toWall(clock: Clock, at: string | number | Date): Date {
  const p = zonedParts(new Date(at), clock.timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant a wall date (a calendar day or slot) means on the company's clock. */
export function fromWall(clock: Clock, wall: Date): Date {
  return zonedTime(clock.timeZone, {
    year: wall.getFullYear(),
    month: wall.getMonth() + 1,
    day: wall.getDate(),
    hour: wall.getHours(),
    minute: wall.getMinutes(),
  });
}

/** A wall date in the clock's language and hour cycle (its fields as they are: no zone conversion). */
export function formatWall(clock: Clock, wall: Date, options: Intl.DateTimeFormatOptions): string {
  const utc = Date.UTC(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes());
  return formatWith({ ...clock, timeZone: 'UTC' }, utc, options);
}

/**
 * The instants to load for a shown date, whatever the view: from a week before its month to six weeks after the
 * month's end — the month grid's leading and trailing days, any week that crosses the month, and the agenda's
 * 30 days from any date of the month. Moving within a month keeps the same range (no refetch).
 */
export function loadRange(clock: Clock, wall: Date): { from: Date; to: Date } {
  const y = wall.getFullYear();
  const m = wall.getMonth() + 1;
  const from = zonedTime(clock.timeZone, { year: y, month: m, day: 1 - 7 });
  const to = new Date(zonedTime(clock.timeZone, { year: y, month: m + 1, day: 1 + 42 }).getTime() - 1);
  return { from, to };
}

/** The dayjs locale of a UI locale (its week start and names). */
export function calendarCulture(locale: string): string {
  return locale.toLowerCase() === 'pt-br' ? 'pt-br' : locale.toLowerCase().split('-')[0];
}
