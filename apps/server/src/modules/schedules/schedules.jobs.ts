import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { SchedulesService } from './schedules.service';

/** Every minute: schedules whose time has come are sent (schedules.service sendDue). */
export const sendDueSchedulesJob = defineJob({
  name: 'schedules.sendDue',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
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
