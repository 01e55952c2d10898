import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { KanbanLanes } from './kanban.lanes';

/** Every minute: lanes' timeouts and rollbacks (kanban.lanes sweep). `at` sets the sweep's clock (tests, replays). */
export const laneAutomationJob = defineJob({
  name: 'kanban.laneAutomation',
  schema: z.object({ at: z.iso.datetime().optional() }),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

export function registerKanbanJobs(jobs: Jobs, lanes: KanbanLanes) {
  jobs.register(
    laneAutomationJob,
    async (payload) => {
      await lanes.sweep(payload.at ? new Date(payload.at) : new Date());
    },
    { cron: '* * * * *' },
  );
}
