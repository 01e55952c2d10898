import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { BillingService } from './billing.service';

/** Every hour: each billable company's next invoice, ahead of its due date (one per period, any number of workers). */
export const issueInvoicesJob = defineJob({
  name: 'billing.issueInvoices',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600, policy: 'singleton' },
});

/** Every 5 minutes: pending charges are asked about at their provider (a lost webhook is not a lost payment). */
export const reconcilePaymentsJob = defineJob({
  name: 'billing.reconcile',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600, policy: 'singleton' },
});

export function registerBillingJobs(jobs: Jobs, billing: BillingService) {
  jobs.register(issueInvoicesJob, async () => void (await billing.issueInvoices()), { cron: '7 * * * *' });
  jobs.register(reconcilePaymentsJob, async () => void (await billing.reconcile()), { cron: '*/5 * * * *' });
}
