/**
 * WhatsApp QR session actions (seed 001 §7): retry, new QR, disconnect, restart all, close imported tickets.
 * The module knows the channel only through `SessionControl` (implemented by channels/baileys).
 */
import { sql } from 'drizzle-orm';
import type { SessionControl } from '../../channels/types';
import { rowsOf } from '../../db/open';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';

export function createWhatsappSessionService(deps: CoreDeps, control: SessionControl) {
  const { db } = deps.database;

  /** A QR connection of the caller's company (any company for the admin route), else 404. */
  async function mustFind(id: number, companyId: number | null) {
    const rows = rowsOf<{ id: number; company_id: number; channel: string }>(
      await db.execute(sql`
        SELECT id, company_id, channel FROM whatsapps
        WHERE id = ${id} ${companyId === null ? sql`` : sql`AND company_id = ${companyId}`}`),
    );
    const row = rows[0];
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (row.channel !== 'whatsapp') throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return { id: Number(row.id), companyId: Number(row.company_id) };
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
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM whatsapps WHERE company_id = ${ctx.companyId} AND channel = 'whatsapp' ORDER BY id`),
      );
      for (const r of rows) await control.retry(Number(r.id));
      return rows.length;
    },
    async closeImported(ctx: TenantContext, id: number) {
      const conn = await mustFind(id, ctx.companyId);
      const closed = await control.closeImported(conn.companyId, conn.id);
      await db.execute(sql`
        UPDATE whatsapps SET status_import_messages = '', updated_at = now()
        WHERE id = ${conn.id} AND company_id = ${conn.companyId} AND status_import_messages = 'renderButtonCloseTickets'`);
      deps.realtime.publishImportMessages?.(conn.companyId, { action: 'refresh' });
      return closed;
    },
  };
}
