import { QUICK_MESSAGES_PAGE_SIZE, type QuickMessageBody, type QuickMessageDto, quickMessageFileName } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { mediaLimitBytes } from '../settings/settings.public';
import * as repo from './quick-messages.repository';

/**
 * Quick messages (seed 002 §2.7, §5, §6): the owner edits their own; a shared (geral) one is seen, used and
 * edited by everyone of the company. Others' private ones answer 404, as if they did not exist.
 */
export function createQuickMessagesService(deps: CoreDeps) {
  const { db } = deps.database;

  const canEdit = (ctx: TenantContext, r: repo.QuickMessageRow) => r.geral || r.userId === ctx.user.id;

  const toDto = (r: repo.QuickMessageRow, editable: boolean): QuickMessageDto => ({
    id: r.id,
    shortcode: r.shortcode,
    message: r.message,
    geral: r.geral,
    visao: r.visao,
    status: r.status,
    userId: r.userId,
    mediaPath: r.mediaPath,
    mediaName: r.mediaName,
    mediaUrl: r.mediaPath ? deps.mediaUrl(r.mediaPath) : null,
    isMedia: r.isMedia,
    canEdit: editable,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  /** Shared ones reach the whole company, private ones their owner only; a message made private leaves the others' lists. */
  function publish(ctx: TenantContext, action: 'create' | 'update' | 'delete', r: repo.QuickMessageRow, wasShared = r.geral) {
    const owner = r.userId ? [rooms.user(r.userId)] : [rooms.admins()];
    if (action === 'delete') {
      deps.realtime.publish(ctx.companyId, 'quickemessage', { action, id: r.id }, wasShared || r.geral ? undefined : owner);
      return;
    }
    if (wasShared && !r.geral) deps.realtime.publish(ctx.companyId, 'quickemessage', { action: 'delete', id: r.id });
    deps.realtime.publish(ctx.companyId, 'quickemessage', { action, record: toDto(r, true) }, r.geral ? undefined : owner);
  }

  /** Seed 002 §2.7: the '/' picker finds a message by its shortcode, so two in one picker may not share it. */
  async function refuseShortcodeClash(ctx: TenantContext, v: Parameters<typeof repo.findShortcodeClash>[2]) {
    if (await repo.findShortcodeClash(db, ctx, v)) throw new AppError('ERR_QUICK_MESSAGE_ALREADY_EXISTS', 409);
  }

  async function mustSee(ctx: TenantContext, id: number) {
    const row = await repo.findQuickMessage(db, ctx, id);
    if (!row || !(row.geral || row.userId === ctx.user.id)) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  async function mustEdit(ctx: TenantContext, id: number) {
    const row = await mustSee(ctx, id);
    if (!canEdit(ctx, row)) throw new AppError('ERR_NO_PERMISSION', 403);
    return row;
  }

  return {
    async picker(ctx: TenantContext, f: { searchParam?: string; isMedia?: boolean }) {
      const rows = await repo.listForPicker(db, ctx, { search: f.searchParam, isMedia: f.isMedia });
      return rows.map((r) => toDto(r, canEdit(ctx, r)));
    },

    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber: number }) {
      const page = await repo.listPage(db, ctx, {
        search: q.searchParam,
        offset: (q.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE,
        limit: QUICK_MESSAGES_PAGE_SIZE,
      });
      return { records: page.rows.map((r) => toDto(r, canEdit(ctx, r))), hasMore: page.hasMore, count: page.count };
    },

    async show(ctx: TenantContext, id: number) {
      const row = await mustSee(ctx, id);
      return toDto(row, canEdit(ctx, row));
    },

    async create(ctx: TenantContext, b: QuickMessageBody) {
      await refuseShortcodeClash(ctx, { shortcode: b.shortcode, ownerId: ctx.user.id, geral: b.geral ?? false });
      const row = await repo.insertQuickMessage(db, ctx, {
        shortcode: b.shortcode,
        message: b.message ?? '',
        geral: b.geral ?? false,
        visao: b.visao ?? true,
        status: b.status ?? 'active',
      });
      publish(ctx, 'create', row);
      recordAudit(deps, ctx, { action: 'quickMessage.create', entity: 'quickMessage', entityId: row.id, after: row });
      return toDto(row, true);
    },

    async update(ctx: TenantContext, id: number, b: Partial<QuickMessageBody>) {
      const before = await mustEdit(ctx, id);
      // Only the owner may take a shared message back (make it private again).
      if (b.geral === false && before.geral && before.userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
      await refuseShortcodeClash(ctx, {
        shortcode: b.shortcode ?? before.shortcode,
        ownerId: before.userId,
        geral: b.geral ?? before.geral,
        exceptId: id,
      });
      const row = await repo.updateQuickMessage(db, ctx, id, {
        shortcode: b.shortcode,
        message: b.message,
        geral: b.geral,
        visao: b.visao,
        status: b.status,
      });
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'quickMessage.update', entity: 'quickMessage', entityId: id, before, after: row });
      publish(ctx, 'update', row, before.geral);
      return toDto(row, canEdit(ctx, row));
    },

    async remove(ctx: TenantContext, id: number) {
      const row = await mustEdit(ctx, id);
      if (!(await repo.deleteQuickMessage(db, ctx, id))) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'quickMessage.delete', entity: 'quickMessage', entityId: id, before: row });
      await deps.media.remove(row.mediaPath);
      publish(ctx, 'delete', row);
    },

    /** POST /quick-messages/:id/media-upload (multipart `file`, `typeArch`): checked by its bytes and the size limit. */
    async uploadMedia(ctx: TenantContext, id: number, upload: Upload) {
      await mustEdit(ctx, id);
      const saved = await upload({ companyId: ctx.companyId, kind: 'media', maxBytes: await mediaLimitBytes(db), maxParts: 3 });
      const name = quickMessageFileName(saved.filename);
      const before = await repo.findQuickMessage(db, ctx, id);
      const row = await repo.updateQuickMessage(db, ctx, id, { mediaPath: saved.path, mediaName: name, isMedia: true });
      if (!row) {
        await deps.media.remove(saved.path);
        throw new AppError('ERR_NOT_FOUND', 404);
      }
      if (before?.mediaPath && before.mediaPath !== saved.path) await deps.media.remove(before.mediaPath);
      publish(ctx, 'update', row);
      return toDto(row, canEdit(ctx, row));
    },

    async removeMedia(ctx: TenantContext, id: number) {
      const before = await mustEdit(ctx, id);
      const row = await repo.updateQuickMessage(db, ctx, id, { mediaPath: null, mediaName: null, isMedia: false });
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      await deps.media.remove(before.mediaPath);
      publish(ctx, 'update', row);
      return toDto(row, canEdit(ctx, row));
    },
  };
}

export type QuickMessagesService = ReturnType<typeof createQuickMessagesService>;
