/**
 * The pure rules of the conversation automation: reading a customer's menu answer, rendering a numbered menu,
 * service hours and collective vacation in the company's timezone, the NPS and LGPD answers. No I/O here, so
 * each rule is tested on its own and the service stays a sequence of small steps.
 */
import {
  ASSIGNMENT_MODES,
  type AssignmentMode,
  addDays,
  type CalendarDay,
  dayIn,
  minutesOfDay,
  type ScheduleRowDto,
  storedDay,
  type TicketSlaColumns,
  wallClock,
  withinHours,
  zonedInstant,
} from '@atendo/shared';

/** '#' or '0' goes back one level in a chatbot flow. */
export const BACK_KEYS = ['#', '0'];

const KEYCAP = /([0-9#*])\uFE0F?\u20E3/gu;

/** Lower case, no accents, emoji keycaps (1️⃣, 🔟) as digits, no surrounding punctuation or spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .replace(/\u{1F51F}/gu, '10')
    .replace(KEYCAP, '$1')
    .replace(/[\uFE0F\u200D]/gu, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.,;:!?*_~"'()[\]-]+|[\s.,;:!?*_~"'()[\]-]+$/gu, '');
}

/**
 * Which of `names` (1-based) a customer's answer picks: the number ('2', ' 2 ', '2️⃣', 'opção 2', '*2*'), or the
 * name whatever its case and accents ('suporte', 'Suporte técnico', 'quero vendas' when only one name is in it).
 * Answers 'back' for '#'/'0', null when nothing or more than one option matches.
 */
export function matchChoice(answer: string, names: readonly string[]): number | 'back' | null {
  const a = normalizeAnswer(answer);
  if (!a) return null;
  if (BACK_KEYS.includes(a)) return 'back';
  const numbers = a.match(/\d+/g);
  if (numbers && numbers.length === 1 && /^(?:[a-z]+ )?\d+$/.test(a)) {
    const n = Number(numbers[0]);
    if (n === 0) return 'back';
    return n >= 1 && n <= names.length ? n : null;
  }
  const normalized = names.map(normalizeAnswer);
  const exact = normalized.indexOf(a);
  if (exact >= 0) return exact + 1;
  const words = ` ${a.replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const inside = normalized
    .map((n, i) => ({ n: n.replace(/[^\p{L}\p{N}]+/gu, ' ').trim(), i }))
    .filter(({ n }) => n.length >= 3 && words.includes(` ${n} `));
  return inside.length === 1 ? inside[0].i + 1 : null;
}

/** The text of a menu: its greeting, then one numbered line per option (and how to go back, when one can). */
export function renderMenu(greeting: string, options: readonly string[], opts: { back?: boolean } = {}): string {
  const lines = options.map((name, i) => `*${i + 1}* - ${name}`);
  if (opts.back) lines.push('*#* - Voltar');
  return [greeting.trim(), lines.join('\n')].filter(Boolean).join('\n\n');
}

// ─── Service hours ──────────────────────────────────────────────────────────

const WEEKDAY_INDEX: Record<ScheduleRowDto['weekdayEn'], number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** Weekday (0 Sunday), minutes since midnight and the calendar date at `now` in `timezone` (the shared time module). */
export function localClock(now: Date, timezone: string) {
  const w = wallClock(now, timezone);
  return { weekday: w.weekday, minutes: w.hour * 60 + w.minute, date: dayIn(now, timezone) };
}

/**
 * True when `now` falls in one of the two intervals (A, B) of the weekday's row. No rows at all means no
 * restriction (always open); a weekday without a row, or with empty intervals, is closed.
 */
export function isWithinSchedule(schedules: readonly ScheduleRowDto[] | null | undefined, now: Date, timezone: string): boolean {
  if (!schedules || schedules.length === 0) return true;
  const clock = localClock(now, timezone);
  const row = schedules.find((r) => WEEKDAY_INDEX[r.weekdayEn] === clock.weekday);
  if (!row) return false;
  return withinHours(clock.minutes, row.startTimeA, row.endTimeA) || withinHours(clock.minutes, row.startTimeB, row.endTimeB);
}

/** The YYYY-MM-DD part of a stored vacation date ('2026-12-20', '2026-12-20T00:00:00.000Z', '20/12/2026'). */
export function vacationDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value.trim());
  return br ? `${br[3]}-${br[2]}-${br[1]}` : null;
}

/** Collective vacation: the company's calendar day is between start and end (both included). */
export function isOnVacation(start: string | null | undefined, end: string | null | undefined, now: Date, timezone: string) {
  const s = vacationDay(start);
  const e = vacationDay(end);
  if (!s || !e) return false;
  const today = localClock(now, timezone).date;
  return today >= s && today <= e;
}

/**
 * The open intervals [start, end) of a calendar day under `schedules`, as `isWithinSchedule` reads them: the
 * weekday's rows A and B, an interval past midnight ('22:00'–'02:00') covering both ends of its own day.
 */
function openIntervalsOfDay(schedules: readonly ScheduleRowDto[], day: CalendarDay, timezone: string): [number, number][] {
  const d = storedDay(day);
  const row = schedules.find((r) => WEEKDAY_INDEX[r.weekdayEn] === d.getUTCDay());
  if (!row) return [];
  const at = (minute: number) =>
    zonedInstant(timezone, { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), minute }).getTime();
  const out: [number, number][] = [];
  for (const [a, b] of [
    [row.startTimeA, row.endTimeA],
    [row.startTimeB, row.endTimeB],
  ]) {
    const s = minutesOfDay(a);
    const e = minutesOfDay(b);
    if (s === null || e === null || s === e) continue;
    const parts =
      s < e
        ? [[s, e]]
        : [
            [0, e],
            [s, 1440],
          ];
    for (const [ps, pe] of parts) if (pe > ps) out.push([at(ps), at(pe)]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** Some weekday has an open interval (else the business-hours arithmetic counts calendar time). */
function opensSometime(schedules: readonly ScheduleRowDto[] | null | undefined): schedules is readonly ScheduleRowDto[] {
  return Boolean(
    schedules?.some((r) =>
      [
        [r.startTimeA, r.endTimeA],
        [r.startTimeB, r.endTimeB],
      ].some(([a, b]) => {
        const [s, e] = [minutesOfDay(a), minutesOfDay(b)];
        return s !== null && e !== null && s !== e;
      }),
    ),
  );
}

/** Days a business-hours walk looks ahead before it gives up on a schedule that never opens (then: calendar time). */
const BUSINESS_DAYS_AHEAD = 400;

/**
 * The instant `ms` of open time after `from` under `schedules` (the SLA's "business hours"; decision 105). No rows, or
 * rows that never open, count every minute.
 */
export function addBusinessTime(
  from: Date,
  ms: number,
  schedules: readonly ScheduleRowDto[] | null | undefined,
  timezone: string,
): Date {
  if (!opensSometime(schedules)) return new Date(from.getTime() + ms);
  let left = ms;
  const start = from.getTime();
  let day = addDays(dayIn(from, timezone), -1);
  for (let i = 0; i < BUSINESS_DAYS_AHEAD; i++, day = addDays(day, 1)) {
    for (const [s, e] of openIntervalsOfDay(schedules, day, timezone)) {
      const begin = Math.max(s, start);
      if (e <= begin) continue;
      if (left <= e - begin) return new Date(begin + left);
      left -= e - begin;
    }
  }
  return new Date(from.getTime() + ms);
}

/** The open time (ms) between two instants under `schedules`; no rows, or rows that never open: all of it. */
export function businessTimeBetween(
  from: Date,
  to: Date,
  schedules: readonly ScheduleRowDto[] | null | undefined,
  timezone: string,
): number {
  const [a, b] = [from.getTime(), to.getTime()];
  if (b <= a) return 0;
  if (!opensSometime(schedules)) return b - a;
  let total = 0;
  const last = dayIn(to, timezone);
  let day = addDays(dayIn(from, timezone), -1);
  for (let i = 0; i < BUSINESS_DAYS_AHEAD && day <= last; i++, day = addDays(day, 1)) {
    for (const [s, e] of openIntervalsOfDay(schedules, day, timezone)) total += Math.max(0, Math.min(e, b) - Math.max(s, a));
  }
  return total;
}

// ─── NPS and LGPD answers ───────────────────────────────────────────────────

/** A 0–10 score in the answer ('8', ' 10 ', '🔟', 'nota 9'), or null. */
export function parseNpsScore(answer: string): number | null {
  const a = normalizeAnswer(answer);
  const m = /^(?:nota |note |score )?(\d{1,2})$/.exec(a);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 0 && n <= 10 ? n : null;
}

const ACCEPT = ['1', 'sim', 's', 'aceito', 'concordo', 'yes', 'y', 'si', 'acepto', 'evet', 'ok'];
const REFUSE = ['2', 'nao', 'n', 'recuso', 'no', 'rechazo', 'hayir'];

/** The customer's LGPD answer: 1/sim/aceito accepts, 2/não/recuso refuses. */
export function parseConsent(answer: string): 'accept' | 'refuse' | null {
  const a = normalizeAnswer(answer);
  if (ACCEPT.includes(a)) return 'accept';
  if (REFUSE.includes(a)) return 'refuse';
  return null;
}

/**
 * Seed 001 §1 startWork/endWork ('HH:MM', end included): whether `now` is within the user's work hours on the company's
 * clock. A window whose end is before its start runs past midnight; an unreadable value does not lock anyone out.
 */
export function withinWorkHours(startWork: string, endWork: string, now: Date, timezone: string): boolean {
  const toMinutes = (hhmm: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  };
  const s = toMinutes(startWork);
  const e = toMinutes(endWork);
  if (s === null || e === null) return true;
  const { minutes } = localClock(now, timezone);
  return s <= e ? minutes >= s && minutes <= e : minutes >= s || minutes <= e;
}

// ─── Assignment (docs/automation.md "Assignment") ───────────────────────────

/** The mode a queue's waiting tickets follow: its own, or the company's `userRandom` switch when its own is off. */
export function effectiveAssignmentMode(queueMode: string, userRandom: boolean): AssignmentMode {
  const own = ASSIGNMENT_MODES.find((m) => m === queueMode) ?? 'off';
  return own === 'off' && userRandom ? 'random' : own;
}

export interface Assignee {
  id: number;
  open: number;
  /** 0 = no limit. */
  capacity: number;
}

export const hasRoom = (a: Assignee) => a.capacity <= 0 || a.open < a.capacity;

/**
 * Who takes the next ticket among `eligible` (by id, each with room): round robin — the first after the queue's last
 * assignee, wrapping; least busy — the fewest open tickets, ties in the round robin's order (so equals take turns);
 * random — any of them (`random` in [0, 1)).
 */
export function pickAssignee<A extends Assignee>(
  mode: AssignmentMode,
  eligible: A[],
  lastUserId: number | null,
  random: () => number,
): A | null {
  if (mode === 'off' || !eligible.length) return null;
  if (mode === 'random') return eligible[Math.min(eligible.length - 1, Math.floor(random() * eligible.length))];
  const after = eligible.findIndex((a) => lastUserId === null || a.id > lastUserId);
  const turn = after < 0 ? eligible : [...eligible.slice(after), ...eligible.slice(0, after)];
  if (mode === 'roundRobin') return turn[0];
  return turn.reduce((best, a) => (a.open < best.open ? a : best));
}

// ─── SLA (docs/automation.md "SLA"; decision 105) ────────────────────────────

export const SLA_TARGETS = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** A queue's policy: minutes per target (null = none) and the hours they count in. */
export interface SlaPolicy {
  firstResponse: number | null;
  nextResponse: number | null;
  resolution: number | null;
  /** The hours the targets count in (the queue's, else the company's), or null: every minute counts. */
  hours: readonly ScheduleRowDto[] | null;
  timezone: string;
}

/** What a ticket carries of its SLA. */
export type SlaState = TicketSlaColumns;

const due = (p: SlaPolicy, from: Date, minutes: number | null) =>
  minutes === null ? null : addBusinessTime(from, minutes * 60_000, p.hours, p.timezone);

/** The policy applies (the ticket entered the queue, or was reopened in it): the first reply and the close are due. */
export function slaStart(p: SlaPolicy, now: Date): Partial<SlaState> {
  return {
    slaStartedAt: now,
    slaFirstResponseDueAt: due(p, now, p.firstResponse),
    slaNextResponseDueAt: null,
    slaResolutionDueAt: due(p, now, p.resolution),
    slaPausedAt: null,
  };
}

/**
 * The first target missed by `now`, if none was yet: a reply overdue, or the close overdue on the clock that ran (it
 * stopped when the ticket began waiting on the customer).
 */
export function slaMissed(s: SlaState, now: Date): SlaTarget | null {
  if (!s.slaStartedAt || s.slaBreachedAt) return null;
  const ran = s.slaPausedAt ?? now;
  const late: [SlaTarget, Date | null, Date][] = [
    ['firstResponse', s.slaFirstResponseDueAt, now],
    ['nextResponse', s.slaNextResponseDueAt, now],
    ['resolution', s.slaResolutionDueAt, ran],
  ];
  const missed = late
    .filter(([, at, by]) => at !== null && at.getTime() < by.getTime())
    .sort((x, y) => (x[1] as Date).getTime() - (y[1] as Date).getTime());
  return missed[0]?.[0] ?? null;
}

const withBreach = (s: SlaState, now: Date, patch: Partial<SlaState>): Partial<SlaState> => {
  const missed = slaMissed(s, now);
  return missed ? { ...patch, slaBreach: missed, slaBreachedAt: now } : patch;
};

/**
 * An attendant replied: the reply due is met (or late), and the ticket now waits on the customer — the resolution
 * clock stops until they write.
 */
export function slaReplied(s: SlaState, now: Date): Partial<SlaState> {
  if (!s.slaStartedAt) return {};
  return withBreach(s, now, { slaFirstResponseDueAt: null, slaNextResponseDueAt: null, slaPausedAt: s.slaPausedAt ?? now });
}

/**
 * The customer wrote. After a reply (the ticket waited on them) the resolution clock runs again with the time it had
 * left when it stopped, and the next reply is due; before any reply nothing moves (the first reply is still due).
 */
export function slaCustomerWrote(p: SlaPolicy, s: SlaState, now: Date): Partial<SlaState> {
  if (!s.slaStartedAt || !s.slaPausedAt) return {};
  const left = s.slaResolutionDueAt ? businessTimeBetween(s.slaPausedAt, s.slaResolutionDueAt, p.hours, p.timezone) : null;
  return {
    slaPausedAt: null,
    slaResolutionDueAt: left === null ? null : addBusinessTime(now, left, p.hours, p.timezone),
    slaNextResponseDueAt: due(p, now, p.nextResponse),
  };
}

/** The ticket closed: whatever was still due is settled (a close past its due is a breach). */
export function slaClosed(s: SlaState, now: Date): Partial<SlaState> {
  if (!s.slaStartedAt) return {};
  return withBreach(s, now, {
    slaFirstResponseDueAt: null,
    slaNextResponseDueAt: null,
    slaResolutionDueAt: null,
    slaPausedAt: null,
  });
}
