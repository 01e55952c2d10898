import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { ContactListsService } from './contact-lists.service';

/** A contact list spreadsheet import (POST /contact-lists/:id/upload); one attempt — a failed import is shown, not retried. */
export const contactListImportJob = defineJob({
  name: 'contactLists.import',
  schema: z.object({
    companyId: z.number().int().positive(),
    userId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
    filePath: z.string().min(1),
    fileName: z.string(),
  }),
  queue: { retryLimit: 0, expireInSeconds: 3600 },
});

export function registerContactListsJobs(jobs: Jobs, lists: ContactListsService) {
  jobs.register(contactListImportJob, (payload) => lists.runImport(payload), { pollingIntervalSeconds: 1 });
}
