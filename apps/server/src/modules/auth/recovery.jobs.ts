import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { RecoveryService } from './recovery.service';

/**
 * A recovery code the process that made it could not send (the platform's QR connection runs in another process, or
 * is reconnecting). Any process takes it; the one owning the session sends it. Retried every 5 s for the code's life.
 */
export const sendRecoveryCodeJob = defineJob({
  name: 'auth.sendRecoveryCode',
  schema: z.object({
    companyId: z.number().int().positive(),
    recoveryId: z.number().int().positive(),
    number: z.string().min(1).max(40),
    /** The code, sealed (recovery.service seal): never readable in pg-boss' table. */
    sealed: z.string().min(1).max(200),
  }),
  queue: { retryLimit: 120, retryDelay: 5, retryBackoff: false, expireInSeconds: 60 },
});

export function registerRecoveryJobs(jobs: Jobs, recovery: RecoveryService) {
  jobs.register(sendRecoveryCodeJob, (payload) => recovery.deliverQueued(payload));
}
