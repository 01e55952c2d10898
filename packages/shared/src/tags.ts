import { z } from 'zod';
import { knownPlaceholders } from './templates';
import { ticketRefParam } from './tickets';
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
export const tagNameField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .min(3, V.tagTooShort)
  .max(100, V.tooLong);

/**
 * A lane to move to (nextLaneId, rollbackLaneId): an id, or none. The seeds' client sends an empty list or 0 for
 * "no lane" (a select with nothing chosen), and a one-item list when one is chosen.
 */
const laneRef = z.preprocess((v) => {
  if (Array.isArray(v)) return v.length === 0 ? null : v.length === 1 ? v[0] : v;
  return v === 0 || v === '0' || v === '' ? null : v;
}, idParam.nullable().optional());

/** POST /tags (seed 000 §7: name, kanban, color). */
export const CreateTagBody = z.object({
  name: tagNameField,
  color: color.optional(),
  kanban: kanbanFlag.optional(),
  position: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(15, V.max15).nullable().optional(),
  ),
  timeLane: z.coerce.number({ error: V.wholeHours }).int(V.wholeHours).min(0, V.wholeHours).max(100_000, V.wholeHours).optional(),
  nextLaneId: laneRef,
  rollbackLaneId: laneRef,
  greetingMessageLane: z.string().max(5000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
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

export const TicketTagParams = z.object({ ticketId: ticketRefParam, tagId: idParam });
export const ContactIdParams = z.object({ contactId: idParam });

/** The tags page's form (seed 002 §5): name ≥ 3 ('Mensagem muito curta'), position 0–15 or empty, the lane fields. */
export const TagFormBody = CreateTagBody.extend({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .min(3, V.tagNameTooShort)
    .max(100, V.tooLong),
});
export type TagFormBody = z.infer<typeof TagFormBody>;

export const TAGS_PAGE_SIZE = 20;

/** GET /tags (seed 002 §7): searchParam, pageNumber, kanban, tagId. */
export const TagPageQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  kanban: kanbanFlag.optional(),
  tagId: idParam.optional(),
});

/** A row of the tags page: the tag with its contact and ticket counts. */
export const TagRowDto = TagDto.extend({ contactsCount: z.number(), ticketsCount: z.number() });
export type TagRowDto = z.infer<typeof TagRowDto>;
export const TagPageDto = z.object({ tags: z.array(TagRowDto), hasMore: z.boolean(), count: z.number() });

export const TagIdParams = z.object({ tagId: idParam });
export const TagContactParams = z.object({ tagId: idParam, contactId: idParam });
export const TagContactsQuery = z.object({
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
/** The tag-contacts dialog: id, name, number (masked for profile users under LGPD). */
export const TagContactsPageDto = z.object({
  contacts: z.array(z.object({ id: z.number(), name: z.string(), number: z.string() })),
  hasMore: z.boolean(),
  count: z.number(),
});
