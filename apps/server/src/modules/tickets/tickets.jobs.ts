import { z } from 'zod';
import type { Jobs } from '../../platform/jobs';
import { defineJob } from '../../platform/jobs';
import type { TicketsService } from './tickets.service';

/** Every minute: idle attended tickets close (expiresTicket) and silent customers get the inactivity message. */
export const sweepIdleTicketsJob = defineJob({
  name: 'tickets.sweepIdle',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

export function registerTicketsJobs(jobs: Jobs, tickets: TicketsService) {
  jobs.register(
    sweepIdleTicketsJob,
    async () => {
      await tickets.sweepIdle();
    },
    { cron: '* * * * *' },
  );
}
