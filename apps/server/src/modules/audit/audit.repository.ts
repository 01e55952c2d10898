import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { auditLogs } from '../../db/schema';

export type AuditInsert = typeof auditLogs.$inferInsert;
export type AuditRow = typeof auditLogs.$inferSelect;

export async function insertAuditLog(db: Db, entry: AuditInsert) {
  await db.insert(auditLogs).values(entry);
}

export interface AuditFilter {
  /** null: every company (the super admin without a company filter). */
  companyId: number | null;
  from?: Date;
  to?: Date;
  userId?: number;
  action?: string;
}

/** Newest first, one page (limit + 1 rows read to know whether there is more). */
export function listAuditLogs(db: Db, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (f.companyId !== null) where.push(eq(auditLogs.companyId, f.companyId));
  if (f.from) where.push(gte(auditLogs.createdAt, f.from));
  if (f.to) where.push(lt(auditLogs.createdAt, f.to));
  if (f.userId) where.push(eq(auditLogs.userId, f.userId));
  if (f.action) where.push(eq(auditLogs.action, f.action));
  return db
    .select()
    .from(auditLogs)
    .where(and(...where))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit)
    .offset(offset);
}

/** Retention: entries older than `cutoff` go (every company). */
export async function deleteAuditLogsBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db.delete(auditLogs).where(lt(auditLogs.createdAt, cutoff)).returning({ id: auditLogs.id });
  return rows.length;
}
