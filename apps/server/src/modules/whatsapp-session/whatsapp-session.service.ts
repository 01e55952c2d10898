/**
 * WhatsApp QR session actions (seed 001 §7): retry, new QR, disconnect, restart all, close imported tickets.
 * The module knows the channel only through `SessionControl` (implemented by channels/baileys).
 */
import type { SessionControl } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as repo from './whatsapp-session.repository';

export function createWhatsappSessionService(deps: CoreDeps, control: SessionControl) {
  const { db } = deps.database;

  /** A QR connection of the caller's company (any company for the admin route), else 404. */
  async function mustFind(id: number, companyId: number | null) {
    const row = await repo.findSessionConnection(db, companyId === null ? null : { companyId }, id);
    if (row?.channel !== 'whatsapp') throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return { id: row.id, companyId: row.companyId };
  }

  return {
    async retry(ctx: TenantContext, id: number) {
      await control.retry((await mustFind(id, ctx.companyId)).id);
    },
    async newQr(ctx: TenantContext, id: number) {
      await control.newQr((await mustFind(id, ctx.companyId)).id);
    },
    async disconnect(ctx: TenantContext, id: number, opts: { anyCompany?: boolean } = {}) {
      await control.disconnect((await mustFind(id, opts.anyCompany ? null : ctx.companyId)).id);
    },
    /** POST /whatsapp-restart/: every QR connection of the company starts again (pairings kept). */
    async restartAll(ctx: TenantContext) {
      const ids = await repo.qrConnectionIds(db, ctx);
      for (const id of ids) await control.retry(id);
      return ids.length;
    },
    async closeImported(ctx: TenantContext, id: number) {
      const conn = await mustFind(id, ctx.companyId);
      const closed = await control.closeImported(conn.companyId, conn.id);
      await repo.clearImportButton(db, conn, conn.id);
      deps.realtime.publishImportMessages?.(conn.companyId, { action: 'refresh' });
      return closed;
    },
  };
}

export type WhatsappSessionService = ReturnType<typeof createWhatsappSessionService>;
