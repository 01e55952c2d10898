import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/**
 * One AI turn of a ticket: the model answers the customer's newest message (provider called here, outside any
 * transaction; the answer stored in a short one that re-checks the ticket). Retries are not needed: a failure hands over.
 */
export const promptReplyJob = defineJob({
  name: 'prompts.reply',
  schema: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    /** How many times this turn already waited for the customer's audio to be downloaded (absent: 0). */
    waited: z.number().int().min(0).max(100).optional(),
  }),
  queue: { retryLimit: 0, expireInSeconds: 180 },
});
