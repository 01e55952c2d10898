import { z } from 'zod';
import { knownPlaceholders } from './templates';
import { boolParam } from './tickets';
import { V } from './validation';

export const QUICK_MESSAGES_PAGE_SIZE = 20;

/** GET /quick-messages/list for the composer's '/' picker: the caller's own and the shared (geral) visible ones. */
export const QuickMessageListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  isMedia: boolParam.optional(),
});

/** GET /quick-messages (seed 002 §7): searchParam, pageNumber; answer records, hasMore. */
export const QuickMessagePageQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});

/** POST /quick-messages and PUT /quick-messages/:id (seed 002 §5: shortcode required). */
export const QuickMessageBody = z.object({
  shortcode: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(100, V.tooLong)
    .regex(/^\S+$/, V.shortcodeNoSpaces),
  message: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional().default(''),
  geral: boolParam.optional(),
  visao: boolParam.optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type QuickMessageBody = z.infer<typeof QuickMessageBody>;

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
  /** The caller may edit it: the owner, or anyone when it is shared (seed 002 §6). */
  canEdit: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type QuickMessageDto = z.infer<typeof QuickMessageDto>;

export const QuickMessagePageDto = z.object({ records: z.array(QuickMessageDto), hasMore: z.boolean(), count: z.number() });

/** An attachment's stored name: spaces become underscores (seed 002 §5); path separators and controls are dropped. */
export function quickMessageFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) > 31 && ch.charCodeAt(0) !== 127).join('');
  const cleaned = printable.replace(/\s+/g, '_').slice(0, 200);
  return cleaned || 'file';
}
