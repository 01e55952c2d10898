import { z } from 'zod';
import { dayParam, idListParam } from './tickets';
import { V } from './validation';

/** An empty query parameter (`days=&date_from=`, as the seed's client sends them) is no parameter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A range whose end (YYYY-MM-DD) comes before its start: the dashboard filter's and the API's one rule. */
export const isReversedRange = (from: string | undefined, to: string | undefined) => Boolean(from && to && from > to);

/**
 * GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay (seed 000 §7): a range as `days` (the last N days,
 * today included) or `date_from`/`date_to` (YYYY-MM-DD, both included, in the company's time zone); the chart calls
 * also take the seed's `initialDate`/`finalDate`. Without any, the default range of seed 000 §9 (first day of the
 * month to today); the page itself refuses an empty filter (seed 000 §5 'Parametrize o filtro').
 */
export const DashboardQuery = z
  .object({
    days: optional(z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(3660, V.invalid)),
    date_from: optional(dayParam),
    date_to: optional(dayParam),
    initialDate: optional(dayParam),
    finalDate: optional(dayParam),
    queueIds: idListParam,
    userIds: idListParam,
    /** Accepted for the seed's client; the company always comes from the token. */
    companyId: z.unknown().optional(),
  })
  .superRefine((q, ctx) => {
    const from = q.date_from ?? q.initialDate;
    const to = q.date_to ?? q.finalDate;
    if (isReversedRange(from, to)) ctx.addIssue({ code: 'custom', path: ['date_to'], message: V.dateRangeReversed });
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** One attendant row of the dashboard (seed 000 §3 "Attendant rows"); times in minutes, null without data. */
export const DashboardAttendantDto = z.object({
  id: z.number(),
  name: z.string(),
  /** Average rating (0–10) of the attendances they finished in the range; null when none was rated. */
  rating: z.number().nullable(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: z.number().nullable(),
  avgSupportTime: z.number().nullable(),
  online: z.boolean(),
});
export type DashboardAttendantDto = z.infer<typeof DashboardAttendantDto>;

/** Seed 000 §3 "Dashboard counters" (every definition in docs/metrics.md); times in minutes. */
export const DashboardCountersDto = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  avgSupportTime: z.number().nullable(),
  avgWaitTime: z.number().nullable(),
  activeTickets: z.number(),
  passiveTickets: z.number(),
  tickets: z.number(),
  npsScore: z.number(),
  npsPromotersPerc: z.number(),
  npsPassivePerc: z.number(),
  npsDetractorsPerc: z.number(),
  withRating: z.number(),
  withoutRating: z.number(),
  waitRating: z.number(),
  percRating: z.number(),
});
export type DashboardCountersDto = z.infer<typeof DashboardCountersDto>;

export const DashboardDto = z.object({
  /** The range as computed (local dates, both included) and its time zone. */
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  counters: DashboardCountersDto,
  attendants: z.array(DashboardAttendantDto),
});
export type DashboardDto = z.infer<typeof DashboardDto>;

/** GET /dashboard/ticketsUsers: tickets per attendant (the seed's `nome` and `quantidade`). */
export const DashboardTicketsUsersDto = z.object({
  data: z.array(z.object({ userId: z.number(), nome: z.string(), quantidade: z.number() })),
});
export type DashboardTicketsUsersDto = z.infer<typeof DashboardTicketsUsersDto>;

/** GET /dashboard/ticketsDay: per hour (`horario` '00'–'23') for one day, per date (`data` YYYY-MM-DD) otherwise. */
export const DashboardTicketsDayDto = z.object({
  by: z.enum(['hour', 'date']),
  data: z.array(z.object({ horario: z.string().optional(), data: z.string().optional(), total: z.number() })),
  count: z.number(),
});
export type DashboardTicketsDayDto = z.infer<typeof DashboardTicketsDayDto>;

/** The counters that show what is happening now (refreshed live from ticket events), not the range. */
export const DASHBOARD_NOW_COUNTERS = ['supportHappening', 'supportPending', 'supportGroups', 'waitRating'] as const;

/** NPS bands of a 0–10 answer (seed 000 §9 "NPS scale 0 to 10"). */
export const NPS_PROMOTER_MIN = 9;
export const NPS_PASSIVE_MIN = 7;

/** Minutes as the dashboard shows them (seed 000 §3): 'HHh mmm', e.g. 125 → '02h 05m'; null → '00h 00m'. */
export function formatDashboardMinutes(minutes: number | null | undefined): string {
  const total = Math.max(0, Math.round(minutes ?? 0));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}h ${String(m).padStart(2, '0')}m`;
}
