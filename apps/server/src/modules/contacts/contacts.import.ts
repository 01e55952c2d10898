import {
  CONTACT_NAME_MAX_PAGE,
  CONTACT_NUMBER_MAX,
  CONTACT_NUMBER_MIN,
  type ContactImportBody,
  type ContactImportDto,
  type ContactImportMapping,
  type ContactImportRowBody,
  canonicalPhoneNumber,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  normalizePhoneNumber,
  phoneNumberProblem,
  phoneNumberVariants,
  V,
} from '@atendo/shared';
import { z } from 'zod';
import type { ChannelRegistry } from '../../channels/types';
import type { Db } from '../../db/open';
import type { Tenant, TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { rooms } from '../../platform/realtime-port';
import { contactsImportJob } from './contacts.jobs';
import type { ContactRecordCore } from './contacts.records';
import * as repo from './contacts.repository';
import { dataRows, previewSheet } from './contacts.spreadsheet';

const MB = 1024 * 1024;
const UPLOAD_MAX_BYTES = 50 * MB;
const IMPORT_BATCH = 1000;
const MAX_ERRORS_KEPT = 100;
const email = z.string().email();

type RowCheck = { field: string; message: string } | null;

/** The rules of seed 000 §5 for one spreadsheet row (name and number present: checked before). */
export function checkImportRow(name: string, number: string, mail: string): RowCheck {
  if (name.length < 2) return { field: 'name', message: V.tooShort };
  if (name.length > CONTACT_NAME_MAX_PAGE) return { field: 'name', message: V.tooLong };
  const problem = phoneNumberProblem(number);
  if (problem) return { field: 'number', message: problem };
  if (mail && !email.safeParse(mail).success) return { field: 'email', message: V.invalidEmail };
  return null;
}

/**
 * Rows whose line a WhatsApp contact already holds under its other variant (a Brazilian mobile stored without the
 * ninth digit) take that stored number, so the upsert updates the contact instead of adding a twin (decision 111).
 * One lookup for the batch.
 */
async function matchStoredVariants(db: Db, tenant: Tenant, rows: repo.ImportRow[]) {
  const others = rows.flatMap((r) => phoneNumberVariants(r.number).slice(1));
  if (!others.length) return rows;
  const stored = await repo.whatsappContactsByNumbers(db, tenant, others);
  if (!stored.size) return rows;
  const own = await repo.whatsappContactsByNumbers(
    db,
    tenant,
    rows.map((r) => r.number),
  );
  return rows.map((r) => {
    if (own.has(r.number)) return r;
    const other = phoneNumberVariants(r.number).find((v) => stored.has(v));
    return other ? { ...r, number: other } : r;
  });
}

/** Tag names of a cell: comma or semicolon separated, each at least 3 characters. */
const tagNames = (cell: string) =>
  cell
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 3 && s.length <= 100);

/**
 * An optional capability of a WhatsApp (QR) adapter: the contacts of its chats. The Baileys adapter offers it
 * as `listContacts()`; channels without it answer ERR_CHANNEL_NOT_SUPPORTED.
 */
interface ChatContactsSource {
  listContacts(): Promise<{ number: string; name?: string | null }[]>;
}

/** The contacts' imports (seed 000 §5): one row, a spreadsheet (uploaded, mapped, run by a job), a QR session's chats. */
export function contactImports(deps: CoreDeps, core: ContactRecordCore, opts: { channels?: ChannelRegistry }) {
  const { db } = deps.database;
  const { masksFor, detail, publishContact } = core;

  function publishImport(
    companyId: number,
    userId: number | null,
    action: 'progress' | 'done' | 'failed',
    r: repo.ContactImportRow,
  ) {
    const to = userId ? [rooms.user(userId)] : [rooms.admins()];
    deps.realtime.publish(companyId, 'contactImport', { action, record: repo.toImportDto(r) }, to);
  }

  return {
    /** POST /contactsImport: one row, as the seed's client sends them (validateContact is accepted, see decisions). */
    async importRow(ctx: TenantContext, b: ContactImportRowBody) {
      const name = b.name.trim();
      const number = canonicalPhoneNumber(b.number.replace(/\D/g, ''));
      const fields: { path: string; message: string }[] = [];
      if (!name) fields.push({ path: 'name', message: V.required });
      if (!number) fields.push({ path: 'number', message: V.required });
      if (fields.length) throw new AppError('ERR_VALIDATION', 400, undefined, fields);
      const bad = checkImportRow(name, number, b.email.trim());
      if (bad) throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: bad.field, message: bad.message }]);
      const rows = await matchStoredVariants(db, ctx, [{ name, number, email: b.email.trim().toLowerCase(), tags: [] }]);
      const { created, ids } = await repo.upsertContactsBatch(db, ctx, rows);
      const row = await repo.findContact(db, ctx, ids.get(rows[0].number) ?? 0);
      if (!row) throw new AppError('ERR_INTERNAL', 500);
      await publishContact(ctx, created ? 'create' : 'update', row);
      return {
        outcome: created ? ('created' as const) : ('updated' as const),
        contact: await detail(ctx, row, await masksFor(ctx)),
      };
    },

    /** POST /contacts/upload: stores the file (never in a public folder) and answers its columns and first rows. */
    async upload(ctx: TenantContext, upload: Upload) {
      // Spreadsheets are zip (.xlsx) or text: anything the bytes show to be a picture, a PDF, a sound… is refused.
      const stored = await upload({
        companyId: ctx.companyId,
        kind: 'file',
        maxBytes: UPLOAD_MAX_BYTES,
        maxParts: 3,
        accept: ['text/csv', 'text/plain', 'application/octet-stream'],
      });
      const abs = deps.media.resolve(stored.path);
      try {
        if (!abs) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
        const sheet = await previewSheet(abs, IMPORT_PREVIEW_ROWS, IMPORT_MAX_ROWS);
        const row = await repo.insertImport(db, ctx, {
          userId: ctx.user.id,
          fileName: stored.filename.slice(0, 200),
          filePath: stored.path,
          total: sheet.total,
        });
        return { importId: row.id, fileName: row.fileName, ...sheet };
      } catch (err) {
        await deps.media.remove(stored.path);
        throw err;
      }
    },

    async importStatus(ctx: TenantContext, importId: number): Promise<ContactImportDto> {
      const row = await repo.findImport(db, ctx, importId);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      return repo.toImportDto(row);
    },

    /** POST /contacts/import: the uploaded file is imported by a background job; progress arrives as events. */
    async startImport(ctx: TenantContext, b: ContactImportBody) {
      const found = await repo.findImport(db, ctx, b.importId);
      if (!found) throw new AppError('ERR_NOT_FOUND', 404);
      if (!found.filePath) throw new AppError('ERR_NOT_FOUND', 404);
      const claimed = await repo.claimImport(db, ctx, b.importId);
      if (!claimed) throw new AppError('ERR_VALIDATION', 400, { status: found.status });
      const total = b.rows ? new Set(b.rows.filter((r) => r < found.total)).size : found.total;
      const row = await repo.updateImport(db, ctx, b.importId, {
        userId: ctx.user.id,
        total,
        processed: 0,
        created: 0,
        updated: 0,
        ignored: 0,
        failed: 0,
        errors: [],
        finishedAt: null,
      });
      await deps.jobs.send(contactsImportJob, {
        companyId: ctx.companyId,
        userId: ctx.user.id,
        importId: b.importId,
        mapping: b.mapping,
        rows: b.rows,
      });
      return repo.toImportDto(row ?? claimed);
    },

    /** The job: reads the file once, upserts 1,000 rows per statement, publishes progress after each batch. */
    async runImport(p: { companyId: number; userId: number; importId: number; mapping: ContactImportMapping; rows?: number[] }) {
      const imp = await repo.findImport(db, { companyId: p.companyId }, p.importId);
      if (!imp?.filePath) return;
      const abs = deps.media.resolve(imp.filePath);
      if (!abs) return;
      const m = p.mapping;
      const selected = p.rows ? new Set(p.rows) : null;
      const c = { processed: 0, created: 0, updated: 0, ignored: 0, failed: 0 };
      const errors: { row: number; field: string; message: string }[] = [];
      let batch = new Map<string, repo.ImportRow>();
      let lastEvent = 0;
      let current = (await repo.updateImport(db, { companyId: p.companyId }, p.importId, { status: 'running' })) ?? imp;

      const flush = async (final = false) => {
        if (batch.size) {
          const rows = await matchStoredVariants(db, { companyId: p.companyId }, [...batch.values()]);
          batch = new Map();
          const res = await repo.upsertContactsBatch(db, { companyId: p.companyId }, rows);
          c.created += res.created;
          c.updated += res.matched;
          const links = rows.flatMap((r) => {
            const contactId = res.ids.get(r.number);
            return contactId ? r.tags.map((tag) => ({ contactId, tag })) : [];
          });
          await repo.linkTagsByName(db, { companyId: p.companyId }, p.userId, links);
        }
        const now = Date.now();
        if (final || now - lastEvent >= 300) {
          lastEvent = now;
          current = (await repo.updateImport(db, { companyId: p.companyId }, p.importId, { ...c, errors })) ?? current;
          if (!final) publishImport(p.companyId, p.userId, 'progress', current);
        }
      };

      try {
        for await (const { index, cells } of dataRows(abs)) {
          if (selected && !selected.has(index)) continue;
          c.processed++;
          const name = (cells[m.name ?? -1] ?? '').trim();
          // A mask is dropped; letters stay so the row is refused as a bad number, not ignored as an empty one.
          const number = canonicalPhoneNumber(normalizePhoneNumber(cells[m.number ?? -1] ?? ''));
          const mail = m.email !== undefined ? (cells[m.email] ?? '').trim().toLowerCase() : '';
          if (!name || !number) {
            c.ignored++;
            continue;
          }
          const bad = checkImportRow(name, number, mail);
          if (bad) {
            c.failed++;
            if (errors.length < MAX_ERRORS_KEPT) errors.push({ row: index + 1, ...bad });
            continue;
          }
          // The same number twice in a file: the later row wins and the earlier one counts as updated.
          if (batch.has(number)) c.updated++;
          batch.set(number, { name, number, email: mail, tags: m.tags !== undefined ? tagNames(cells[m.tags] ?? '') : [] });
          if (batch.size >= IMPORT_BATCH) await flush();
        }
        await flush(true);
        const done = await repo.updateImport(db, { companyId: p.companyId }, p.importId, {
          ...c,
          errors,
          status: 'done',
          finishedAt: new Date(),
          filePath: null,
        });
        await deps.media.remove(imp.filePath);
        if (done) publishImport(p.companyId, p.userId, 'done', done);
        if (c.created + c.updated > 0) deps.realtime.publish(p.companyId, 'contact', { action: 'update' });
      } catch (err) {
        const failed = await repo.updateImport(db, { companyId: p.companyId }, p.importId, {
          ...c,
          errors,
          status: 'failed',
          finishedAt: new Date(),
        });
        if (failed) publishImport(p.companyId, p.userId, 'failed', failed);
        if (err instanceof AppError) return; // a file that cannot be read is the import's failure, not the job's
        throw err;
      }
    },

    /** POST /contacts/import/chats: the chats of a connected WhatsApp QR session become contacts. */
    async importChats(ctx: TenantContext, whatsappId?: number) {
      const conn = await repo.findWhatsappForChats(db, ctx, whatsappId);
      if (!conn) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      if (conn.channel !== 'whatsapp' || conn.status !== 'CONNECTED' || !opts.channels) {
        throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, { channel: conn.channel, status: conn.status });
      }
      let adapter: unknown;
      try {
        adapter = opts.channels.adapterFor({ id: conn.id, companyId: conn.companyId, channel: 'whatsapp', status: conn.status });
      } catch {
        throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, { channel: conn.channel, status: conn.status });
      }
      const source = adapter as Partial<ChatContactsSource>;
      if (typeof source.listContacts !== 'function') throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409);
      const listed = await source.listContacts.call(adapter);
      const seen = new Map<string, { name: string; number: string }>();
      for (const x of listed) {
        const number = String(x.number ?? '').replace(/\D/g, '');
        if (number.length < CONTACT_NUMBER_MIN || number.length > CONTACT_NUMBER_MAX) continue;
        seen.set(number, { number, name: (x.name ?? '').trim().slice(0, CONTACT_NAME_MAX_PAGE) || number });
      }
      const rows = [...seen.values()];
      let created = 0;
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        created += await repo.insertChatContacts(db, ctx, conn.id, rows.slice(i, i + IMPORT_BATCH));
      }
      if (created) deps.realtime.publish(ctx.companyId, 'contact', { action: 'update' });
      return { created, updated: 0, total: rows.length };
    },
  };
}
