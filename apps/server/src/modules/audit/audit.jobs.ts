import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { AuditService } from './audit.service';

/** Daily: the audit log keeps entries for the platform's retention (global auditRetentionDays). */
export const pruneAuditLogJob = defineJob({
  name: 'audit.prune',
  schema: z.object({}),
  queue: { retryLimit: 2, expireInSeconds: 600, policy: 'singleton' },
});

export function registerAuditJobs(jobs: Jobs, audit: AuditService) {
  jobs.register(
    pruneAuditLogJob,
    async () => {
      await audit.prune();
    },
    { cron: '17 3 * * *' },
  );
}
