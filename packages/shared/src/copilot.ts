import { z } from 'zod';
import { ConversationMessageDto } from './conversation';
import { V } from './validation';

/** The attendants' AI co-pilot (docs/ai.md): suggest a reply, summarise into a private note, improve a draft. */
export const COPILOT_ACTIONS = ['suggest', 'summary', 'improve'] as const;
export type CopilotAction = (typeof COPILOT_ACTIONS)[number];
/** Calls of the co-pilot a company may make per minute (all its attendants together). */
export const COPILOT_RATE = { limit: 30, windowMs: 60_000 } as const;
/** Messages of the conversation the co-pilot reads (the newest, private notes included as context). */
export const COPILOT_HISTORY = 30;

const Language = z.enum(['pt', 'en', 'es', 'tr']).optional();

export const CopilotBody = z.object({
  /** The attendant's interface language: the summary is written in it (a suggestion follows the customer's). */
  language: Language,
});
export type CopilotBody = z.infer<typeof CopilotBody>;

export const CopilotImproveBody = z.object({
  draft: z.string({ error: V.required }).trim().min(1, V.required).max(4096, V.tooLong),
  language: Language,
});
export type CopilotImproveBody = z.infer<typeof CopilotImproveBody>;

export const CopilotTextDto = z.object({ text: z.string() });
export type CopilotTextDto = z.infer<typeof CopilotTextDto>;

export const CopilotSummaryDto = z.object({ text: z.string(), message: ConversationMessageDto });
export type CopilotSummaryDto = z.infer<typeof CopilotSummaryDto>;
