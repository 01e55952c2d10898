import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/**
 * One turn of a ticket's integration: `messageId` 0 starts the conversation, otherwise the customer's message to
 * answer. Called outside any transaction; the replies are stored in a short one that re-checks the bot state.
 */
export const integrationTurnJob = defineJob({
  name: 'integrations.turn',
  schema: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    integrationId: z.number().int().positive(),
    messageId: z.number().int().min(0),
    text: z.string().max(10_000),
    mediaType: z.string().max(50).optional(),
  }),
  queue: { retryLimit: 0, expireInSeconds: 120 },
});
