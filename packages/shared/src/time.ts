/**
 * The one time module (issue 30 item 2): every wall clock, day boundary, business hour and date-only value of the
 * server and the web goes through here, on @date-fns/tz (the IANA zones of the runtime) — no offset arithmetic.
 *
 * Two kinds of values:
 * - an **instant** (a message's time, a ticket's close): shown on the company's wall clock (`wallClock`, `dayIn`);
 * - a **calendar day** ('YYYY-MM-DD': a company's or an invoice's due date, a vacation day): a date with no time of
 *   day. Stored in a timestamptz column it is UTC midnight of the day (`storedDay`), and read back by its UTC date
 *   (`calendarDay`) — so 27/12 is 27/12 in São Paulo, in Tokyo and in UTC, never shifted by a zone.
 */
import { TZDate } from '@date-fns/tz';
import { REPORT_TIMEZONE } from './constants';

/** A calendar day, 'YYYY-MM-DD'. Such strings compare in calendar order. */
export type CalendarDay = string;

export const DEFAULT_TIME_ZONE = REPORT_TIMEZONE;

const zoneCache = new Map<string, boolean>();
/** `timeZone` when the runtime knows it, else the default (America/Sao_Paulo). */
export function validTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  let known = zoneCache.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    zoneCache.set(timeZone, known);
  }
  return known ? timeZone : DEFAULT_TIME_ZONE;
}

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const toMs = (value: Date | number | string) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

/** What the clock on the wall reads in `timeZone` at `instant`. */
export function wallClock(instant: Date | number | string, timeZone: string | null | undefined): WallClock {
  const d = new TZDate(toMs(instant), validTimeZone(timeZone));
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    weekday: d.getDay(),
  };
}

/**
 * The instant at which the wall clock in `timeZone` reads the given date and time. Fields may overflow (day 0 is
 * the last day of the month before, month 13 the next January), as with `Date`.
 */
export function zonedInstant(
  timeZone: string | null | undefined,
  {
    year,
    month,
    day,
    hour = 0,
    minute = 0,
    second = 0,
  }: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
): Date {
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, validTimeZone(timeZone)).getTime());
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of a year, month (1–12) and day; overflowing fields roll over as with `Date`. */
export function dayOf(year: number, month: number, day: number): CalendarDay {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The calendar day in `timeZone` at `instant` (today, when `instant` is now). */
export function dayIn(instant: Date | number | string, timeZone: string | null | undefined): CalendarDay {
  const w = wallClock(instant, timeZone);
  return dayOf(w.year, w.month, w.day);
}

/**
 * The calendar day of a date-only value: 'YYYY-MM-DD' (or its head, '2026-12-27T…') as written, or a stored one (a
 * `Date`: its UTC date). null for nothing or an invalid value.
 */
export function calendarDay(value: string | Date | null | undefined): CalendarDay | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DAY.test(value.trim())) return value.trim();
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return dayOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** How a calendar day is stored in a timestamptz column: UTC midnight of the day. */
export function storedDay(day: CalendarDay): Date {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const d = storedDay(day);
  return dayOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((storedDay(to).getTime() - storedDay(from).getTime()) / 86_400_000);
}

/** The instant `day` begins in `timeZone` (its first minute on that zone's wall clock). */
export function startOfDayIn(day: CalendarDay, timeZone: string | null | undefined): Date {
  const d = storedDay(day);
  return zonedInstant(timeZone, { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The instants `[start, end)` the calendar days `from`…`to` (both included) span in `timeZone`. */
export function dayRangeIn(from: CalendarDay, to: CalendarDay, timeZone: string | null | undefined) {
  return { start: startOfDayIn(from, timeZone), end: startOfDayIn(addDays(to, 1), timeZone) };
}

/** Formats a calendar day with Intl options in a language ('27/12/2026' in pt-BR): no zone can move it. */
export function formatCalendarDay(day: CalendarDay | null, locale: string, options: Intl.DateTimeFormatOptions): string {
  if (!day || !DAY.test(day)) return '';
  const noon = new Date(storedDay(day).getTime() + 12 * 3_600_000);
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(noon);
}

/** Minutes since midnight of 'HH:MM' ('9:05' too); null when it is not a time of day. */
export function minutesOfDay(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h <= 24 && min < 60 ? h * 60 + min : null;
}

/**
 * True when the wall-clock minute `minutes` falls in [start, end) of a business-hours interval ('08:00'–'18:00');
 * an interval that ends past midnight ('22:00'–'02:00') covers both sides of it; an empty or invalid one nothing.
 */
export function withinHours(minutes: number, start: string, end: string): boolean {
  const s = minutesOfDay(start);
  const e = minutesOfDay(end);
  if (s === null || e === null || s === e) return false;
  return s < e ? minutes >= s && minutes < e : minutes >= s || minutes < e;
}
