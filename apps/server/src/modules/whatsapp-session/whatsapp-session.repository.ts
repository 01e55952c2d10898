/** The QR session actions' statements on their connections (seed 001 §7); the company in every one but the admin's. */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';

/** The connection with its company and channel; `tenant` null: of any company (the super admin's route). */
export async function findSessionConnection(db: Db, tenant: Tenant | null, id: number) {
  const rows = rowsOf<{ id: number; company_id: number; channel: string }>(
    await db.execute(sql`
      SELECT id, company_id, channel FROM whatsapps
      WHERE id = ${id} ${tenant === null ? sql`` : sql`AND company_id = ${tenant.companyId}`}`),
  );
  const row = rows[0];
  return row ? { id: Number(row.id), companyId: Number(row.company_id), channel: row.channel } : null;
}

/** The company's QR connections, in id order. */
export async function qrConnectionIds(db: Db, tenant: Tenant): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM whatsapps WHERE company_id = ${tenant.companyId} AND channel = 'whatsapp' ORDER BY id`),
  );
  return rows.map((r) => Number(r.id));
}

/** The import's "close imported tickets" button is done with. */
export async function clearImportButton(db: Db, tenant: Tenant, id: number) {
  await db.execute(sql`
    UPDATE whatsapps SET status_import_messages = '', updated_at = now()
    WHERE id = ${id} AND company_id = ${tenant.companyId} AND status_import_messages = 'renderButtonCloseTickets'`);
}
