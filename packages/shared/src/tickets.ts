import { z } from 'zod';
import { CHANNELS, TICKET_STATUSES } from './constants';
import { TICKET_LOG_TYPES, TicketSlaDto } from './messaging';
import { idParam, V } from './validation';

/**
 * A list as the client sends it in a query string: JSON text (`[1,2]`, as the seed's client does),
 * comma text (`1,2`), a repeated parameter or a single value.
 */
export function parseListParam(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  const fromText = (s: string): unknown[] => {
    const t = s.trim();
    if (t === '') return [];
    if (t.startsWith('[')) {
      try {
        const parsed = JSON.parse(t);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [t];
      }
    }
    return t.split(',').map((x) => x.trim());
  };
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? fromText(x) : [x]));
  if (typeof v === 'string') return fromText(v);
  return [v];
}

/** Ids of a filter (tags, users, queues, connections). */
export const idListParam = z.preprocess(parseListParam, z.array(idParam).max(500, V.tooLong).optional());

/** `'true'`/`'false'` (query strings) or a boolean. */
export const boolParam = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === true) return true;
    if (v === 'false' || v === '0' || v === '' || v === false) return false;
    return v;
  },
  z.boolean({ error: V.invalid }),
);

/** A calendar day `YYYY-MM-DD` (an ISO timestamp is cut to its day). */
export const dayParam = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, V.invalid),
);

export const TicketStatusSchema = z.enum(TICKET_STATUSES, { error: V.invalid });

/** Ticket id in a path, with the seed's message ('ID do Ticket inválido.'). */
export const ticketIdParam = z.coerce
  .number({ error: V.invalidTicketId })
  .int(V.invalidTicketId)
  .positive(V.invalidTicketId)
  .max(2147483647, V.invalidTicketId);

/**
 * A ticket in a path: its number or its uuid (a client built from the seeds passes the uuid of `/tickets/{uuid}`
 * to `/messages/{ticketId}` and the other calls of the conversation). The server resolves a uuid in the caller's
 * company (another company's answers 404).
 */
export const ticketRefParam = z.union([ticketIdParam, z.string().uuid(V.invalidTicketId)], { error: V.invalidTicketId });
export type TicketRef = z.infer<typeof ticketRefParam>;

export const TicketIdParams = z.object({ ticketId: ticketRefParam });
export const TicketUuidParams = z.object({ uuid: z.string().uuid(V.invalid) });

export const TICKET_PAGE_SIZE = 40;

/** GET /tickets (seed 000 §7). `cursor` (from `nextCursor`) pages by keyset instead of pageNumber. */
export const TicketListQuery = z.object({
  searchParam: z.string().trim().max(200, V.tooLong).optional(),
  searchOnMessages: boolParam.optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  pageSize: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(TICKET_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^-?\d{1,20}_\d{1,10}$/, V.invalid)
    .optional(),
  tags: idListParam,
  users: idListParam,
  queueIds: idListParam,
  whatsapps: idListParam,
  status: TicketStatusSchema.optional(),
  statusFilter: z.preprocess(parseListParam, z.array(TicketStatusSchema).max(10).optional()),
  date: dayParam.optional(),
  updatedAt: dayParam.optional(),
  showAll: boolParam.optional(),
  withUnreadMessages: boolParam.optional(),
  sortTickets: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']).default('DESC')),
  isGroup: boolParam.optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuery>;

export const TagRefDto = z.object({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() });
export type TagRefDto = z.infer<typeof TagRefDto>;

/** A ticket as the inbox, the conversation header and the events carry it (seed 000 §3 "Ticket"). */
export const TicketListItemDto = z.object({
  id: z.number(),
  uuid: z.string(),
  companyId: z.number(),
  status: z.enum(TICKET_STATUSES),
  contactId: z.number(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    /** Masked for profile user when enableLGPD and lgpdHideNumber are on (not for groups). */
    number: z.string(),
    email: z.string(),
    urlPicture: z.string(),
    disableBot: z.boolean(),
    isGroup: z.boolean(),
    active: z.boolean(),
    channel: z.string(),
  }),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), groupAsTicket: z.string(), channel: z.string() }).nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string(), color: z.string().nullable() }).nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  channel: z.enum(CHANNELS),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.date().nullable(),
  sla: TicketSlaDto,
  unreadMessages: z.number(),
  fromMe: z.boolean(),
  amountUsedBotQueues: z.number(),
  tags: z.array(TagRefDto),
  /** The contact's latest rating of this ticket (1 to 5), if any. */
  userRating: z.object({ rate: z.number(), createdAt: z.date() }).nullable(),
  closedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TicketListItemDto = z.infer<typeof TicketListItemDto>;

export const TicketListDto = z.object({
  tickets: z.array(TicketListItemDto),
  hasMore: z.boolean(),
  /** Tickets matching the query (all pages). */
  count: z.number(),
  /** Keyset cursor of the next page (send it as `cursor`); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TicketListDto = z.infer<typeof TicketListDto>;

/** GET /tickets/u/:uuid: the ticket with its contact's extra info. */
export const TicketDetailDto = TicketListItemDto.extend({
  contact: TicketListItemDto.shape.contact.extend({
    extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
    tags: z.array(TagRefDto),
  }),
});
export type TicketDetailDto = z.infer<typeof TicketDetailDto>;

const nullableId = idParam.nullable();

/** POST /tickets (seed 000 §7). The owner is the caller; the company comes from the token. */
export const CreateTicketBody = z.object({
  contactId: idParam,
  queueId: z.coerce.number({ error: V.selectQueue }).int(V.selectQueue).positive(V.selectQueue).max(2147483647, V.selectQueue),
  whatsappId: nullableId.optional(),
  userId: nullableId.optional(),
  status: z.enum(['open', 'pending']).optional(),
  /** Sent by some clients; ignored (the token decides the company). */
  companyId: z.unknown().optional(),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

/**
 * PUT /tickets/:ticketId: one transition of seed 000 §4, chosen from the body and the ticket's state —
 * accept, return to queue, resolve, ignore, reopen, transfer — or the useIntegration toggle.
 */
export const UpdateTicketBody = z.object({
  status: TicketStatusSchema.optional(),
  userId: nullableId.optional(),
  queueId: nullableId.optional(),
  whatsappId: idParam.optional(),
  sendFarewellMessage: z.boolean().optional(),
  /** Resolve with ratings on: false closes without asking the customer's rating (the closing form's choice). */
  askRating: z.boolean().optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0, V.min0).max(1000, V.invalid).optional(),
  /** A note for the attendant who receives a transfer: kept as a private message in the ticket. */
  msgTransfer: z.string().max(10_000, V.tooLong).optional(),
  isTransfered: z.boolean().optional(),
  useIntegration: z.boolean().optional(),
  integrationId: nullableId.optional(),
});
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

/** POST /tickets/closeAll: closes every ticket of a status in the chosen queues (all queues when none). */
export const CloseAllTicketsBody = z.object({
  status: z.enum(['open', 'pending', 'group', 'lgpd', 'nps'], { error: V.invalid }),
  selectedQueueIds: idListParam,
});
export type CloseAllTicketsBody = z.infer<typeof CloseAllTicketsBody>;

export const TicketLogDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  type: z.enum(TICKET_LOG_TYPES),
  /** Why the automation did it, when it says (aiHandover: the provider's failure, the customer's request…). */
  reason: z.string().nullable().optional(),
  createdAt: z.date(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
});
export type TicketLogDto = z.infer<typeof TicketLogDto>;

/** GET /dashboard/moments (seed 000 §7): defaults to the last 30 days. */
export const MomentsQuery = z.object({
  status: TicketStatusSchema.optional(),
  showAll: boolParam.optional(),
  queueIds: idListParam,
  dateStart: dayParam.optional(),
  dateEnd: dayParam.optional(),
  userId: idParam.optional(),
});
export type MomentsQuery = z.infer<typeof MomentsQuery>;

// ─── Ticket notes ────────────────────────────────────────────────────────────

export const CreateTicketNoteBody = z.object({
  note: z.string({ error: V.required }).trim().min(1, V.required).min(2, V.tooShort).max(10_000, V.tooLong),
  ticketId: idParam,
  contactId: idParam,
});
export type CreateTicketNoteBody = z.infer<typeof CreateTicketNoteBody>;

export const TicketNotesQuery = z.object({ ticketId: idParam.optional(), contactId: idParam.optional() });

export const TicketNoteDto = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TicketNoteDto = z.infer<typeof TicketNoteDto>;

// ─── LGPD ────────────────────────────────────────────────────────────────────

/**
 * Seed 000 §5: a number shown to a profile user is partly masked — the middle digits replaced, the last 2 shown.
 * Brazilian numbers (+55) keep country and area code: `5511987654321` → `5511*******21`; others keep their
 * first 2 digits.
 */
export function maskPhoneNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 5) return number.length <= 2 ? number : `${'*'.repeat(number.length - 2)}${number.slice(-2)}`;
  const keep = digits.startsWith('55') && digits.length >= 12 ? 4 : 2;
  return `${digits.slice(0, keep)}${'*'.repeat(digits.length - keep - 2)}${digits.slice(-2)}`;
}

/** Seed 000 §5: numbers are hidden from profile users when LGPD is on and its number hiding too. */
export function lgpdHidesNumbers(s: { enableLGPD: string; lgpdHideNumber: string }): boolean {
  return s.enableLGPD === 'enabled' && s.lgpdHideNumber === 'enabled';
}
