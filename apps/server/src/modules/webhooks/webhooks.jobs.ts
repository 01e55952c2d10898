import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { WebhooksService } from './webhooks.service';

/**
 * One attempt of one delivery. Its retries are new jobs with the back-off (the service decides); pg-boss' own retry only
 * covers a process that died mid-attempt (the job expires and runs again: the same row, the same event id).
 */
export const deliverWebhookJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({
    companyId: z.number().int().positive(),
    deliveryId: z.number().int().positive(),
    /** Sent by the log's resend: goes out whatever the row's state. */
    resend: z.boolean().optional(),
  }),
  queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 120 },
});

/** Every day: deliveries older than 30 days go. */
export const sweepWebhookDeliveriesJob = defineJob({
  name: 'webhooks.sweep',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600, policy: 'singleton' },
});

/**
 * Several sends side by side in each process, each bounded by its timeout: one slow endpoint holds one worker for at
 * most WEBHOOK_TIMEOUT_SECONDS, never the others' deliveries.
 */
export function registerWebhooksJobs(jobs: Jobs, webhooks: WebhooksService) {
  jobs.register(deliverWebhookJob, (p) => webhooks.deliver(p.companyId, p.deliveryId, p.resend), { concurrency: 8 });
  jobs.register(sweepWebhookDeliveriesJob, async () => void (await webhooks.sweep()), { cron: '17 3 * * *' });
}
