import { z } from 'zod';
import { V } from './validation';

/** Queue integrations and file lists (seed 001 §3 "Queue integration", "File list"; §5; §7). */
export const INTEGRATIONS_PAGE_SIZE = 20;
export const FILE_LISTS_PAGE_SIZE = 20;

export const QUEUE_INTEGRATION_TYPES = ['typebot', 'n8n', 'webhook', 'dialogflow'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** Seed 001 §9: Typebot defaults of 1000 ms between bubbles and a session expiring after 1 minute of silence. */
export const TYPEBOT_DEFAULT_DELAY_MS = 1000;
export const TYPEBOT_DEFAULT_EXPIRES_MIN = 1;

const pageNumber = z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid);

/** GET /queueIntegration and GET /files: searched and paged when pageNumber is given, else the whole (capped) list for pickers. */
export const IntegrationPageQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: pageNumber.optional(),
});

const optText = (max: number) => z.string().trim().max(max, V.tooLong).optional().default('');
const httpUrl = z
  .string()
  .trim()
  .max(2000, V.tooLong)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), V.invalid);

const QueueIntegrationObject = z.object({
  type: z.enum(QUEUE_INTEGRATION_TYPES, { error: V.required }),
  name: z.string({ error: V.required }).trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
  projectName: optText(200),
  jsonContent: optText(20_000),
  language: z.enum(DIALOGFLOW_LANGUAGES).optional().default('pt-BR'),
  urlN8N: httpUrl.optional().default(''),
  typebotSlug: optText(200),
  typebotExpires: z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(100_000, V.invalid).optional(),
  typebotKeywordFinish: optText(100),
  typebotKeywordRestart: optText(100),
  typebotUnknownMessage: optText(2000),
  typebotDelayMessage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(60_000, V.invalid).optional(),
  typebotRestartMessage: optText(2000),
});

/**
 * POST /queueIntegration and PUT /queueIntegration/:id (seed 001 §5): name 2 to 50; the URL is required for
 * n8n, webhook and typebot, the slug for typebot, the project and the JSON credentials for dialogflow.
 */
export const QueueIntegrationBody = QueueIntegrationObject.superRefine((v, ctx) => {
  const need = (path: keyof typeof v, ok: boolean) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: V.required });
  };
  if (v.type !== 'dialogflow') need('urlN8N', Boolean(v.urlN8N));
  if (v.type === 'typebot') need('typebotSlug', Boolean(v.typebotSlug));
  if (v.type === 'dialogflow') {
    need('projectName', Boolean(v.projectName));
    need('jsonContent', Boolean(v.jsonContent));
  }
});
export type QueueIntegrationBody = z.infer<typeof QueueIntegrationBody>;

export const QueueIntegrationDto = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  projectName: z.string(),
  jsonContent: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotDelayMessage: z.number(),
  typebotRestartMessage: z.string(),
  /** The key that signs n8n / webhook calls (`X-Atendo-Signature: sha256=HMAC(secret, body)`), see docs/automation.md. */
  secret: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type QueueIntegrationDto = z.infer<typeof QueueIntegrationDto>;

export const QueueIntegrationPageDto = z.object({
  queueIntegrations: z.array(QueueIntegrationDto),
  hasMore: z.boolean(),
  count: z.number(),
});

/** POST /queueIntegration/testSession: checks Dialogflow credentials by one detectIntent. */
export const IntegrationTestSessionBody = z.object({
  projectName: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  jsonContent: z.string({ error: V.required }).trim().min(1, V.required).max(20_000, V.tooLong),
  language: z.enum(DIALOGFLOW_LANGUAGES).optional().default('pt-BR'),
});
export const IntegrationTestSessionDto = z.object({ ok: z.boolean(), fulfillmentText: z.string() });

export const FileListOptionBody = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().max(200, V.tooLong).optional().default(''),
  mediaType: z.string().trim().max(100, V.tooLong).optional().default(''),
});

/** POST /files and PUT /files/:id (seed 001 §5): name at least 3 characters ('nome muito curto'), message required. */
export const FileListBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).min(3, V.fileListNameShort).max(100, V.tooLong),
  message: z.string({ error: V.required }).trim().min(1, V.required).max(10_000, V.tooLong),
  options: z.array(FileListOptionBody).max(50, V.tooLong).optional(),
});
export type FileListBody = z.infer<typeof FileListBody>;

export const FileListOptionDto = z.object({
  id: z.number(),
  name: z.string(),
  mediaType: z.string(),
  path: z.string().nullable(),
  /** Signed URL of the uploaded file through the authorised media path. */
  url: z.string().nullable(),
});
export type FileListOptionDto = z.infer<typeof FileListOptionDto>;

export const FileListDto = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  options: z.array(FileListOptionDto),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type FileListDto = z.infer<typeof FileListDto>;

export const FileListPageDto = z.object({ files: z.array(FileListDto), hasMore: z.boolean(), count: z.number() });
