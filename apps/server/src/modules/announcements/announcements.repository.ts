import type { AnnouncementBody } from '@atendo/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { announcements } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** A page of the platform's announcements, newest first; `activeOnly` for the readers (the bell). */
export async function listAnnouncements(
  db: Db,
  tenant: Tenant,
  f: { search?: string; activeOnly: boolean; limit: number; offset: number },
) {
  const conds = [eq(announcements.companyId, tenant.companyId)];
  if (f.activeOnly) conds.push(eq(announcements.status, true));
  if (f.search) {
    const like = `%${escapeLike(f.search.toLowerCase())}%`;
    conds.push(sql`(lower(${announcements.title}) LIKE ${like} OR lower(${announcements.text}) LIKE ${like})`);
  }
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(desc(announcements.id)).limit(f.limit).offset(f.offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findAnnouncement(db: Db, tenant: Tenant, id: number) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.companyId, tenant.companyId), eq(announcements.id, id)));
  return row ?? null;
}

export async function insertAnnouncement(db: Db, tenant: Tenant, v: AnnouncementBody) {
  const [row] = await db
    .insert(announcements)
    .values({ companyId: tenant.companyId, ...v })
    .returning();
  return row;
}

export async function updateAnnouncement(
  db: Db,
  tenant: Tenant,
  id: number,
  v: Partial<AnnouncementBody> & { mediaPath?: string | null; mediaName?: string | null },
) {
  const [row] = await db
    .update(announcements)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(announcements.companyId, tenant.companyId), eq(announcements.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAnnouncement(db: Db, tenant: Tenant, id: number) {
  const [row] = await db
    .delete(announcements)
    .where(and(eq(announcements.companyId, tenant.companyId), eq(announcements.id, id)))
    .returning();
  return row ?? null;
}
