import { z } from 'zod';
import { ASSIGNMENT_CAPACITY_MAX, TICKET_LIST_MAX_PX, TICKET_LIST_MIN_PX } from './constants';
import { emailField, idParam, nameField, passwordField, V } from './validation';

export const LANGUAGES = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

const flag = z.enum(['enabled', 'disabled'], { error: V.invalid });
/** HH:mm in 10-minute steps, plus the default end of day 23:59 (seed 001 §3 startWork/endWork). */
const workTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]0|23:59)$/, V.invalid);

export const UserIdParams = z.object({ id: idParam });
export const UserIdPathParams = z.object({ userId: idParam });

/** Fields any user may change on their own account. */
export const OwnUserFields = z.object({
  name: nameField(2, 50).optional(),
  email: emailField().optional(),
  // The form sends an empty password when it is not being changed (optional when editing, seed 001 §5).
  password: z.union([z.literal(''), passwordField()]).optional(),
  language: z.enum(LANGUAGES, { error: V.invalid }).nullable().optional(),
  defaultTheme: z.enum(['light', 'dark'], { error: V.invalid }).optional(),
  defaultMenu: z.enum(['open', 'closed'], { error: V.invalid }).optional(),
});

/** PUT /users/:id — a partial update; profile, queues, connection, hours and flags need users:manage. */
export const UpdateUserBody = OwnUserFields.extend({
  profile: z.enum(['admin', 'user'], { error: V.invalid }).optional(),
  queueIds: z.array(idParam).max(500, V.tooLong).optional(),
  whatsappId: idParam.nullable().optional(),
  startWork: workTime.optional(),
  endWork: workTime.optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, V.invalid)
    .nullable()
    .optional(),
  farewellMessage: z.string().max(5000, V.tooLong).nullable().optional(),
  showDashboard: flag.optional(),
  allowRealTime: flag.optional(),
  allowConnections: flag.optional(),
  allTicket: flag.optional(),
  allowGroup: flag.optional(),
  allHistoric: flag.optional(),
  allUserChat: flag.optional(),
  userClosePendingTicket: flag.optional(),
  /** Most open tickets the assignment rule gives this user; null: each queue's default. */
  assignmentCapacity: z
    .number({ error: V.invalid })
    .int(V.invalid)
    .min(1, V.invalid)
    .max(ASSIGNMENT_CAPACITY_MAX, V.invalid)
    .nullable()
    .optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** POST /users (admins): the same fields with name, e-mail and password required (seed 001 §5). */
export const CreateUserBody = UpdateUserBody.extend({
  name: nameField(2, 50),
  email: emailField(),
  password: passwordField(),
  profile: z.enum(['admin', 'user'], { error: V.invalid }).default('user'),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** GET /users/ — search by name or e-mail, 20 per page (seed 001 §7). */
export const UserListQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
export const USERS_PAGE_SIZE = 20;

/** Keys of UpdateUserBody a plain user may send about themself. */
export const OWN_USER_FIELDS = Object.keys(OwnUserFields.shape) as (keyof z.infer<typeof OwnUserFields>)[];

export const ToggleTicketsWidthBody = z.object({
  defaultTicketsManagerWidth: z.coerce
    .number({ error: V.invalid })
    .int(V.invalid)
    .min(TICKET_LIST_MIN_PX, V.invalid)
    .max(TICKET_LIST_MAX_PX, V.invalid),
});
export type ToggleTicketsWidthBody = z.infer<typeof ToggleTicketsWidthBody>;

export const UserQueueDto = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const UserDto = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
  profileImage: z.string().nullable(),
  queues: z.array(UserQueueDto),
  queueIds: z.array(z.number()),
  whatsappId: z.number().nullable(),
  startWork: z.string(),
  endWork: z.string(),
  color: z.string().nullable(),
  farewellMessage: z.string().nullable(),
  language: z.string().nullable(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTicketsManagerWidth: z.number(),
  showDashboard: flag,
  allowRealTime: flag,
  allowConnections: flag,
  allTicket: flag,
  allowGroup: flag,
  allHistoric: flag,
  allUserChat: flag,
  userClosePendingTicket: flag,
  assignmentCapacity: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** Realtime payload of `company-{id}-user` updates (presence and edits). */
export interface UserEventUser {
  id: number;
  online?: boolean;
  name?: string;
  profileImage?: string | null;
  [key: string]: unknown;
}

/** GET /users/list: the company's users for selectors (transfer, filters, chatbot targets). */
export const UserListItemDto = z.object({
  id: z.number(),
  name: z.string(),
  profile: z.enum(['admin', 'user']),
  online: z.boolean(),
  color: z.string().nullable(),
  queues: z.array(UserQueueDto),
});
export type UserListItemDto = z.infer<typeof UserListItemDto>;

export const UserListDto = z.object({ users: z.array(UserDto), count: z.number(), hasMore: z.boolean() });
export type UserListDto = z.infer<typeof UserListDto>;
