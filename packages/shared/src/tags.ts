import { z } from 'zod';
import { boolParam } from './tickets';
import { idParam, V } from './validation';

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, V.invalid);
/** The board flag: 0/1 as the seed sends it, or a boolean. */
const kanbanFlag = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  z.coerce.number().int().min(0).max(1),
);

/** A tag name: at least 3 characters ('Tag muito curta!', seed 000 §5). */
export const tagNameField = z.string({ error: V.required }).trim().min(1, V.required).min(3, V.tagTooShort).max(100, V.tooLong);

/** POST /tags (seed 000 §7: name, kanban, color). */
export const CreateTagBody = z.object({
  name: tagNameField,
  color: color.optional(),
  kanban: kanbanFlag.optional(),
});
export type CreateTagBody = z.infer<typeof CreateTagBody>;

/** GET /tags/list: `kanban` 1 lists the board's lanes, 0 the plain tags; absent lists all. */
export const TagListQuery = z.object({ kanban: kanbanFlag.optional(), searchParam: z.string().trim().max(100).optional() });

/** POST /tags/sync: the contact's tags become exactly these (by id, or by name — created when new). */
export const SyncContactTagsBody = z.object({
  contactId: idParam,
  tags: z.array(z.union([idParam, z.object({ id: idParam.optional(), name: tagNameField.optional() })])).max(200, V.tooLong),
});
export type SyncContactTagsBody = z.infer<typeof SyncContactTagsBody>;

export const TagDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  position: z.number(),
  timeLane: z.number(),
  nextLaneId: z.number().nullable(),
  rollbackLaneId: z.number().nullable(),
  greetingMessageLane: z.string(),
  userId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TagDto = z.infer<typeof TagDto>;

export const TicketTagParams = z.object({ ticketId: idParam, tagId: idParam });
export const ContactIdParams = z.object({ contactId: idParam });

// ─── Quick messages (seed 002 §3) ────────────────────────────────────────────

/** GET /quick-messages for the '/' picker: the caller's own and the shared (geral) ones. */
export const QuickMessageListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  isMedia: boolParam.optional(),
});

export const QuickMessageDto = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  visao: z.boolean(),
  status: z.string(),
  userId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Signed URL of the attached file, when there is one. */
  mediaUrl: z.string().nullable(),
  isMedia: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type QuickMessageDto = z.infer<typeof QuickMessageDto>;
