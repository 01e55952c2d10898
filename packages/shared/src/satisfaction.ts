import { z } from 'zod';
import { isReversedRange } from './dashboard';
import { dayParam, idListParam } from './tickets';
import { V } from './validation';

/** The satisfaction report's xlsx (GET /dashboard/satisfaction/export). */
export const SATISFACTION_EXPORT_FILE_NAME = 'relatorio-de-satisfacao.xlsx';

/**
 * CSAT counts the scores of the top band of the 0–10 scale: 8, 9 and 10 (the 4 and 5 of a five-point scale);
 * docs/metrics.md "Satisfaction".
 */
export const CSAT_TOP_FROM = 8;

/** A range longer than this many days is drawn per week (Monday-started local weeks), shorter per day. */
export const SATISFACTION_DAILY_MAX_DAYS = 62;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * GET /dashboard/satisfaction (issue 33 item 3): a range of local days of the company's calendar (YYYY-MM-DD, both
 * included; without them, the month to today like the dashboard) and optional queues and attendants.
 */
export const SatisfactionFilters = z
  .object({
    date_from: optional(dayParam),
    date_to: optional(dayParam),
    queueIds: idListParam,
    userIds: idListParam,
  })
  .superRefine((q, ctx) => {
    if (isReversedRange(q.date_from, q.date_to))
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: V.dateRangeReversed });
  });
export type SatisfactionFilters = z.infer<typeof SatisfactionFilters>;

/** The figures of a set of answered ratings (NPS −100…100, CSAT and shares in %, avg 0–10); null without ratings. */
export const SatisfactionFiguresDto = z.object({
  /** Attendances closed in the range where the customer was asked to rate. */
  asked: z.number(),
  /** Of those, the ones the customer rated. */
  rated: z.number(),
  /** rated / asked in % (one decimal); null when nothing was asked. */
  responseRate: z.number().nullable(),
  nps: z.number().nullable(),
  csat: z.number().nullable(),
  avgRate: z.number().nullable(),
  promoters: z.number(),
  passive: z.number(),
  detractors: z.number(),
});
export type SatisfactionFiguresDto = z.infer<typeof SatisfactionFiguresDto>;

export const SatisfactionGroupDto = SatisfactionFiguresDto.extend({ id: z.number().nullable(), name: z.string().nullable() });
export type SatisfactionGroupDto = z.infer<typeof SatisfactionGroupDto>;

export const SatisfactionTrendPointDto = z.object({
  /** The bucket's first local day (YYYY-MM-DD). */
  day: z.string(),
  rated: z.number(),
  nps: z.number().nullable(),
  csat: z.number().nullable(),
  avgRate: z.number().nullable(),
});

export const SatisfactionDto = z.object({
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  totals: SatisfactionFiguresDto,
  /** How many answers gave each score, 0 to 10 (index = score). */
  distribution: z.array(z.number()),
  trend: z.object({ by: z.enum(['day', 'week']), points: z.array(SatisfactionTrendPointDto) }),
  attendants: z.array(SatisfactionGroupDto),
  queues: z.array(SatisfactionGroupDto),
});
export type SatisfactionDto = z.infer<typeof SatisfactionDto>;

/** GET /dashboard/satisfaction/comments: the customers' words, newest first, searched and paged. */
export const SatisfactionCommentsQuery = z.intersection(
  SatisfactionFilters,
  z.object({
    search: z.string().trim().max(200, V.tooLong).optional(),
    page: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
    pageSize: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(20),
  }),
);
export type SatisfactionCommentsQuery = z.infer<typeof SatisfactionCommentsQuery>;

export const SatisfactionCommentDto = z.object({
  ticketId: z.number(),
  ticketUuid: z.string(),
  rate: z.number(),
  /** The customer's messages with the score and in the minutes after it, joined by line breaks. */
  text: z.string(),
  ratedAt: z.date(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
});
export type SatisfactionCommentDto = z.infer<typeof SatisfactionCommentDto>;

export const SatisfactionCommentsDto = z.object({
  comments: z.array(SatisfactionCommentDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type SatisfactionCommentsDto = z.infer<typeof SatisfactionCommentsDto>;

export const SatisfactionExportQuery = z.intersection(
  SatisfactionFilters,
  z.object({ search: z.string().trim().max(200, V.tooLong).optional(), lang: z.enum(['pt', 'en', 'es', 'tr']).optional() }),
);
export type SatisfactionExportQuery = z.infer<typeof SatisfactionExportQuery>;
