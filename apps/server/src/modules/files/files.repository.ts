import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { chatbots, type FileListOption, fileLists, queues } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type FileListRow = typeof fileLists.$inferSelect;

function searchCondition(search?: string): SQL | undefined {
  if (!search) return undefined;
  return sql`${fileLists.name} ILIKE ${`%${escapeLike(search)}%`}`;
}

/** The file lists page (searched, by name) or, without a page, the pickers' whole list (capped). */
export async function listFileLists(db: Db, ctx: Tenant, f: { search?: string; offset: number; limit: number }) {
  const where = and(eq(fileLists.companyId, ctx.companyId), searchCondition(f.search));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(fileLists).where(where),
  ]);
  return { rows: rows.slice(0, f.limit), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

export async function findFileList(db: Db, ctx: Tenant, id: number): Promise<FileListRow | null> {
  const [row] = await db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertFileList(db: Db, ctx: Tenant, v: { name: string; message: string; options: FileListOption[] }) {
  const [row] = await db
    .insert(fileLists)
    .values({ ...v, companyId: ctx.companyId })
    .returning();
  return row;
}

export async function updateFileList(
  db: Db,
  ctx: Tenant,
  id: number,
  v: Partial<{ name: string; message: string; options: FileListOption[] }>,
) {
  const [row] = await db
    .update(fileLists)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)))
    .returning();
  return row ?? null;
}

/** Deleting a list unlinks it from queues and chatbot steps (their columns carry no foreign key). */
export async function deleteFileList(db: Db, ctx: Tenant, id: number) {
  return db.transaction(async (tx) => {
    await tx
      .update(queues)
      .set({ fileListId: null })
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.fileListId, id)));
    await tx
      .update(chatbots)
      .set({ optFileId: null })
      .where(and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.optFileId, id)));
    const rows = await tx
      .delete(fileLists)
      .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)))
      .returning({ id: fileLists.id });
    return rows.length > 0;
  });
}
