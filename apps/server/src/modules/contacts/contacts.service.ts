import type { ChannelRegistry } from '../../channels/types';
import type { CoreDeps } from '../../platform/deps';
import { contactsExport } from './contacts.export';
import { contactImports } from './contacts.import';
import { contactRecordCore, contactRecords } from './contacts.records';
import { createWhatsappNumberCheck } from './contacts.whatsapp-check';

/**
 * Contacts (seed 000 §5): the records (contacts.records.ts), the imports (contacts.import.ts) and the export
 * (contacts.export.ts), put together as the one service the routes, the jobs and the other modules use.
 */
export function createContactsService(deps: CoreDeps, opts: { channels?: ChannelRegistry } = {}) {
  const core = contactRecordCore(deps);
  return {
    ...contactRecords(deps, core, createWhatsappNumberCheck(deps, opts.channels)),
    ...contactImports(deps, core, opts),
    ...contactsExport(deps),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
