import { sql } from 'drizzle-orm';
import type { Tenant } from '../platform/context';
import { type Db, rowsOf } from './open';

/** Tables another record may point at by id (a queue's or connection's prompt, integration, file list). */
export type CompanyOwnedTable = 'prompts' | 'queue_integrations' | 'file_lists';

/** The row `id` of `table` belongs to the tenant: an id given on write is checked here, never trusted. */
export async function companyOwns(db: Db, ctx: Tenant, table: CompanyOwnedTable, id: number): Promise<boolean> {
  const found = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE company_id = ${ctx.companyId} AND id = ${id}`),
  );
  return found.length > 0;
}
