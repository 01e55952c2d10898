import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { SchedulesService } from './schedules.service';

/**
 * Every minute: schedules whose time has come are sent (schedules.service sendDue). A sweep only stores messages
 * and queues their sends (no network), each schedule claimed by a conditional update first: expiry 60 s, so a sweep
 * held by a killed process stops blocking the next ones (singleton) within about 100 s, and two sweeps never send a
 * schedule twice.
 */
export const sendDueSchedulesJob = defineJob({
  name: 'schedules.sendDue',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 60, policy: 'singleton' },
});

export function registerSchedulesJobs(jobs: Jobs, schedules: SchedulesService) {
  jobs.register(
    sendDueSchedulesJob,
    async () => {
      await schedules.sendDue();
    },
    { cron: '* * * * *' },
  );
}
