import { z } from 'zod';
import { dayParam, idListParam, TagRefDto } from './tickets';

/** The seed's client sends empty dates when no range is set. */
const optionalDay = z.preprocess((v) => (v === '' ? undefined : v), dayParam.optional());

/** GET /ticket/kanban (seed 002 §7): the user's queues (or some of them) and a date range on the last activity. */
export const KanbanTicketsQuery = z.object({
  queueIds: idListParam.optional(),
  startDate: optionalDay,
  endDate: optionalDay,
});
export type KanbanTicketsQuery = z.infer<typeof KanbanTicketsQuery>;

/** A kanban card (seed 002 §3 "Kanban ticket"). */
export const KanbanTicketDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string(), urlPicture: z.string(), tags: z.array(TagRefDto) }),
  channel: z.string(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  tags: z.array(TagRefDto),
  unreadMessages: z.number(),
  lastMessage: z.string(),
  updatedAt: z.date(),
});
export type KanbanTicketDto = z.infer<typeof KanbanTicketDto>;

export const KanbanTicketsDto = z.object({ tickets: z.array(KanbanTicketDto) });

/** Seed 002 §9: a card shows the last message cut at 25 characters. */
export const KANBAN_LAST_MESSAGE_CHARS = 25;
export const cutLastMessage = (text: string) =>
  text.length > KANBAN_LAST_MESSAGE_CHARS ? `${text.slice(0, KANBAN_LAST_MESSAGE_CHARS).trimEnd()}…` : text;
