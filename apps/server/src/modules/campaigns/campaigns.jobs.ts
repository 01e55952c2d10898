import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { CampaignsService } from './campaigns.service';

/**
 * One campaign's sending loop (campaigns.service dispatch). `short`: per campaign (singletonKey) at most one queued
 * job, so the tick and a loop re-queuing itself never stack up; a queued job may start while another process's job is
 * still "active" (a process killed mid-loop holds its job until it expires), so a restart continues at once.
 * Correctness never depends on it: every send claims its slot and its record by compare-and-set.
 */
export const dispatchCampaignJob = defineJob({
  name: 'campaigns.dispatch',
  schema: z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() }),
  queue: { retryLimit: 3, retryDelay: 10, expireInSeconds: 120, policy: 'short' },
});

/** Every minute: due PROGRAMADA campaigns start, running ones are woken and their acks read. */
export const campaignsTickJob = defineJob({
  name: 'campaigns.tick',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

export function registerCampaignsJobs(jobs: Jobs, campaigns: CampaignsService) {
  jobs.register(dispatchCampaignJob, (p) => campaigns.runDispatchJob(p), { pollingIntervalSeconds: 1 });
  jobs.register(campaignsTickJob, () => campaigns.tick(), { cron: '* * * * *' });
}
