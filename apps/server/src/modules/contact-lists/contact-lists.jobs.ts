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

/**
 * Looks a list's unchecked numbers up on WhatsApp through the company's QR connection. Any process may take it; the
 * one that owns the Baileys session answers (the others throw a retryable error and pg-boss tries again).
 */
export const contactListCheckWhatsappJob = defineJob({
  name: 'contactLists.checkWhatsapp',
  schema: z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive() }),
  queue: { retryLimit: 60, retryDelay: 5, retryBackoff: false, expireInSeconds: 600 },
});

export function registerContactListsJobs(jobs: Jobs, lists: ContactListsService) {
  jobs.register(contactListImportJob, (payload) => lists.runImport(payload), { pollingIntervalSeconds: 1 });
  jobs.register(contactListCheckWhatsappJob, (payload) => lists.checkWhatsapp(payload));
}
