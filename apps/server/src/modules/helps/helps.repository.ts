import type { HelpBody, HelpDto } from '@atendo/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { helps } from '../../db/schema';

type HelpRow = typeof helps.$inferSelect;

const toDto = (h: HelpRow): HelpDto => ({
  id: h.id,
  title: h.title,
  description: h.description,
  video: h.video,
  page: h.page,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
});

/** Help videos are the platform's (no tenant): every company reads the same list, by title. */
export async function listHelps(db: Db) {
  const rows = await db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
  return rows.map(toDto);
}

export async function findHelp(db: Db, helpId: number) {
  const [row] = await db.select().from(helps).where(eq(helps.id, helpId)).limit(1);
  return row ? toDto(row) : null;
}

/** A page opens one tutorial: another help that had the page lets it go. */
export async function releasePage(db: Db, page: string, exceptId: number) {
  await db
    .update(helps)
    .set({ page: null, updatedAt: new Date() })
    .where(and(eq(helps.page, page), ne(helps.id, exceptId)));
}

export async function insertHelp(db: Db, values: HelpBody) {
  const [row] = await db.insert(helps).values(values).returning();
  return toDto(row);
}

export async function updateHelp(db: Db, helpId: number, values: HelpBody) {
  const [row] = await db
    .update(helps)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(helps.id, helpId))
    .returning();
  return row ? toDto(row) : null;
}

export async function deleteHelp(db: Db, helpId: number) {
  await db.delete(helps).where(eq(helps.id, helpId));
}
