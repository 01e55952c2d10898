import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AUDIT_MASK,
  ERASED_CONTACT_NAME,
  type EraseContactBody,
  eraseConfirmationMatches,
  erasedContactNumber,
  isErasedContactNumber,
  type Language,
  SECRET_FIELD_PATTERN,
} from '@atendo/shared';
import archiver from 'archiver';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import type { ContactsService } from '../contacts/contacts.service';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './privacy.repository';

/** A zip entry's name from a stored file's: no folders, nothing a file system would read as a path. */
const entryName = (id: number, name: string | null | undefined, stored: string) =>
  `${id}-${(name || stored.split('/').pop() || 'file').replace(/[^\w.-]+/g, '_').slice(-120)}`;

/** A JSON array written a page at a time. */
async function* jsonArray(pages: AsyncIterable<unknown[]>) {
  let first = true;
  yield '[';
  for await (const page of pages) {
    for (const item of page) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
      first = false;
    }
  }
  yield '\n]\n';
}

/** A row with its secret text columns (passwords' hashes, tokens, keys, secrets) masked; counts stay numbers. */
function maskSecrets(row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k] = typeof v === 'string' && v !== '' && SECRET_FIELD_PATTERN.test(k) ? AUDIT_MASK : v;
  return out;
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (row: T) => U) {
  for await (const page of pages) yield page.map(map);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A data subject's rights under the LGPD, per contact (issue 34 item 4; docs/privacy.md): everything held about the
 * contact as a streamed zip, and its erasure. Admins only (the routes' `contacts-page:deleteContact`); another
 * company's contact is not found.
 */
export function createPrivacyService(
  deps: CoreDeps,
  contacts: Pick<ContactsService, 'show'>,
  tickets: Pick<TicketsService, 'publishTicket'>,
) {
  const { db } = deps.database;

  async function mustFind(ctx: TenantContext, contactId: number) {
    const contact = await repo.findContact(db, ctx, contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return contact;
  }

  /**
   * Appends one entry and waits until the zip has written it, so one file is open at a time (a contact with
   * thousands of media would otherwise open them all at once).
   */
  function add(zip: archiver.Archiver, source: string | Readable, name: string) {
    return new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        zip.off('entry', written);
        zip.off('error', settle);
        zip.off('close', closed);
        if (err) reject(err);
        else resolve();
      };
      const written = () => settle();
      // A download cut short destroys the zip: the writer stops instead of waiting for an entry forever.
      const closed = () => settle(new Error('the zip was closed before its end'));
      zip.once('entry', written);
      zip.once('error', settle);
      zip.once('close', closed);
      zip.append(source, { name });
    });
  }

  /** A stored file's bytes as a zip entry, or nothing when the file is gone. */
  async function addFile(zip: archiver.Archiver, stored: string | null, name: string) {
    const abs = stored ? deps.media.resolve(stored) : null;
    if (!abs || !(await stat(abs).catch(() => null))) return;
    await add(zip, createReadStream(abs), name);
  }

  return {
    async exportZip(ctx: TenantContext, contactId: number) {
      const contact = await mustFind(ctx, contactId);
      const [profile, tickets, notes, schedules, lists, shippings, files, media] = await Promise.all([
        repo.contactProfile(db, ctx, contact),
        repo.contactTickets(db, ctx, contact.id),
        repo.contactNotes(db, ctx, contact.id),
        repo.contactSchedules(db, ctx, contact.id),
        repo.contactListEntries(db, ctx, contact.number),
        repo.contactShippings(db, ctx, contact),
        repo.contactTicketFiles(db, ctx, contact.id),
        repo.contactMedia(db, ctx, contact.id),
      ]);
      recordAudit(deps, ctx, { action: 'contact.export', entity: 'contact', entityId: contact.id, after: { lgpd: true } });

      const zip = archiver('zip', { zlib: { level: 6 } });
      const write = async () => {
        await add(zip, json(profile), 'contact.json');
        await add(zip, json(tickets), 'tickets.json');
        await add(zip, Readable.from(jsonArray(repo.contactMessages(db, ctx, contact.id))), 'messages.json');
        await add(zip, json(notes), 'notes.json');
        await add(zip, json(schedules), 'schedules.json');
        await add(zip, json(lists), 'contact-lists.json');
        await add(zip, json(shippings), 'campaign-shippings.json');
        for (const m of media) await addFile(zip, m.path, `media/${entryName(m.id, m.name, m.path ?? '')}`);
        for (const f of files) await addFile(zip, f.path, `files/${entryName(f.id, f.name, f.path)}`);
        for (const s of schedules) {
          await addFile(zip, s.mediaPath, `schedules/${entryName(s.id, s.mediaName, s.mediaPath ?? '')}`);
        }
        await zip.finalize();
      };
      write().catch((err) => zip.destroy(err));
      const day = new Date().toISOString().slice(0, 10);
      return { stream: zip, fileName: `contact-${contact.id}-${day}.zip` };
    },

    /**
     * A company's whole data for the super admin before the company is deleted: every table's rows of the company as
     * `tables/<table>.json` (secret columns masked; sign-in material left out) and every stored file under `media/`.
     */
    async exportCompany(ctx: TenantContext, companyId: number) {
      const tenant = { companyId };
      const company = await repo.companyRow(db, tenant);
      if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      const tables = await repo.companyTables(db);
      recordAudit(deps, ctx, { action: 'company.export', entity: 'company', entityId: companyId });

      const zip = archiver('zip', { zlib: { level: 6 } });
      const write = async () => {
        await add(zip, json(maskSecrets(company)), 'company.json');
        for (const t of tables) {
          const rows = mapPages(repo.companyTableRows(db, tenant, t), maskSecrets);
          await add(zip, Readable.from(jsonArray(rows)), `tables/${t.table}.json`);
        }
        for await (const stored of deps.media.listCompany(companyId)) {
          await addFile(zip, stored, `media/${stored.split('/').slice(1).join('/')}`);
        }
        await zip.finalize();
      };
      write().catch((err) => zip.destroy(err));
      const day = new Date().toISOString().slice(0, 10);
      return { stream: zip, fileName: `company-${companyId}-${day}.zip` };
    },

    async erase(ctx: TenantContext, contactId: number, body: EraseContactBody, language: Language) {
      const contact = await mustFind(ctx, contactId);
      if (isErasedContactNumber(contact.number)) throw new AppError('ERR_CONTACT_ERASED', 409);
      if (!eraseConfirmationMatches(body.confirm, contact.number)) throw new AppError('ERR_CONFIRMATION_MISMATCH', 400);
      const { media, ticketIds } = await repo.eraseContact(db, ctx, contact, {
        name: ERASED_CONTACT_NAME[language],
        number: erasedContactNumber(contact.id),
      });
      for (const path of [...media, contact.urlPicture]) await deps.media.remove(path);
      // The entry says who erased which contact and when — nothing of what it held.
      recordAudit(deps, ctx, {
        action: 'contact.erase',
        entity: 'contact',
        entityId: contact.id,
        after: { files: media.length },
      });
      const shown = await contacts.show(ctx, contact.id);
      deps.realtime.publish(ctx.companyId, 'contact', { action: 'update', contact: shown });
      // Inbox lists drop the last message's preview (an open conversation shows the erasure when reopened).
      for (const id of ticketIds) await tickets.publishTicket(ctx, id);
      // Systems fed by webhooks hear that the contact changed (and get the anonymised one).
      await deps.events.publish('contact.updated', { companyId: ctx.companyId, contactId: contact.id });
      return shown;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
