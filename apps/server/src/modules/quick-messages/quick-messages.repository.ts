import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { quickMessages } from '../../db/schema';
import type { Tenant, TenantContext } from '../../platform/context';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

function searchCondition(search?: string): SQL | undefined {
  if (!search) return undefined;
  const like = `%${escapeLike(search)}%`;
  return sql`(${quickMessages.shortcode} ILIKE ${like} OR ${quickMessages.message} ILIKE ${like})`;
}

/** The '/' picker: the caller's own quick messages and the shared (geral) ones that are visible. */
export async function listForPicker(db: Db, ctx: TenantContext, f: { search?: string; isMedia?: boolean }) {
  const conds = [
    eq(quickMessages.companyId, ctx.companyId),
    or(eq(quickMessages.userId, ctx.user.id), and(eq(quickMessages.geral, true), eq(quickMessages.visao, true))),
    searchCondition(f.search),
  ];
  if (f.isMedia !== undefined) conds.push(eq(quickMessages.isMedia, f.isMedia));
  return db
    .select()
    .from(quickMessages)
    .where(and(...conds))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
    .limit(500);
}

/** The quick messages page: the caller's own and every shared one, by shortcode. */
export async function listPage(db: Db, ctx: TenantContext, f: { search?: string; offset: number; limit: number }) {
  const where = and(
    eq(quickMessages.companyId, ctx.companyId),
    or(eq(quickMessages.userId, ctx.user.id), eq(quickMessages.geral, true)),
    searchCondition(f.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(quickMessages).where(where),
  ]);
  return { rows: rows.slice(0, f.limit), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

/**
 * Another quick message of the company with the same shortcode (any case) that would share a '/' picker
 * with this one: the same owner's, or either of the two shared (geral).
 */
export async function findShortcodeClash(
  db: Db,
  ctx: Tenant,
  v: { shortcode: string; ownerId: number | null; geral: boolean; exceptId?: number },
) {
  const conds = [
    eq(quickMessages.companyId, ctx.companyId),
    sql`lower(${quickMessages.shortcode}) = lower(${v.shortcode})`,
    v.exceptId !== undefined ? ne(quickMessages.id, v.exceptId) : undefined,
    v.geral
      ? undefined
      : v.ownerId === null
        ? eq(quickMessages.geral, true)
        : or(eq(quickMessages.geral, true), eq(quickMessages.userId, v.ownerId)),
  ];
  const [row] = await db
    .select({ id: quickMessages.id })
    .from(quickMessages)
    .where(and(...conds))
    .limit(1);
  return row ?? null;
}

export async function findQuickMessage(db: Db, ctx: Tenant, id: number): Promise<QuickMessageRow | null> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, ctx.companyId), eq(quickMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertQuickMessage(db: Db, ctx: TenantContext, v: Partial<QuickMessageRow> & { shortcode: string }) {
  const [row] = await db
    .insert(quickMessages)
    .values({ ...v, companyId: ctx.companyId, userId: ctx.user.id })
    .returning();
  return row;
}

export async function updateQuickMessage(db: Db, ctx: Tenant, id: number, v: Partial<QuickMessageRow>) {
  const [row] = await db
    .update(quickMessages)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(quickMessages.companyId, ctx.companyId), eq(quickMessages.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteQuickMessage(db: Db, ctx: Tenant, id: number) {
  const rows = await db
    .delete(quickMessages)
    .where(and(eq(quickMessages.companyId, ctx.companyId), eq(quickMessages.id, id)))
    .returning({ id: quickMessages.id });
  return rows.length > 0;
}
