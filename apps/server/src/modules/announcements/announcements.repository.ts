import type { AnnouncementBody } from '@atendo/shared';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { announcements } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Who reads: a notice for one company (audience) reaches that company's admins only; the rest reach everyone. */
export interface AnnouncementReader {
  companyId: number;
  admin: boolean;
}

const readable = (reader: AnnouncementReader): SQL =>
  reader.admin
    ? (or(isNull(announcements.audienceCompanyId), eq(announcements.audienceCompanyId, reader.companyId)) as SQL)
    : isNull(announcements.audienceCompanyId);

/** A page of the platform's announcements, newest first; `activeOnly` for the readers (the bell). */
export async function listAnnouncements(
  db: Db,
  tenant: Tenant,
  f: { search?: string; activeOnly: boolean; limit: number; offset: number; reader: AnnouncementReader },
) {
  const conds = [eq(announcements.companyId, tenant.companyId), readable(f.reader)];
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

export async function findAnnouncement(db: Db, tenant: Tenant, id: number, reader?: AnnouncementReader) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.companyId, tenant.companyId), eq(announcements.id, id), reader ? readable(reader) : undefined));
  return row ?? null;
}

/** A system notice: its key under the web's `notices.` texts, the values they name, and the Portuguese words. */
export interface CompanyNotice {
  key: string;
  params: Record<string, string | number>;
  title: string;
  text: string;
}

/** A notice from the platform to one company's admins (shown in their bell like an announcement). */
export async function insertCompanyNotice(db: Db, tenant: Tenant, audienceCompanyId: number, v: CompanyNotice) {
  const [row] = await db
    .insert(announcements)
    .values({
      companyId: tenant.companyId,
      audienceCompanyId,
      title: v.title,
      text: v.text,
      noticeKey: v.key,
      noticeParams: v.params,
      priority: 1,
      status: true,
    })
    .returning();
  return row;
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
