import { FILE_LISTS_PAGE_SIZE, type FileListBody, type FileListDto, quickMessageFileName } from '@atendo/shared';
import type { FileListOption } from '../../db/schema';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Intake, Upload } from '../../platform/intake';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { mediaLimitBytes } from '../settings/settings.public';
import * as repo from './files.repository';

const PICKER_LIMIT = 500;
const MAX_FILES = 50;

/** File lists (seed 001 §3, §5, §7): a message and files that a queue or a chatbot step of type file sends. */
export function createFilesService(deps: CoreDeps) {
  const { db } = deps.database;

  const toDto = (r: repo.FileListRow): FileListDto => ({
    id: r.id,
    name: r.name,
    message: r.message,
    options: r.options.map((o) => ({ ...o, url: o.path ? deps.mediaUrl(o.path) : null })),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  function publish(ctx: TenantContext, action: 'create' | 'update', r: repo.FileListRow) {
    deps.realtime.publish(ctx.companyId, 'file', { action, fileList: toDto(r) }, [rooms.admins()]);
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findFileList(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  /** The options a body keeps: known ones renamed, unknown ids ignored (files are added by upload only). */
  function keptOptions(before: FileListOption[], sent: FileListBody['options']) {
    if (!sent) return before;
    const byId = new Map(before.map((o) => [o.id, o]));
    return sent.flatMap((o) => {
      const known = o.id !== undefined ? byId.get(o.id) : undefined;
      return known ? [{ ...known, name: o.name?.trim() || known.name }] : [];
    });
  }

  return {
    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber?: number }) {
      const limit = q.pageNumber ? FILE_LISTS_PAGE_SIZE : PICKER_LIMIT;
      const offset = q.pageNumber ? (q.pageNumber - 1) * FILE_LISTS_PAGE_SIZE : 0;
      const page = await repo.listFileLists(db, ctx, { search: q.searchParam, offset, limit });
      return { files: page.rows.map(toDto), hasMore: page.hasMore, count: page.count };
    },

    async show(ctx: TenantContext, id: number) {
      return toDto(await mustFind(ctx, id));
    },

    async create(ctx: TenantContext, b: FileListBody) {
      const row = await repo.insertFileList(db, ctx, { name: b.name.trim(), message: b.message.trim(), options: [] });
      publish(ctx, 'create', row);
      return toDto(row);
    },

    async update(ctx: TenantContext, id: number, b: FileListBody) {
      const before = await mustFind(ctx, id);
      const options = keptOptions(before.options, b.options);
      const row = await repo.updateFileList(db, ctx, id, { name: b.name.trim(), message: b.message.trim(), options });
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      const kept = new Set(options.map((o) => o.path));
      for (const o of before.options) if (o.path && !kept.has(o.path)) await deps.media.remove(o.path);
      publish(ctx, 'update', row);
      return toDto(row);
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      if (!(await repo.deleteFileList(db, ctx, id))) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'fileList.delete', entity: 'fileList', entityId: id, before });
      for (const o of before.options) if (o.path) await deps.media.remove(o.path);
      deps.realtime.publish(ctx.companyId, 'file', { action: 'delete', fileListId: id }, [rooms.admins()]);
    },

    /**
     * POST /files/uploadList/:id (multipart `files`, repeated): each file is checked by its bytes (platform/media.ts)
     * and the download limit, and added to the list with its name and its sniffed type. All or nothing.
     */
    async uploadList(ctx: TenantContext, id: number, upload: Upload<Intake>) {
      const before = await mustFind(ctx, id);
      const { files } = await upload({
        companyId: ctx.companyId,
        kind: 'file',
        maxBytes: await mediaLimitBytes(db),
        maxFiles: MAX_FILES,
        maxParts: MAX_FILES,
      });
      const saved = files.map((f) => ({ ...f, name: quickMessageFileName(f.filename) }));
      let next = before.options.reduce((m, o) => Math.max(m, o.id), 0);
      const added = saved.map((s) => ({ id: ++next, name: s.name, mediaType: s.mime, path: s.path }));
      const row = await repo.updateFileList(db, ctx, id, { options: [...before.options, ...added] });
      if (!row) {
        for (const s of saved) await deps.media.remove(s.path);
        throw new AppError('ERR_NOT_FOUND', 404);
      }
      publish(ctx, 'update', row);
      return toDto(row);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
