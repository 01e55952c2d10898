import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { StoredMedia } from '../../platform/media';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './ticket-files.repository';

/**
 * A ticket's private files (seed 000 §2 "private-files dialog"): whoever may open the ticket lists, uploads,
 * downloads (signed media links) and deletes them; they never go to the contact.
 */
export function createTicketFilesService(deps: CoreDeps, tickets: TicketsService) {
  const { db } = deps.database;
  return {
    checkVisible: (ctx: TenantContext, ticketId: number) => tickets.mustFindVisible(ctx, ticketId),

    async list(ctx: TenantContext, ticketId: number) {
      await tickets.mustFindVisible(ctx, ticketId);
      const rows = await repo.listFiles(db, ctx, ticketId);
      return rows.map(({ path, userName, ...r }) => ({
        ...r,
        user: r.userId ? { id: r.userId, name: userName ?? '' } : null,
        url: deps.mediaUrl(path),
      }));
    },

    async add(ctx: TenantContext, ticketId: number, file: StoredMedia & { filename: string }) {
      await tickets.mustFindVisible(ctx, ticketId);
      await repo.insertFile(db, ctx, {
        ticketId,
        userId: ctx.user.id,
        path: file.path,
        name: file.filename.slice(0, 250),
        mimeType: file.mime,
        size: file.size,
      });
      return (await this.list(ctx, ticketId))[0];
    },

    async remove(ctx: TenantContext, ticketId: number, id: number) {
      await tickets.mustFindVisible(ctx, ticketId);
      const path = await repo.deleteFile(db, ctx, ticketId, id);
      if (!path) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      await deps.media.remove(path).catch(() => {});
    },
  };
}

export type TicketFilesService = ReturnType<typeof createTicketFilesService>;
