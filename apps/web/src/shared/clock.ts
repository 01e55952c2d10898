import {
  calendarDay,
  formatCalendarDay as formatCalendarDayOf,
  DEFAULT_TIME_ZONE as SHARED_DEFAULT_TIME_ZONE,
  validTimeZone,
  type WallClock,
  wallClock,
  zonedInstant,
} from '@atendo/shared';
import { LANGUAGES } from './i18n';

/**
 * One clock for the whole web app (issue 16 item 8): every date and time is shown in the company's time zone
 * (the session's `company.timezone`, default America/Sao_Paulo) and in the UI language's format — 24-hour in
 * pt/es/tr — never in the browser's zone or locale. Components read it through `useClock()`.
 */
export interface Clock {
  timeZone: string;
  /** BCP 47 tag of the UI language (pt-BR, en, es, tr). */
  locale: string;
  /** 'h23' for the languages that write 24-hour times; undefined leaves the language's own (English: 12-hour). */
  hourCycle?: 'h23';
}

export const DEFAULT_TIME_ZONE = SHARED_DEFAULT_TIME_ZONE;
const TWENTY_FOUR_HOURS = new Set(['pt', 'es', 'tr']);

const validZone = validTimeZone;

export function makeClock(timeZone: string | null | undefined, language: string | null | undefined): Clock {
  const base = (language ?? 'pt').toLowerCase().split(/[-_]/)[0];
  const known = LANGUAGES.find((l) => l.code === base);
  return {
    timeZone: validZone(timeZone),
    locale: known?.htmlLang ?? 'pt-BR',
    hourCycle: TWENTY_FOUR_HOURS.has(known?.code ?? 'pt') ? 'h23' : undefined,
  };
}

type Value = string | number | Date | null | undefined;

function toDate(value: Value): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(clock: Clock, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${clock.locale}|${clock.timeZone}|${clock.hourCycle ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    const withTime = 'hour' in options || 'timeStyle' in options;
    f = new Intl.DateTimeFormat(clock.locale, {
      ...options,
      timeZone: clock.timeZone,
      ...(withTime && clock.hourCycle ? { hourCycle: clock.hourCycle } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** Formats `value` with Intl options in the clock's zone and language; '' for nothing or an invalid date. */
export function formatWith(clock: Clock, value: Value, options: Intl.DateTimeFormatOptions): string {
  const d = toDate(value);
  return d ? formatter(clock, options).format(d) : '';
}

/** 25/11/2026 14:05 (pt) — a short date and time. */
export const formatDateTime = (clock: Clock, value: Value) =>
  formatWith(clock, value, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** 25/11/2026 (pt). */
export const formatDay = (clock: Clock, value: Value) =>
  formatWith(clock, value, { day: '2-digit', month: '2-digit', year: 'numeric' });
/** 14:05 (pt), 2:05 PM (en). */
export const formatTime = (clock: Clock, value: Value) => formatWith(clock, value, { hour: '2-digit', minute: '2-digit' });

/** The wall clock in a zone: the shared time module's (issue 30 item 2). */
export type ZonedParts = WallClock;

/** The wall clock in `timeZone` at `date`. */
export const zonedParts = (date: Date, timeZone: string): ZonedParts => wallClock(date, timeZone);

/** The instant at which the wall clock in `timeZone` reads the given date and time. */
export function zonedTime(
  timeZone: string,
  parts: { year: number; month: number; day: number; hour?: number; minute?: number },
): Date {
  return zonedInstant(timeZone, parts);
}

/** A date-only value (a due date) in the clock's language: the calendar day it is, never moved by a zone. */
export const formatDayOnly = (clock: Clock, value: string | Date | null | undefined) =>
  formatCalendarDayOf(calendarDay(value), clock.locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-25: the calendar day of `value` in the clock's zone (for grouping by day). */
export function dayKey(clock: Clock, value: Value): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, clock.timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A `datetime-local` input's value ("2026-11-25T14:05") for an instant, on the company's wall clock. */
export function toZonedInput(clock: Clock, value: Value): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, clock.timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant a `datetime-local` value means on the company's wall clock; null when it is not one. */
export function fromZonedInput(clock: Clock, input: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(input);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  return zonedTime(clock.timeZone, { year, month, day, hour, minute });
}

/** "14:05" when `value` is today on the company's clock, its date otherwise (the inbox rows). */
export function formatRecent(clock: Clock, value: Value, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  return dayKey(clock, d) === dayKey(clock, now) ? formatTime(clock, d) : formatDay(clock, d);
}

/**
 * A calendar day (no instant: a cell of the schedules calendar) in the clock's language — its weekday or month
 * name. The day is given by its local fields, the way the calendar builds its grid.
 */
export function formatCalendarDay(clock: Clock, day: Date, options: Intl.DateTimeFormatOptions): string {
  const noon = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12));
  return formatWith({ ...clock, timeZone: 'UTC' }, noon, options);
}
