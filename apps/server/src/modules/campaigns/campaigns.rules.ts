/**
 * The sending rules of seed 002 §2.4 as pure functions (no clock, no database): when the window of the company's
 * day opens, and how long to wait after a send.
 */
import { localClock } from '../automation/automation.public';

export interface SendingRules {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  sabado: boolean;
  domingo: boolean;
  startHour: string;
  endHour: string;
}

const minutesOf = (hhmm: string, fallback: number) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : fallback;
};

/**
 * null when a message may go out at `now` (a weekday or an allowed weekend day, between start and end hour in the
 * company's time zone); otherwise the moment the window opens next.
 */
export function windowOpensAt(now: Date, rules: SendingRules, timezone: string): Date | null {
  const start = minutesOf(rules.startHour, 9 * 60);
  const end = minutesOf(rules.endHour, 18 * 60);
  const dayAllowed = (weekday: number) => (weekday === 6 ? rules.sabado : weekday === 0 ? rules.domingo : true);
  const clock = localClock(now, timezone);
  const secondsIntoMinute = now.getUTCSeconds() * 1000 + now.getUTCMilliseconds();
  if (dayAllowed(clock.weekday)) {
    if (clock.minutes >= start && clock.minutes < end) return null;
    if (clock.minutes < start) return new Date(now.getTime() - secondsIntoMinute + (start - clock.minutes) * 60_000);
  }
  // the start hour of the next allowed day (noon of each following day tells its weekday, whatever the offset)
  const midnight = now.getTime() - secondsIntoMinute - clock.minutes * 60_000;
  for (let d = 1; d <= 7; d++) {
    const noon = new Date(midnight + d * 86_400_000 + 12 * 3_600_000);
    const c = localClock(noon, timezone);
    if (!dayAllowed(c.weekday)) continue;
    return new Date(noon.getTime() - c.minutes * 60_000 + start * 60_000);
  }
  return null; // no day allowed at all cannot happen (weekdays always are)
}

/** Seconds to wait after the `count`-th message of a run: the longer interval after every N messages. */
export function intervalAfter(count: number, rules: SendingRules): number {
  if (rules.longerIntervalAfter > 0 && count % rules.longerIntervalAfter === 0) return rules.greaterInterval;
  return rules.messageInterval;
}

/** The next run's time of a recurrent campaign, or null when the recurrence is over. */
export function nextRecurrence(
  c: {
    isRecurrent: boolean;
    recurrenceInterval: number;
    recurrenceCount: number;
    recurrenceExecuted: number;
    recurrenceEndDate: Date | null;
  },
  from: Date,
): Date | null {
  if (!c.isRecurrent) return null;
  if (c.recurrenceCount > 0 && c.recurrenceExecuted + 1 >= c.recurrenceCount) return null;
  const next = new Date(from.getTime() + Math.max(1, c.recurrenceInterval) * 86_400_000);
  if (c.recurrenceEndDate && next > c.recurrenceEndDate) return null;
  return next;
}
