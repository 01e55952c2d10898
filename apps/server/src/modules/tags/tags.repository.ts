import type { TagDto, TagRefDto } from '@atendo/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { contacts, contactTags, tags, ticketTags } from '../../db/schema';
import type { Tenant } from '../../platform/context';

type TagRow = typeof tags.$inferSelect;

export const toTagDto = (r: TagRow): TagDto => ({
  id: r.id,
  name: r.name,
  color: r.color,
  kanban: r.kanban,
  position: r.position,
  timeLane: r.timeLane,
  nextLaneId: r.nextLaneId,
  rollbackLaneId: r.rollbackLaneId,
  greetingMessageLane: r.greetingMessageLane,
  userId: r.userId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const refColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

export async function listTags(db: Db, ctx: Tenant, f: { kanban?: number; search?: string }): Promise<TagDto[]> {
  const conds = [eq(tags.companyId, ctx.companyId)];
  if (f.kanban !== undefined) conds.push(eq(tags.kanban, f.kanban));
  if (f.search) conds.push(sql`${tags.name} ILIKE ${`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const rows = await db
    .select()
    .from(tags)
    .where(and(...conds))
    .orderBy(asc(tags.kanban), asc(tags.position), asc(tags.name));
  return rows.map(toTagDto);
}

export async function findTag(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, id)))
    .limit(1);
  return row ?? null;
}

/** Inserts a tag; null when the company already has one of that name (any case). */
export async function insertTag(
  db: Db,
  ctx: Tenant,
  v: { name: string; color: string; kanban: number; userId: number },
): Promise<TagRow | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO tags (company_id, name, color, kanban, user_id)
      VALUES (${ctx.companyId}, ${v.name}, ${v.color}, ${v.kanban}, ${v.userId})
      ON CONFLICT (company_id, lower(name)) DO NOTHING
      RETURNING id`),
  );
  return rows[0] ? findTag(db, ctx, Number(rows[0].id)) : null;
}

/** Ids of the named tags, created when missing (concurrent syncs converge on one tag per name). */
export async function tagIdsByName(db: Db, ctx: Tenant, names: string[], userId: number): Promise<number[]> {
  if (!names.length) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      WITH wanted AS (SELECT DISTINCT ON (lower(n)) n FROM unnest(${sql.param(names)}::text[]) AS n),
      ins AS (
        INSERT INTO tags (company_id, name, user_id) SELECT ${ctx.companyId}, n, ${userId} FROM wanted
        ON CONFLICT (company_id, lower(name)) DO NOTHING RETURNING id
      )
      SELECT id FROM ins
      UNION
      SELECT t.id FROM tags t JOIN wanted w ON lower(t.name) = lower(w.n) WHERE t.company_id = ${ctx.companyId}`),
  );
  return rows.map((r) => Number(r.id));
}

export async function existingTagIds(db: Db, ctx: Tenant, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), inArray(tags.id, ids)));
  return rows.map((r) => r.id);
}

export async function contactExists(db: Db, ctx: Tenant, contactId: number) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, contactId)))
    .limit(1);
  return Boolean(row);
}

export async function contactTagRefs(db: Db, ctx: Tenant, contactId: number): Promise<TagRefDto[]> {
  return db
    .select(refColumns)
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(contactTags.companyId, ctx.companyId), eq(contactTags.contactId, contactId)))
    .orderBy(asc(tags.name));
}

/** The contact's tags become exactly these. */
export async function replaceContactTags(db: Db, ctx: Tenant, contactId: number, tagIds: number[]) {
  await db.transaction(async (tx) => {
    await tx
      .delete(contactTags)
      .where(
        and(
          eq(contactTags.companyId, ctx.companyId),
          eq(contactTags.contactId, contactId),
          tagIds.length ? sql`${contactTags.tagId} <> ALL(${sql.param(tagIds)}::int[])` : sql`TRUE`,
        ),
      );
    if (tagIds.length) {
      await tx
        .insert(contactTags)
        .values(tagIds.map((tagId) => ({ companyId: ctx.companyId, contactId, tagId })))
        .onConflictDoNothing();
    }
  });
}

/** Links the tag; true when the ticket did not have it yet. */
export async function addTicketTag(db: Db, ctx: Tenant, ticketId: number, tagId: number): Promise<boolean> {
  const rows = await db
    .insert(ticketTags)
    .values({ companyId: ctx.companyId, ticketId, tagId })
    .onConflictDoNothing()
    .returning({ tagId: ticketTags.tagId });
  return rows.length > 0;
}

/** Removes one tag, or (no tagId) the ticket's kanban lanes — how the board moves a ticket (seed 000 §4). */
export async function removeTicketTags(db: Db, ctx: Tenant, ticketId: number, tagId?: number) {
  const which = tagId
    ? sql`${ticketTags.tagId} = ${tagId}`
    : sql`${ticketTags.tagId} IN (SELECT id FROM tags WHERE company_id = ${ctx.companyId} AND kanban = 1)`;
  await db.delete(ticketTags).where(and(eq(ticketTags.companyId, ctx.companyId), eq(ticketTags.ticketId, ticketId), which));
}

/** Live tickets of a contact (their lists show the contact's changes). */
export async function liveTicketIdsOfContact(db: Db, ctx: Tenant, contactId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM tickets WHERE company_id = ${ctx.companyId} AND contact_id = ${contactId} AND status <> 'closed'`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** The tags page: tags with their contact and ticket counts, searched by name, 20 per page. */
export async function pageTags(
  db: Db,
  ctx: Tenant,
  f: { search?: string; kanban?: number; tagId?: number; offset: number; limit: number },
) {
  const conds = [eq(tags.companyId, ctx.companyId)];
  if (f.kanban !== undefined) conds.push(eq(tags.kanban, f.kanban));
  if (f.tagId !== undefined) conds.push(eq(tags.id, f.tagId));
  if (f.search) conds.push(sql`${tags.name} ILIKE ${`%${escapeLike(f.search)}%`}`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        tag: tags,
        contactsCount: sql<number>`(SELECT count(*)::int FROM contact_tags ct WHERE ct.company_id = ${ctx.companyId} AND ct.tag_id = ${tags.id})`,
        ticketsCount: sql<number>`(SELECT count(*)::int FROM ticket_tags tt WHERE tt.company_id = ${ctx.companyId} AND tt.tag_id = ${tags.id})`,
      })
      .from(tags)
      .where(where)
      // Kanban lanes in the board's order (position), other tags by name.
      .orderBy(...(f.kanban === 1 ? [asc(tags.position), asc(tags.name), asc(tags.id)] : [asc(tags.name), asc(tags.id)]))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where),
  ]);
  return {
    rows: rows
      .slice(0, f.limit)
      .map((r) => ({ ...toTagDto(r.tag), contactsCount: Number(r.contactsCount), ticketsCount: Number(r.ticketsCount) })),
    hasMore: rows.length > f.limit,
    count: Number(total?.n ?? 0),
  };
}

export async function tagRow(db: Db, ctx: Tenant, id: number) {
  const page = await pageTags(db, ctx, { tagId: id, offset: 0, limit: 1 });
  return page.rows[0] ?? null;
}

export async function updateTag(db: Db, ctx: Tenant, id: number, v: Partial<TagRow>) {
  const [row] = await db
    .update(tags)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTag(db: Db, ctx: Tenant, id: number) {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** Contacts of a tag for its dialog (id, name, number), by name. */
export async function tagContacts(db: Db, ctx: Tenant, tagId: number, page: { offset: number; limit: number }) {
  const where = and(eq(contactTags.companyId, ctx.companyId), eq(contactTags.tagId, tagId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number, isGroup: contacts.isGroup })
      .from(contactTags)
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(page.limit + 1)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactTags).where(where),
  ]);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, count: Number(total?.n ?? 0) };
}

export async function unlinkContact(db: Db, ctx: Tenant, tagId: number, contactId: number) {
  const rows = await db
    .delete(contactTags)
    .where(and(eq(contactTags.companyId, ctx.companyId), eq(contactTags.tagId, tagId), eq(contactTags.contactId, contactId)))
    .returning({ tagId: contactTags.tagId });
  return rows.length > 0;
}

/** Lane ids must be the company's kanban tags. */
export async function laneIdsExist(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return true;
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1), inArray(tags.id, ids)));
  return rows.length === new Set(ids).size;
}
