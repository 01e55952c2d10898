import { z } from 'zod';
import { idParam, V } from './validation';

/** Pages whose first-visit tutorial dialog plays a help video (the help's `page`). */
export const HELP_PAGES = ['connections', 'queues', 'schedules', 'typebot', 'kanban', 'prompts', 'campaigns', 'welcome'] as const;
export type HelpPage = (typeof HELP_PAGES)[number];

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube video id of a help's video: an 11-character id as it is, or the id read from a YouTube link. */
export function youtubeId(video: string | null | undefined): string | null {
  const v = (video ?? '').trim();
  if (YOUTUBE_ID.test(v)) return v;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The embeddable URL of a help's video (null when it is not a YouTube id or link). */
export function helpEmbedUrl(video: string | null | undefined): string | null {
  const id = youtubeId(video);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

/** POST /helps and PUT /helps/:id (seed 001 §3: title, description, video — a YouTube id or link). */
export const HelpBody = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  description: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(2000, V.tooLong).default('')),
  video: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(300, V.tooLong)
    .refine((v) => youtubeId(v) !== null, V.invalidVideo),
  page: z.preprocess((v) => (v === '' ? null : v), z.enum(HELP_PAGES, { error: V.invalid }).nullable().default(null)),
});
export type HelpBody = z.infer<typeof HelpBody>;
export type HelpBodyInput = z.input<typeof HelpBody>;

export const HelpIdParams = z.object({ helpId: idParam });

export const HelpDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpDto = z.infer<typeof HelpDto>;
