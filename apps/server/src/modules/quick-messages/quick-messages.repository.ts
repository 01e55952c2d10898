import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { quickMessages } from '../../db/schema';
import type { TenantContext } from '../../platform/context';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** The '/' picker: the caller's own quick messages and the shared (geral) ones that are visible. */
export async function listForPicker(db: Db, ctx: TenantContext, f: { search?: string; isMedia?: boolean }) {
  const conds = [
    eq(quickMessages.companyId, ctx.companyId),
    or(eq(quickMessages.userId, ctx.user.id), and(eq(quickMessages.geral, true), eq(quickMessages.visao, true))),
  ];
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${quickMessages.shortcode} ILIKE ${like} OR ${quickMessages.message} ILIKE ${like})`);
  }
  if (f.isMedia !== undefined) conds.push(eq(quickMessages.isMedia, f.isMedia));
  return db
    .select()
    .from(quickMessages)
    .where(and(...conds))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
    .limit(500);
}
