import { z } from 'zod';
import { V } from './validation';

/** Announcement priority (seed 002 §9): 1 high, 2 medium, 3 low (default). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** Images an announcement accepts (seed 002 §5: .png, .jpg, .jpeg), checked by their bytes on the server. */
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: V.invalid }));

/** POST/PUT /announcements (seed 002 §5: title and text required). */
export const AnnouncementBody = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  text: z.string({ error: V.required }).trim().min(1, V.required).max(10_000, V.tooLong),
  priority: z.coerce
    .number({ error: V.invalid })
    .int(V.invalid)
    .refine((p) => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(p), V.invalid)
    .default(3),
  status: flag.default(true),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBody>;

/** GET /announcements/ (seed 002 §7): search by title or text, a page at a time. */
export const AnnouncementListQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

export const AnnouncementDto = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  /** A URL the browser loads (signed), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /**
   * A system notice (e.g. a webhook endpoint paused): the key of its text under `notices.` and the values it names,
   * so each reader sees it in their language; `title` and `text` hold the Portuguese words for older clients.
   */
  notice: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementDto = z.infer<typeof AnnouncementDto>;

export const AnnouncementListDto = z.object({ records: z.array(AnnouncementDto), count: z.number(), hasMore: z.boolean() });
export type AnnouncementListDto = z.infer<typeof AnnouncementListDto>;
