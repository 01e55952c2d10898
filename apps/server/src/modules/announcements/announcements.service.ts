import {
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementBody,
  type AnnouncementDto,
  type AnnouncementListQuery,
  type CrudAction,
  isAdmin,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { recordAudit } from '../audit/audit.public';
import * as repo from './announcements.repository';

/** Announcements are the platform's (company 1): written by its super admins, read by every company's users. */
const PLATFORM = { companyId: 1 } as const;

export function createAnnouncementsService(deps: CoreDeps) {
  const { db } = deps.database;

  const toDto = (r: repo.AnnouncementRow): AnnouncementDto => ({
    id: r.id,
    title: r.title,
    text: r.text,
    priority: r.priority,
    status: r.status,
    mediaPath: r.mediaPath ? deps.mediaUrl(r.mediaPath) : null,
    mediaName: r.mediaName,
    notice: r.noticeKey ? { key: r.noticeKey, params: r.noticeParams ?? {} } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

  function requireSuper(ctx: TenantContext) {
    if (!ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
  }

  const readerOf = (ctx: TenantContext): repo.AnnouncementReader => ({ companyId: ctx.companyId, admin: isAdmin(ctx.user) });

  async function found(id: number, ctx?: TenantContext) {
    const row = await repo.findAnnouncement(db, PLATFORM, id, ctx ? readerOf(ctx) : undefined);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  /** Every company's users hear it (the bell refreshes), in every process. */
  function published(action: CrudAction, row: repo.AnnouncementRow) {
    const record = toDto(row);
    deps.realtime.publishGlobal?.('company-announcement', action === 'delete' ? { action, id: row.id } : { action, record });
    return record;
  }

  return {
    /** The super admin's table sees every announcement; everyone else the active ones (the bell). */
    async list(ctx: TenantContext, q: AnnouncementListQuery) {
      const offset = (q.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
      const { rows, total } = await repo.listAnnouncements(db, PLATFORM, {
        search: q.searchParam,
        activeOnly: !ctx.user.super,
        reader: readerOf(ctx),
        limit: ANNOUNCEMENTS_PAGE_SIZE,
        offset,
      });
      return { records: rows.map(toDto), count: total, hasMore: offset + rows.length < total };
    },

    async show(ctx: TenantContext, id: number) {
      const row = await found(id, ctx);
      if (!row.status && !ctx.user.super) throw new AppError('ERR_NOT_FOUND', 404);
      return toDto(row);
    },

    async create(ctx: TenantContext, body: AnnouncementBody) {
      requireSuper(ctx);
      const row = await repo.insertAnnouncement(db, PLATFORM, body);
      recordAudit(deps, ctx, { action: 'announcement.create', entity: 'announcement', entityId: row.id, after: row });
      return published('create', row);
    },

    async update(ctx: TenantContext, id: number, body: AnnouncementBody) {
      requireSuper(ctx);
      const before = await repo.findAnnouncement(db, PLATFORM, id);
      const row = await repo.updateAnnouncement(db, PLATFORM, id, body);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'announcement.update', entity: 'announcement', entityId: id, before, after: row });
      return published('update', row);
    },

    async remove(ctx: TenantContext, id: number) {
      requireSuper(ctx);
      const row = await repo.deleteAnnouncement(db, PLATFORM, id);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'announcement.delete', entity: 'announcement', entityId: id, before: row });
      await deps.media.remove(row.mediaPath);
      published('delete', row);
    },

    /** POST /announcements/{id}/media-upload: a png or jpeg (by its bytes), replacing the previous image. */
    async uploadMedia(ctx: TenantContext, id: number, upload: Upload) {
      requireSuper(ctx);
      const before = await found(id);
      const saved = await upload({ companyId: PLATFORM.companyId, kind: 'announcement' });
      const row = await repo.updateAnnouncement(db, PLATFORM, id, {
        mediaPath: saved.path,
        mediaName: saved.filename.slice(0, 200),
      });
      if (!row) {
        await deps.media.remove(saved.path);
        throw new AppError('ERR_NOT_FOUND', 404);
      }
      if (before.mediaPath && before.mediaPath !== saved.path) await deps.media.remove(before.mediaPath);
      return published('update', row);
    },

    async removeMedia(ctx: TenantContext, id: number) {
      requireSuper(ctx);
      const before = await found(id);
      const row = await repo.updateAnnouncement(db, PLATFORM, id, { mediaPath: null, mediaName: null });
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      await deps.media.remove(before.mediaPath);
      return published('update', row);
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
