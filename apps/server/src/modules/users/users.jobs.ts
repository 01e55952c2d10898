import { z } from 'zod';
import type { Jobs } from '../../platform/jobs';
import { defineJob } from '../../platform/jobs';
import type { UsersService } from './users.service';

/** Every minute: users whose userStatus pings stopped (two missed) go offline. */
export const markStaleUsersOfflineJob = defineJob({
  name: 'users.markStaleOffline',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 120, policy: 'singleton' },
});

export function registerUsersJobs(jobs: Jobs, users: UsersService) {
  jobs.register(
    markStaleUsersOfflineJob,
    async () => {
      await users.markStaleOffline();
    },
    { cron: '* * * * *' },
  );
}
