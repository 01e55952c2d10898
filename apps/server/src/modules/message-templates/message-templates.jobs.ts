import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { MessageTemplatesService } from './message-templates.service';

/** Every hour: each Cloud API connection's templates are asked of Meta again (statuses change: approved, paused …). */
export const syncTemplatesJob = defineJob({
  name: 'templates.sync',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600, policy: 'singleton' },
});

export function registerMessageTemplatesJobs(
  jobs: Jobs,
  templates: MessageTemplatesService,
  log: (obj: object, msg: string) => void,
) {
  jobs.register(
    syncTemplatesJob,
    async () => {
      await templates.syncAll(log);
    },
    { cron: '17 * * * *' },
  );
}
