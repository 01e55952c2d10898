import { z } from 'zod';
import { V } from './validation';

/** Seed 001 §9: defaults of a new prompt. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 20, voice: 'texto' } as const;
/** Seed 001 §5: the instructions' minimum length. */
export const PROMPT_MIN_LENGTH = 50;
/** The model used when a prompt names none (any OpenAI-compatible chat model works). */
export const DEFAULT_CHAT_MODEL = 'gpt-4o-mini';
/** What the model answers, alone or at the end of its reply, to hand the conversation to a person (docs/automation.md). */
export const AI_TRANSFER_TOKEN = '#TRANSFER';
/** Voices offered: 'texto' answers in text; the others are Azure neural voice names (replies sent as voice notes). */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'en-US-JennyNeural',
  'en-US-GuyNeural',
  'es-ES-ElviraNeural',
  'tr-TR-EmelNeural',
] as const;
/** Seed 001 §9: the external API test's timeout (ms) and the largest answer read. */
export const EXTERNAL_PROXY_TIMEOUT_MS = 30_000;
export const EXTERNAL_PROXY_MAX_BYTES = 50_000_000;

const intField = (min: number, max: number) =>
  z.coerce.number({ error: V.required }).int(V.invalid).min(min, V.invalid).max(max, V.invalid);

const PromptFields = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).min(5, V.tooShort).max(100, V.tooLong),
  prompt: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .min(PROMPT_MIN_LENGTH, 'validation.promptTooShort')
    .max(20_000, V.tooLong),
  queueId: z.coerce.number({ error: V.selectQueue }).int(V.selectQueue).positive(V.selectQueue),
  /** Empty on an update keeps the stored key (the browser only ever sees it masked). */
  apiKey: z.string().trim().max(500, V.tooLong).optional().default(''),
  model: z.string().trim().max(100, V.tooLong).optional().default(''),
  maxTokens: intField(1, 16_000).default(PROMPT_DEFAULTS.maxTokens),
  temperature: z.coerce.number({ error: V.required }).min(0, V.invalid).max(2, V.invalid).default(PROMPT_DEFAULTS.temperature),
  maxMessages: intField(0, 100).default(PROMPT_DEFAULTS.maxMessages),
  voice: z.string().trim().max(100, V.tooLong).optional().default('texto'),
  voiceKey: z.string().trim().max(500, V.tooLong).optional().default(''),
  voiceRegion: z
    .string()
    .trim()
    .max(50, V.tooLong)
    .regex(/^[a-z0-9-]*$/i, V.invalid)
    .optional()
    .default(''),
  useExternalApi: z.boolean().optional().default(false),
  apiUrl: z.string().trim().max(2000, V.tooLong).optional().default(''),
  apiJsonData: z.unknown().optional(),
});

/** POST /prompt (seed 001 §5: name 5–100, instructions ≥ 50, queue, key, tokens, temperature, history). */
export const PromptBody = PromptFields.superRefine((b, ctx) => {
  if (!b.apiKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: V.required });
  if (b.useExternalApi && !b.apiUrl) ctx.addIssue({ code: 'custom', path: ['apiUrl'], message: V.required });
  if (b.voice !== 'texto' && (!b.voiceKey || !b.voiceRegion)) {
    ctx.addIssue({ code: 'custom', path: [b.voiceKey ? 'voiceRegion' : 'voiceKey'], message: V.required });
  }
});
export type PromptBody = z.input<typeof PromptBody>;
/** PUT /prompt/:id: the same fields; an empty apiKey / voiceKey keeps the stored one. */
export const PromptUpdateBody = PromptFields;
export type PromptUpdateBody = z.input<typeof PromptUpdateBody>;

export const PromptListQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
});

export const PromptDto = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  /** Masked: the last 4 characters only. */
  apiKey: z.string(),
  model: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  maxMessages: z.number(),
  voice: z.string(),
  /** Masked like apiKey. */
  voiceKey: z.string(),
  voiceRegion: z.string(),
  useExternalApi: z.boolean(),
  apiUrl: z.string(),
  apiJsonData: z.unknown().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PromptDto = z.infer<typeof PromptDto>;

/** GET /prompt (seed 001 §7: response prompts). */
export const PromptListDto = z.object({ prompts: z.array(PromptDto), count: z.number(), hasMore: z.boolean() });
export type PromptListDto = z.infer<typeof PromptListDto>;

/** GET /api/external-proxy (seed 001 §7: query url, timeout). */
export const ExternalProxyQuery = z.object({
  url: z.string({ error: V.required }).trim().min(1, V.required).max(2000, V.tooLong).url(V.invalid),
  timeout: z.coerce.number().int(V.invalid).min(1000, V.invalid).max(EXTERNAL_PROXY_TIMEOUT_MS, V.invalid).optional(),
});

/** Tokens of AI turns: how many turns and the provider's usage (prompt, completion, total). */
export const PromptUsageFigures = z.object({
  turns: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});
export type PromptUsageFigures = z.infer<typeof PromptUsageFigures>;

/**
 * GET /prompt/usage: the company's token use this month (from the 1st, 00:00 in the company's timezone), per
 * prompt (promptId null: turns of prompts deleted since), most used first, and the month's total.
 */
export const PromptUsageDto = z.object({
  /** YYYY-MM in the company's timezone. */
  month: z.string(),
  from: z.string(),
  prompts: z.array(PromptUsageFigures.extend({ promptId: z.number().nullable(), name: z.string() })),
  total: PromptUsageFigures,
});
export type PromptUsageDto = z.infer<typeof PromptUsageDto>;
