import { z } from 'zod';
import { TICKET_STATUSES } from './constants';
import { formatDashboardMinutes } from './dashboard';
import { boolParam, dayParam, idListParam, parseListParam, TicketStatusSchema } from './tickets';
import { V } from './validation';

/** Page sizes of the tickets report (seed 001 §9); the first page shows REPORT_DEFAULT_PAGE_SIZE rows. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** The export's file name (seed 001 §9). */
export const REPORT_EXPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';

/**
 * The filters of the tickets report (seed 001 §7 "Report"): lists as JSON arrays (or commas), a range of days in the
 * company's time zone over the ticket's creation, and onlyRated (tickets the contact rated).
 */
export const TicketReportFilters = z
  .object({
    searchParam: z.string().trim().max(200, V.tooLong).optional(),
    contactId: idListParam,
    whatsappId: idListParam,
    tags: idListParam,
    users: idListParam,
    queueIds: idListParam,
    status: z.preprocess(parseListParam, z.array(TicketStatusSchema).max(TICKET_STATUSES.length, V.tooLong).optional()),
    dateFrom: dayParam.optional(),
    dateTo: dayParam.optional(),
    onlyRated: boolParam.optional(),
    /** Tickets that missed a target of their queue's SLA policy (decision 105). */
    slaBreached: boolParam.optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: V.invalid });
export type TicketReportFilters = z.infer<typeof TicketReportFilters>;

/** GET /ticketreport/reports: the filters and a page (sizes of REPORT_PAGE_SIZES; any 1–100 is accepted). */
export const TicketReportQuery = z.intersection(
  TicketReportFilters,
  z.object({
    page: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(1_000_000, V.invalid).default(1),
    pageSize: z.coerce
      .number({ error: V.invalid })
      .int(V.invalid)
      .min(1, V.invalid)
      .max(100, V.invalid)
      .default(REPORT_DEFAULT_PAGE_SIZE),
  }),
);
export type TicketReportQuery = z.infer<typeof TicketReportQuery>;

/** GET /ticketreport/export: the filters and the language of the sheet's headers. */
export const TicketReportExportQuery = z.intersection(
  TicketReportFilters,
  z.object({ lang: z.enum(['pt', 'en', 'es', 'tr']).optional() }),
);
export type TicketReportExportQuery = z.infer<typeof TicketReportExportQuery>;

/**
 * One row of the report (seed 001 §3 "Ticket report row"). supportTime: minutes of the ticket's last attendance
 * (docs/metrics.md "Support time"), null while it is not closed; NPS: the contact's last 0–10 answer, null if none.
 */
export const TicketReportRowDto = z.object({
  id: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  contactNumber: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.date(),
  closedAt: z.date().nullable(),
  supportTime: z.number().nullable(),
  NPS: z.number().nullable(),
  /** The first SLA target the ticket missed (firstResponse | nextResponse | resolution); null when none (or no SLA). */
  slaBreach: z.string().nullable(),
});
export type TicketReportRowDto = z.infer<typeof TicketReportRowDto>;

/** Totals of the whole filtered report (not of the page). */
export const TicketReportTotalsDto = z.object({
  total: z.number(),
  closed: z.number(),
  rated: z.number(),
  /** Mean NPS answer (0–10) of the rated tickets; null without any. */
  avgRating: z.number().nullable(),
  /** Mean support time in minutes of the closed tickets; null without any. */
  avgSupportTime: z.number().nullable(),
});
export type TicketReportTotalsDto = z.infer<typeof TicketReportTotalsDto>;

/** The counts every page carries (the seed's totalTickets.total): cheap, read from the tickets' creation index. */
export const TicketReportCountsDto = TicketReportTotalsDto.pick({ total: true, closed: true });
export type TicketReportCountsDto = z.infer<typeof TicketReportCountsDto>;

/**
 * One page: its rows and the counts of the whole filtered report. The other totals (ratings, support time) are read
 * once per set of filters from GET /ticketreport/totals, not again for every page.
 */
export const TicketReportPageDto = z.object({
  tickets: z.array(TicketReportRowDto),
  totalTickets: TicketReportCountsDto,
  hasMore: z.boolean(),
});
export type TicketReportPageDto = z.infer<typeof TicketReportPageDto>;

/** Minutes as the dashboard shows them ('HHh mmm'), or '-' when there is no figure (an open ticket's support time). */
export function formatMinutes(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined || !Number.isFinite(minutes) ? '-' : formatDashboardMinutes(minutes);
}
