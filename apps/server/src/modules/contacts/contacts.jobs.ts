import { ContactImportMapping } from '@atendo/shared';
import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { ContactsService } from './contacts.service';

/** A contact spreadsheet import (POST /contacts/import); one attempt — a failed import is shown, not retried. */
export const contactsImportJob = defineJob({
  name: 'contacts.import',
  schema: z.object({
    companyId: z.number().int().positive(),
    userId: z.number().int().positive(),
    importId: z.number().int().positive(),
    mapping: ContactImportMapping,
    rows: z.array(z.number().int().min(0)).optional(),
  }),
  queue: { retryLimit: 0, expireInSeconds: 3600 },
});

export function registerContactsJobs(jobs: Jobs, contacts: ContactsService) {
  jobs.register(contactsImportJob, (payload) => contacts.runImport(payload), { pollingIntervalSeconds: 1 });
}
