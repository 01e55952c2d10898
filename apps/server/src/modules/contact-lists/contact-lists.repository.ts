import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { contactListItems, contactLists, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type ContactListRow = typeof contactLists.$inferSelect & { contactsCount: number };
export type ContactListItemRow = typeof contactListItems.$inferSelect;

const countOfItems = sql<number>`(SELECT count(*)::int FROM contact_list_items i WHERE i.contact_list_id = "contact_lists"."id")`;

/** The company's lists by name, with their item counts (one query per page). */
export async function listContactLists(db: Db, ctx: Tenant, f: { search?: string; offset: number; limit: number }) {
  const conds: SQL[] = [eq(contactLists.companyId, ctx.companyId)];
  if (f.search) conds.push(sql`${contactLists.name} ILIKE ${`%${escapeLike(f.search)}%`}`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ list: contactLists, contactsCount: countOfItems })
      .from(contactLists)
      .where(where)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactLists).where(where),
  ]);
  return {
    items: rows.slice(0, f.limit).map((r) => ({ ...r.list, contactsCount: Number(r.contactsCount) })),
    hasMore: rows.length > f.limit,
    count: Number(total?.n ?? 0),
  };
}

export async function findContactList(db: Db, ctx: Tenant, id: number): Promise<ContactListRow | null> {
  const [row] = await db
    .select({ list: contactLists, contactsCount: countOfItems })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, id)))
    .limit(1);
  return row ? { ...row.list, contactsCount: Number(row.contactsCount) } : null;
}

export async function insertContactList(db: Db, ctx: Tenant, name: string) {
  const [row] = await db.insert(contactLists).values({ companyId: ctx.companyId, name }).returning({ id: contactLists.id });
  return row;
}

export async function updateContactList(db: Db, ctx: Tenant, id: number, values: Partial<typeof contactLists.$inferInsert>) {
  const [row] = await db
    .update(contactLists)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return row ?? null;
}

/** Takes the list's import slot: only one import of a list runs at a time. */
export async function claimImport(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .update(contactLists)
    .set({ importStatus: 'queued', importSummary: null, updatedAt: new Date() })
    .where(
      and(
        eq(contactLists.companyId, ctx.companyId),
        eq(contactLists.id, id),
        sql`${contactLists.importStatus} NOT IN ('queued', 'running')`,
      ),
    )
    .returning({ id: contactLists.id });
  return Boolean(row);
}

export async function deleteContactList(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .delete(contactLists)
    .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return row ?? null;
}

export async function listItems(db: Db, ctx: Tenant, f: { listId: number; search?: string; offset: number; limit: number }) {
  const conds: SQL[] = [eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.contactListId, f.listId)];
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    conds.push(
      sql`(${contactListItems.name} ILIKE ${like} OR ${contactListItems.number} ILIKE ${like} OR ${contactListItems.email} ILIKE ${like})`,
    );
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactListItems).where(where),
  ]);
  return { items: rows.slice(0, f.limit), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

export async function findItem(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)))
    .limit(1);
  return row ?? null;
}

/** A number is in a list once: answers null when it already is. */
export async function insertItem(db: Db, ctx: Tenant, v: { contactListId: number; name: string; number: string; email: string }) {
  const [row] = await db
    .insert(contactListItems)
    .values({ companyId: ctx.companyId, ...v })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateItem(db: Db, ctx: Tenant, id: number, v: Partial<typeof contactListItems.$inferInsert>) {
  const [row] = await db
    .update(contactListItems)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteItem(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .delete(contactListItems)
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)))
    .returning({ id: contactListItems.id });
  return row ?? null;
}

/** Many rows in one statement; a number already in the list keeps its row and takes the new name / e-mail. */
export async function upsertItems(
  db: Db,
  ctx: Tenant,
  listId: number,
  rows: { name: string; number: string; email: string }[],
): Promise<{ created: number; updated: number }> {
  if (!rows.length) return { created: 0, updated: 0 };
  const result = rowsOf<{ inserted: boolean | string }>(
    await db.execute(sql`
      INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
      SELECT ${ctx.companyId}, ${listId}, name, number, email
        FROM unnest(${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.number))}::text[],
                    ${sql.param(rows.map((r) => r.email))}::text[]) AS i(name, number, email)
      ON CONFLICT (contact_list_id, number) DO UPDATE
        SET name = EXCLUDED.name, email = EXCLUDED.email, updated_at = now()
      RETURNING (xmax = 0) AS inserted`),
  );
  const created = result.filter((r) => r.inserted === true || r.inserted === 't').length;
  return { created, updated: result.length - created };
}

/** The company's contacts with a tag (not groups) become items of the list; answers how many were new. */
export async function addContactsWithTag(db: Db, ctx: Tenant, listId: number, tagId: number) {
  const result = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
      SELECT c.company_id, ${listId}, c.name, c.number, coalesce(c.email, '')
        FROM contact_tags ct JOIN contacts c ON c.id = ct.contact_id
       WHERE ct.company_id = ${ctx.companyId} AND ct.tag_id = ${tagId} AND c.company_id = ${ctx.companyId}
         AND NOT c.is_group AND c.number ~ '^[0-9]{8,50}$'
      ON CONFLICT (contact_list_id, number) DO NOTHING
      RETURNING id`),
  );
  return result.length;
}

export async function tagExists(db: Db, ctx: Tenant, tagId: number) {
  const r = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM tags WHERE company_id = ${ctx.companyId} AND id = ${tagId}`),
  );
  return r.length > 0;
}

/** All lists (the campaign editor's selector). */
export async function allContactLists(db: Db, ctx: Tenant) {
  const rows = await db
    .select({ id: contactLists.id, name: contactLists.name, contactsCount: countOfItems })
    .from(contactLists)
    .where(eq(contactLists.companyId, ctx.companyId))
    .orderBy(asc(contactLists.name));
  return rows.map((r) => ({ ...r, contactsCount: Number(r.contactsCount) }));
}

/** Items whose number was not looked up on WhatsApp yet (isWhatsappValid null), a batch at a time. */
export async function uncheckedItems(db: Db, ctx: Tenant, listId: number, limit: number) {
  return db
    .select({ id: contactListItems.id, number: contactListItems.number })
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.companyId, ctx.companyId),
        eq(contactListItems.contactListId, listId),
        sql`${contactListItems.isWhatsappValid} IS NULL`,
      ),
    )
    .orderBy(asc(contactListItems.id))
    .limit(limit);
}

/** Stores what WhatsApp answered for each item (only where it was still unknown: an edit meanwhile wins). */
export async function setWhatsappValidity(db: Db, ctx: Tenant, results: { id: number; valid: boolean }[]) {
  for (const valid of [true, false]) {
    const ids = results.filter((r) => r.valid === valid).map((r) => r.id);
    if (ids.length === 0) continue;
    await db
      .update(contactListItems)
      .set({ isWhatsappValid: valid, updatedAt: new Date() })
      .where(
        and(
          eq(contactListItems.companyId, ctx.companyId),
          sql`${contactListItems.id} = ANY(${sql.param(ids)}::int[])`,
          sql`${contactListItems.isWhatsappValid} IS NULL`,
        ),
      );
  }
}

/** The company's connected QR connection that answers number lookups (the default one first). */
export async function findLookupConnection(db: Db, ctx: Tenant) {
  const [row] = await db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, status: whatsapps.status })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.channel, 'whatsapp'), eq(whatsapps.status, 'CONNECTED')))
    .orderBy(sql`${whatsapps.isDefault} DESC`, asc(whatsapps.id))
    .limit(1);
  return row ?? null;
}
