import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { ticketFiles, users } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export async function listFiles(db: Db, ctx: Tenant, ticketId: number) {
  return db
    .select({
      id: ticketFiles.id,
      ticketId: ticketFiles.ticketId,
      name: ticketFiles.name,
      mimeType: ticketFiles.mimeType,
      size: ticketFiles.size,
      path: ticketFiles.path,
      createdAt: ticketFiles.createdAt,
      userId: ticketFiles.userId,
      userName: users.name,
    })
    .from(ticketFiles)
    .leftJoin(users, eq(users.id, ticketFiles.userId))
    .where(and(eq(ticketFiles.companyId, ctx.companyId), eq(ticketFiles.ticketId, ticketId)))
    .orderBy(desc(ticketFiles.id));
}

export async function insertFile(
  db: Db,
  ctx: Tenant,
  v: { ticketId: number; userId: number; path: string; name: string; mimeType: string; size: number },
) {
  const [row] = await db
    .insert(ticketFiles)
    .values({ companyId: ctx.companyId, ...v })
    .returning({ id: ticketFiles.id });
  return row.id;
}

export async function deleteFile(db: Db, ctx: Tenant, ticketId: number, id: number) {
  const rows = await db
    .delete(ticketFiles)
    .where(and(eq(ticketFiles.companyId, ctx.companyId), eq(ticketFiles.ticketId, ticketId), eq(ticketFiles.id, id)))
    .returning({ path: ticketFiles.path });
  return rows[0]?.path ?? null;
}
