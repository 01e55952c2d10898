import { z } from 'zod';
import { TemplateSendBody } from './message-templates';
import { knownPlaceholders } from './templates';
import { boolParam } from './tickets';
import { idParam, V } from './validation';

/** Recurrence units (seed 000 §9): 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_INTERVAL_UNITS = [1, 2, 3, 4] as const;
/** When a send falls on a weekend (seed 000 §9): 4 send normally, 5 one business day before, 6 one business day after. */
export const SCHEDULE_BUSINESS_DAYS = [4, 5, 6] as const;
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** Default send time of a new schedule: now plus 1 hour (seed 000 §9). */
export const SCHEDULE_DEFAULT_DELAY_MS = 60 * 60 * 1000;
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULES_PAGE_SIZE = 40;
/** A schedule's attachment (seed 000 §5: png, jpg or jpeg). */
export const SCHEDULE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const SCHEDULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const count = (max: number) => z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(max, V.invalid);

/** The fields of the schedule modal (seed 000 §5): body ≥ 5 characters, sendAt required, at least one contact. */
const scheduleFields = {
  body: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .min(SCHEDULE_BODY_MIN, V.scheduleBodyShort)
    .max(10_000, V.tooLong)
    .refine(knownPlaceholders.check, knownPlaceholders.message),
  sendAt: z.coerce.date({ error: V.required }),
  whatsappId: idParam.nullable().optional(),
  queueId: idParam.nullable().optional(),
  ticketId: idParam.nullable().optional(),
  intervalUnit: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: V.invalid })
    .nullable()
    .optional(),
  intervalValue: count(1000).optional().default(1),
  repeatCount: count(1000).optional().default(1),
  businessDays: z
    .union([z.literal(4), z.literal(5), z.literal(6)], { error: V.invalid })
    .optional()
    .default(4),
  signMessage: boolParam.optional().default(false),
  /**
   * On a Cloud API connection, an approved template sent instead of the text (issue 36): what reaches a customer whose
   * 24-hour window will be closed at the send time. The text stays what the schedule lists (the template as rendered).
   */
  template: TemplateSendBody.nullable().optional(),
};

/** POST /schedules: one schedule per contact chosen. */
export const ScheduleCreateBody = z.object({
  ...scheduleFields,
  contactIds: z.array(idParam, { error: V.selectContact }).min(1, V.selectContact).max(100, V.tooLong),
});
export type ScheduleCreateBody = z.input<typeof ScheduleCreateBody>;

/** PUT /schedules/:id (a pending or failed one): the same fields, one contact. */
export const ScheduleUpdateBody = z.object({ ...scheduleFields, contactId: idParam.optional() });
export type ScheduleUpdateBody = z.input<typeof ScheduleUpdateBody>;

/** GET /schedules: searchParam (contact name or text), pageNumber, contactId, a sendAt window for the calendar. */
export const ScheduleListQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  contactId: idParam.optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
  from: z.coerce.date({ error: V.invalid }).optional(),
  to: z.coerce.date({ error: V.invalid }).optional(),
});
export type ScheduleListQuery = z.input<typeof ScheduleListQuery>;

export const ScheduleDto = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: z.date(),
  sentAt: z.date().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }).nullable(),
  ticketId: z.number().nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  queueId: z.number().nullable(),
  intervalUnit: z.number().nullable(),
  intervalValue: z.number(),
  repeatCount: z.number(),
  sentCount: z.number(),
  businessDays: z.number(),
  signMessage: z.boolean(),
  /** The attached image's name and its signed URL. */
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  template: TemplateSendBody.nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ScheduleDto = z.infer<typeof ScheduleDto>;

export const SchedulePageDto = z.object({ schedules: z.array(ScheduleDto), count: z.number(), hasMore: z.boolean() });
export type SchedulePageDto = z.infer<typeof SchedulePageDto>;

const DAY_MS = 86_400_000;

/** The send after `from` for a recurrent schedule (months keep the day of month, clamped to the month's end). */
export function nextSendAt(from: Date, unit: number, value: number): Date {
  const d = new Date(from.getTime());
  if (unit === 1) return new Date(from.getTime() + value * DAY_MS);
  if (unit === 2) return new Date(from.getTime() + value * 7 * DAY_MS);
  if (unit === 4) return new Date(from.getTime() + value * 60_000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + value);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Moves a send off the weekend as the schedule asks (4 as is, 5 the Friday before, 6 the Monday after), judged on
 * the company's calendar: `weekdayOf(date)` answers 0 (Sunday) to 6 there (UTC when not given).
 */
export function onBusinessDay(at: Date, rule: number, weekdayOf: (d: Date) => number = (d) => d.getUTCDay()): Date {
  if (rule !== 5 && rule !== 6) return at;
  const weekday = weekdayOf(at);
  if (weekday !== 0 && weekday !== 6) return at;
  const shift = rule === 5 ? (weekday === 6 ? -1 : -2) : weekday === 6 ? 2 : 1;
  return new Date(at.getTime() + shift * DAY_MS);
}
