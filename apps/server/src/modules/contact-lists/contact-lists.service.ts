import {
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  CONTACT_LISTS_PAGE_SIZE,
  type ContactListBody,
  type ContactListDto,
  type ContactListItemBody,
  type ContactListItemDto,
  can,
  canonicalPhoneNumber,
  normalizePhoneNumber,
  phoneNumberProblem,
} from '@atendo/shared';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { ChannelError, type ChannelRegistry } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { safeRecord } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import { dataRows, detectKind } from '../contacts/contacts.public';
import { contactListCheckWhatsappJob, contactListImportJob } from './contact-lists.jobs';
import * as repo from './contact-lists.repository';

const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Numbers asked of WhatsApp per lookup. */
const LOOKUP_BATCH = 50;
const IMPORT_BATCH = 1000;
const email = z.string().email();

export function toContactListDto(r: repo.ContactListRow): ContactListDto {
  return {
    id: r.id,
    name: r.name,
    contactsCount: r.contactsCount,
    importStatus: r.importStatus,
    importSummary: r.importSummary ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export const toItemDto = (r: repo.ContactListItemRow): ContactListItemDto => ({
  id: r.id,
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.isWhatsappValid,
  companyId: r.companyId,
  contactListId: r.contactListId,
});

/** The columns of an import: the sample's order (Nome, Numero, Email); the first row is the header. */
const COLS = { name: 0, number: 1, email: 2 };

/** Contact lists and their items (seed 002 §2.5, §3, §7 "Contact lists"); plan flag useCampaigns, admins. */
export function createContactListsService(deps: CoreDeps, opts: { channels?: ChannelRegistry } = {}) {
  const { db } = deps.database;

  /** Asks for the list's unchecked numbers to be looked up on WhatsApp (once per list at a time). */
  async function queueLookup(companyId: number, contactListId: number) {
    await deps.jobs.send(contactListCheckWhatsappJob, { companyId, contactListId }, { singletonKey: `${contactListId}` });
  }

  function gate(ctx: TenantContext) {
    if (!can(ctx.user, 'contact-lists:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findContactList(db, ctx, id);
    if (!row) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404);
    return row;
  }

  async function mustFindItem(ctx: TenantContext, id: number) {
    const row = await repo.findItem(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  async function publishList(companyId: number, id: number, action: 'create' | 'update') {
    const row = await repo.findContactList(db, { companyId }, id);
    if (!row) return null;
    const record = toContactListDto(row);
    deps.realtime.publish(companyId, 'ContactList', { action, record });
    return record;
  }

  return {
    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber: number }) {
      gate(ctx);
      const p = await repo.listContactLists(db, ctx, {
        search: q.searchParam || undefined,
        offset: (q.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE,
        limit: CONTACT_LISTS_PAGE_SIZE,
      });
      return { records: p.items.map(toContactListDto), hasMore: p.hasMore, count: p.count };
    },

    async list(ctx: TenantContext) {
      gate(ctx);
      return repo.allContactLists(db, ctx);
    },

    async show(ctx: TenantContext, id: number) {
      gate(ctx);
      return toContactListDto(await mustFind(ctx, id));
    },

    async create(ctx: TenantContext, b: ContactListBody) {
      gate(ctx);
      const row = await repo.insertContactList(db, ctx, b.name);
      recordAudit(deps, ctx, { action: 'contactList.create', entity: 'contactList', entityId: row.id, after: row });
      return (await publishList(ctx.companyId, row.id, 'create'))!;
    },

    async update(ctx: TenantContext, id: number, b: ContactListBody) {
      gate(ctx);
      const before = await mustFind(ctx, id);
      await repo.updateContactList(db, ctx, id, { name: b.name });
      recordAudit(deps, ctx, {
        action: 'contactList.update',
        entity: 'contactList',
        entityId: id,
        before: { name: before.name },
        after: { name: b.name },
      });
      return (await publishList(ctx.companyId, id, 'update'))!;
    },

    async remove(ctx: TenantContext, id: number) {
      gate(ctx);
      const before = await mustFind(ctx, id);
      await repo.deleteContactList(db, ctx, id);
      recordAudit(deps, ctx, {
        action: 'contactList.delete',
        entity: 'contactList',
        entityId: id,
        before: toContactListDto(before),
      });
      deps.realtime.publish(ctx.companyId, 'ContactList', { action: 'delete', id });
    },

    /** POST /contact-lists/:id/add-tag: the tag's contacts join the list (a number already there stays once). */
    async addFromTag(ctx: TenantContext, id: number, tagId: number) {
      gate(ctx);
      await mustFind(ctx, id);
      if (!(await repo.tagExists(db, ctx, tagId))) throw new AppError('ERR_NO_TAG_FOUND', 404);
      const added = await repo.addContactsWithTag(db, ctx, id, tagId);
      deps.realtime.publish(ctx.companyId, 'ContactListItem', { action: 'reload', id });
      await publishList(ctx.companyId, id, 'update');
      if (added) await queueLookup(ctx.companyId, id);
      return { added };
    },

    /** POST /contact-lists/:id/check-whatsapp: look the list's unchecked numbers up (answers whether anything can). */
    async requestWhatsappCheck(ctx: TenantContext, id: number) {
      gate(ctx);
      await mustFind(ctx, id);
      const conn = await repo.findLookupConnection(db, ctx);
      if (!conn) return { queued: false };
      await queueLookup(ctx.companyId, id);
      return { queued: true };
    },

    /**
     * The lookup job: batches of the list's unchecked numbers through the company's connected QR connection. Without
     * one (or on the Cloud API, which cannot tell) the flags stay unknown. This process not owning the session is a
     * retryable error: thrown, so another process (the owner) takes the job.
     */
    async checkWhatsapp(p: { companyId: number; contactListId: number }) {
      const t = { companyId: p.companyId };
      const conn = await repo.findLookupConnection(db, t);
      if (!conn || !opts.channels) return;
      const adapter = opts.channels.adapterFor({
        id: conn.id,
        companyId: conn.companyId,
        channel: 'whatsapp',
        status: conn.status,
      });
      if (!adapter.checkNumbers) return;
      for (let round = 0; round < 200; round++) {
        const batch = await repo.uncheckedItems(db, t, p.contactListId, LOOKUP_BATCH);
        if (batch.length === 0) break;
        let answers: { number: string; exists: boolean }[];
        try {
          answers = await adapter.checkNumbers(batch.map((b) => b.number));
        } catch (err) {
          if (err instanceof ChannelError && !err.retryable) return;
          throw err;
        }
        const exists = new Map(answers.map((a) => [a.number, a.exists]));
        await repo.setWhatsappValidity(
          db,
          t,
          batch.map((b) => ({ id: b.id, valid: exists.get(b.number.replace(/\D/g, '')) === true })),
        );
        deps.realtime.publish(p.companyId, 'ContactListItem', { action: 'reload', id: p.contactListId });
      }
    },

    /** GET /contact-lists/sample: the spreadsheet the import expects (header Nome, Numero, Email and one example). */
    async sample(ctx: TenantContext): Promise<Buffer> {
      gate(ctx);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Contatos');
      sheet.columns = [
        { header: 'Nome', key: 'name', width: 30 },
        { header: 'Numero', key: 'number', width: 20 },
        { header: 'Email', key: 'email', width: 30 },
      ];
      sheet.addRow(safeRecord({ name: 'Maria Silva', number: '5511988887777', email: 'maria@example.com' }));
      sheet.getColumn(2).numFmt = '@';
      return Buffer.from(await book.xlsx.writeBuffer());
    },

    /** POST /contact-lists/:id/upload (multipart `file`, .xls or .xlsx): imported by a background job. */
    async upload(ctx: TenantContext, id: number, upload: Upload) {
      gate(ctx);
      await mustFind(ctx, id);
      const saved = await upload({ companyId: ctx.companyId, kind: 'file', maxBytes: UPLOAD_MAX_BYTES });
      const abs = deps.media.resolve(saved.path);
      const kind = abs ? await detectKind(abs).catch(() => null) : null;
      if (kind !== 'xlsx' && kind !== 'xls') {
        await deps.media.remove(saved.path);
        throw new AppError('ERR_INVALID_FILE_TYPE', 400, { accepted: ['.xls', '.xlsx'] });
      }
      if (!(await repo.claimImport(db, ctx, id))) {
        await deps.media.remove(saved.path);
        throw new AppError('ERR_VALIDATION', 400, { importStatus: 'running' });
      }
      const fileName = saved.filename.slice(0, 200);
      await deps.jobs.send(contactListImportJob, {
        companyId: ctx.companyId,
        userId: ctx.user.id,
        contactListId: id,
        filePath: saved.path,
        fileName,
      });
      await publishList(ctx.companyId, id, 'update');
      return { importStatus: 'queued', fileName };
    },

    /** The job: reads the sheet once, upserts 1,000 rows per statement, tells the company after each batch. */
    async runImport(p: { companyId: number; contactListId: number; filePath: string; fileName: string }) {
      const t = { companyId: p.companyId };
      const abs = deps.media.resolve(p.filePath);
      const c = {
        fileName: p.fileName,
        processed: 0,
        created: 0,
        updated: 0,
        failed: 0,
        /** Rows whose number an earlier row of the same file already had: skipped (the first row wins), listed in errors. */
        repeated: 0,
        errors: [] as { row: number; reason: string; firstRow?: number }[],
      };
      const seen = new Map<string, number>();
      if (!(await repo.updateContactList(db, t, p.contactListId, { importStatus: 'running' }))) {
        await deps.media.remove(p.filePath);
        return;
      }
      let batch = new Map<string, { name: string; number: string; email: string }>();
      const flush = async () => {
        const r = await repo.upsertItems(db, t, p.contactListId, [...batch.values()]);
        batch = new Map();
        c.created += r.created;
        c.updated += r.updated;
        await repo.updateContactList(db, t, p.contactListId, { importSummary: { ...c, errors: c.errors.slice(0, 100) } });
        await publishList(p.companyId, p.contactListId, 'update');
      };
      try {
        if (!abs) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
        const m = COLS;
        for await (const { index, cells } of dataRows(abs)) {
          c.processed++;
          const name = (cells[m.name] ?? '').trim().slice(0, 50);
          const number = canonicalPhoneNumber(normalizePhoneNumber(cells[m.number] ?? ''));
          const mail = (cells[m.email] ?? '').trim().toLowerCase();
          const reason = phoneNumberProblem(number) ? 'number' : mail && !email.safeParse(mail).success ? 'email' : null;
          if (reason) {
            c.failed++;
            if (c.errors.length < 100) c.errors.push({ row: index + 2, reason });
            continue;
          }
          const firstRow = seen.get(number);
          if (firstRow !== undefined) {
            c.repeated++;
            if (c.errors.length < 100) c.errors.push({ row: index + 2, reason: 'repeated', firstRow });
            continue;
          }
          seen.set(number, index + 2);
          batch.set(number, { name: name || number, number, email: mail });
          if (batch.size >= IMPORT_BATCH) await flush();
        }
        await flush();
        await repo.updateContactList(db, t, p.contactListId, { importStatus: 'done', importSummary: c });
        await queueLookup(p.companyId, p.contactListId);
      } catch (err) {
        await repo.updateContactList(db, t, p.contactListId, { importStatus: 'failed', importSummary: c });
        if (!(err instanceof AppError)) throw err;
      } finally {
        await deps.media.remove(p.filePath);
        await publishList(p.companyId, p.contactListId, 'update');
        deps.realtime.publish(p.companyId, 'ContactListItem', { action: 'reload', id: p.contactListId });
      }
    },

    // ─── Items ────────────────────────────────────────────────────────────

    async items(ctx: TenantContext, q: { searchParam?: string; pageNumber: number; contactListId: number }) {
      gate(ctx);
      await mustFind(ctx, q.contactListId);
      const p = await repo.listItems(db, ctx, {
        listId: q.contactListId,
        search: q.searchParam || undefined,
        offset: (q.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE,
        limit: CONTACT_LIST_ITEMS_PAGE_SIZE,
      });
      return { contacts: p.items.map(toItemDto), hasMore: p.hasMore, count: p.count };
    },

    async showItem(ctx: TenantContext, id: number) {
      gate(ctx);
      return toItemDto(await mustFindItem(ctx, id));
    },

    async createItem(ctx: TenantContext, b: ContactListItemBody) {
      gate(ctx);
      await mustFind(ctx, b.contactListId);
      const row = await repo.insertItem(db, ctx, {
        contactListId: b.contactListId,
        name: b.name,
        number: b.number,
        email: b.email ?? '',
      });
      if (!row) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
      const record = toItemDto(row);
      deps.realtime.publish(ctx.companyId, 'ContactListItem', { action: 'create', record });
      await queueLookup(ctx.companyId, row.contactListId);
      return record;
    },

    async updateItem(ctx: TenantContext, id: number, b: ContactListItemBody) {
      gate(ctx);
      const item = await mustFindItem(ctx, id);
      if (b.contactListId !== item.contactListId) await mustFind(ctx, b.contactListId);
      const row = await repo
        .updateItem(db, ctx, id, {
          name: b.name,
          number: b.number,
          email: b.email ?? '',
          contactListId: b.contactListId,
          isWhatsappValid: b.number === item.number ? item.isWhatsappValid : null,
        })
        .catch((err) => {
          if ((err as { code?: string }).code === '23505' || String(err).includes('contact_list_items_list_number_unique'))
            throw new AppError('ERR_DUPLICATED_CONTACT', 409);
          throw err;
        });
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      const record = toItemDto(row);
      deps.realtime.publish(ctx.companyId, 'ContactListItem', { action: 'update', record });
      if (record.isWhatsappValid === null) await queueLookup(ctx.companyId, row.contactListId);
      return record;
    },

    /** Seed 002 §6: deleting an item needs contacts-page:deleteContact. */
    async removeItem(ctx: TenantContext, id: number) {
      gate(ctx);
      if (!can(ctx.user, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION', 403);
      const before = await mustFindItem(ctx, id);
      await repo.deleteItem(db, ctx, id);
      recordAudit(deps, ctx, { action: 'contactListItem.delete', entity: 'contactListItem', entityId: id, before });
      deps.realtime.publish(ctx.companyId, 'ContactListItem', { action: 'delete', id });
    },
  };
}

export type ContactListsService = ReturnType<typeof createContactListsService>;
