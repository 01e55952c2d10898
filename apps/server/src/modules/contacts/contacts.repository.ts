import type { ContactImportDto, ContactItemDto, TagRefDto } from '@atendo/shared';
import { and, asc, desc, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { contactCustomFields, contactImports, contacts, contactTags, tags, tickets, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactImportRow = typeof contactImports.$inferSelect;

export interface ContactFilter {
  search?: string;
  tagIds?: number[];
  channel?: string;
  isGroup?: boolean;
}

/**
 * The contact book's search as a predicate over contacts (seed 000 §5): the lower-cased term anywhere in the name,
 * number or e-mail. The expression is the one of the trigram index of migration 0008 (keep them identical, or the
 * index is not used). The tickets report searches contacts with it too.
 */
export function contactSearchSql(term: string): SQL {
  const like = `%${escapeLike(term.toLowerCase())}%`;
  return sql`(lower(${contacts.name}) || ' ' || ${contacts.number} || ' ' || lower(${contacts.email})) LIKE ${like}`;
}

function filterConditions(companyId: number, f: ContactFilter): SQL[] {
  const conds: SQL[] = [eq(contacts.companyId, companyId)];
  if (f.search) conds.push(contactSearchSql(f.search));
  if (f.channel) conds.push(eq(contacts.channel, f.channel));
  if (f.isGroup !== undefined) conds.push(eq(contacts.isGroup, f.isGroup));
  if (f.tagIds?.length) {
    conds.push(
      sql`EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.company_id = ${companyId} AND ct.contact_id = contacts.id
          AND ct.tag_id = ANY(${sql.param(f.tagIds)}::int[]))`,
    );
  }
  return conds;
}

/** The contact's connection as lists show it (`contact.whatsapp`), or null. */
export type ConnectionRef = { id: number; name: string } | null;

/**
 * One page of the contact book, ordered by name, each with its connection (id and name, joined in the same company);
 * `count` is the total of the filter.
 */
export async function listContacts(db: Db, { companyId }: Tenant, f: ContactFilter, page: { offset: number; limit: number }) {
  const where = and(...filterConditions(companyId, f));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(contacts), whatsappName: whatsapps.name })
      .from(contacts)
      .leftJoin(whatsapps, and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, contacts.whatsappId)))
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(page.limit + 1)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where),
  ]);
  return {
    rows: rows.slice(0, page.limit).map(({ whatsappName, ...row }) => ({
      row,
      whatsapp: row.whatsappId !== null && whatsappName !== null ? { id: row.whatsappId, name: whatsappName } : null,
    })),
    hasMore: rows.length > page.limit,
    count: Number(total?.n ?? 0),
  };
}

/** The connection of one contact (id and name), in the caller's company. */
export async function connectionRefOf(db: Db, { companyId }: Tenant, whatsappId: number | null): Promise<ConnectionRef> {
  if (whatsappId === null) return null;
  const [row] = await db
    .select({ id: whatsapps.id, name: whatsapps.name })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)))
    .limit(1);
  return row ?? null;
}

/** Selectors (GET /contacts/list): id, name, number, channel, at most `limit`. */
export async function listContactRefs(db: Db, { companyId }: Tenant, search: string | undefined, limit: number) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      channel: contacts.channel,
      isGroup: contacts.isGroup,
    })
    .from(contacts)
    .where(and(...filterConditions(companyId, { search })))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit);
}

export async function tagsOfContacts(db: Db, { companyId }: Tenant, contactIds: number[]): Promise<Map<number, TagRefDto[]>> {
  const out = new Map<number, TagRefDto[]>();
  if (!contactIds.length) return out;
  const rows = await db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.contactId, contactIds)))
    .orderBy(asc(tags.name));
  for (const { contactId, ...tag } of rows) {
    const list = out.get(contactId) ?? [];
    list.push(tag);
    out.set(contactId, list);
  }
  return out;
}

export async function extraInfoOf(db: Db, { companyId }: Tenant, contactId: number) {
  return db
    .select({ id: contactCustomFields.id, name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, contactId)))
    .orderBy(asc(contactCustomFields.id));
}

export async function findContact(db: Db, { companyId }: Tenant, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findContactByNumber(db: Db, { companyId }: Tenant, number: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
    .orderBy(sql`${contacts.channel} = 'whatsapp' DESC`, asc(contacts.id))
    .limit(1);
  return row ?? null;
}

/**
 * The company's WhatsApp contacts stored under any of these numbers (the variants of one line: a Brazilian mobile
 * with and without its ninth digit), by number. One unique-index lookup per number.
 */
export async function whatsappContactsByNumbers(db: Db, { companyId }: Tenant, numbers: string[]) {
  const out = new Map<string, number>();
  if (!numbers.length) return out;
  const rows = await db
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.channel, 'whatsapp'), inArray(contacts.number, numbers)));
  for (const r of rows) out.set(r.number, r.id);
  return out;
}

export async function insertContact(
  db: Db,
  { companyId }: Tenant,
  v: { name: string; number: string; email: string; acceptAudioMessage?: boolean; disableBot?: boolean },
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ companyId, channel: 'whatsapp', ...v })
    .returning();
  return row;
}

/**
 * The company's WhatsApp contact of a number, created (named `name`, else the number) when missing — one statement,
 * so concurrent senders of the same new number (the public API, a campaign) get the same row.
 */
export async function ensureWhatsappContact(
  db: Db,
  { companyId }: Tenant,
  v: { number: string; name: string; email: string },
): Promise<{ row: ContactRow; inserted: boolean }> {
  const [r] = await db
    .insert(contacts)
    .values({ companyId, channel: 'whatsapp', number: v.number, name: v.name || v.number, email: v.email })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.channel, contacts.number],
      set: { updatedAt: sql`${contacts.updatedAt}` },
    })
    .returning({ ...getTableColumns(contacts), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...row } = r;
  return { row, inserted: inserted === true };
}

export async function updateContact(
  db: Db,
  { companyId }: Tenant,
  id: number,
  v: Partial<ContactRow>,
): Promise<ContactRow | null> {
  const [row] = await db
    .update(contacts)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

/** Toggles a boolean column in one statement (two clicks never read the same old value). */
export async function toggleContactFlag(db: Db, { companyId }: Tenant, id: number, column: 'acceptAudioMessage' | 'disableBot') {
  const col = contacts[column];
  const [row] = await db
    .update(contacts)
    .set({ [column]: sql`NOT ${col}`, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

/** Extra info becomes exactly these rows: sent ids are updated, others removed, rows without id added. */
export async function replaceExtraInfo(
  db: Db,
  { companyId }: Tenant,
  contactId: number,
  rows: { id?: number; name: string; value: string }[],
) {
  await db.transaction(async (tx) => {
    const keep = rows.filter((r) => r.id !== undefined).map((r) => r.id as number);
    await tx
      .delete(contactCustomFields)
      .where(
        and(
          eq(contactCustomFields.companyId, companyId),
          eq(contactCustomFields.contactId, contactId),
          keep.length ? sql`${contactCustomFields.id} <> ALL(${sql.param(keep)}::int[])` : sql`TRUE`,
        ),
      );
    for (const r of rows) {
      if (r.id !== undefined) {
        const updated = await tx
          .update(contactCustomFields)
          .set({ name: r.name, value: r.value, updatedAt: new Date() })
          .where(
            and(
              eq(contactCustomFields.companyId, companyId),
              eq(contactCustomFields.contactId, contactId),
              eq(contactCustomFields.id, r.id),
            ),
          )
          .returning({ id: contactCustomFields.id });
        if (updated.length) continue;
      }
      await tx.insert(contactCustomFields).values({ companyId, contactId, name: r.name, value: r.value });
    }
  });
}

/** Deletes the contact (its tickets, messages and notes go with it); answers the ids of the tickets removed. */
export async function deleteContact(
  db: Db,
  { companyId }: Tenant,
  id: number,
): Promise<{ deleted: boolean; ticketIds: number[] }> {
  const live = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, id)));
  const gone = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return { deleted: gone.length > 0, ticketIds: live.map((r) => r.id) };
}

// ─── Import ──────────────────────────────────────────────────────────────────

export interface ImportRow {
  name: string;
  number: string;
  email: string;
  tags: string[];
}

/**
 * Upserts a batch of contacts in one statement (seed rows: channel whatsapp). Existing contacts take the row's
 * name and (when given) e-mail. Rows must have distinct numbers. Answers the created and matched ids by number.
 */
export async function upsertContactsBatch(db: Db, { companyId }: Tenant, rows: ImportRow[]) {
  if (!rows.length) return { created: 0, matched: 0, ids: new Map<string, number>() };
  const result = rowsOf<{ id: number; number: string; inserted: boolean }>(
    await db.execute(sql`
      WITH input AS (
        SELECT * FROM unnest(${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.number))}::text[],
                             ${sql.param(rows.map((r) => r.email))}::text[]) AS i(name, number, email)
      ),
      up AS (
        INSERT INTO contacts (company_id, name, number, email, channel)
        SELECT ${companyId}, name, number, email, 'whatsapp' FROM input
        ON CONFLICT (company_id, channel, number) DO UPDATE
          SET name = EXCLUDED.name,
              email = CASE WHEN EXCLUDED.email <> '' THEN EXCLUDED.email ELSE contacts.email END,
              updated_at = now()
          WHERE contacts.name IS DISTINCT FROM EXCLUDED.name
             OR (EXCLUDED.email <> '' AND contacts.email IS DISTINCT FROM EXCLUDED.email)
        RETURNING id, number, (xmax = 0) AS inserted
      )
      SELECT id, number, inserted FROM up
      UNION ALL
      -- Rows left unchanged: one unique-index lookup each (LIMIT 1 keeps the lookup per row even under a generic
      -- plan of the prepared statement; a join let PostgreSQL scan the company's contacts once per batch).
      SELECT c.id, c.number, false FROM input i
      CROSS JOIN LATERAL (SELECT id, number FROM contacts WHERE company_id = ${companyId} AND channel = 'whatsapp'
                          AND number = i.number LIMIT 1) c
      WHERE i.number NOT IN (SELECT number FROM up)`),
  );
  const ids = new Map<string, number>();
  let created = 0;
  for (const r of result) {
    ids.set(r.number, Number(r.id));
    if (r.inserted === true || (r.inserted as unknown) === 't') created++;
  }
  return { created, matched: rows.length - created, ids };
}

/** Links contacts to tags by name (tags created when missing, one per name whatever its case). */
export async function linkTagsByName(
  db: Db,
  { companyId }: Tenant,
  userId: number | null,
  links: { contactId: number; tag: string }[],
) {
  if (!links.length) return;
  const names = [...new Set(links.map((l) => l.tag))];
  const tagRows = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      WITH wanted AS (SELECT DISTINCT ON (lower(n)) n FROM unnest(${sql.param(names)}::text[]) AS n),
      ins AS (
        INSERT INTO tags (company_id, name, user_id) SELECT ${companyId}, n, ${userId} FROM wanted
        ON CONFLICT (company_id, lower(name)) DO NOTHING RETURNING id, name
      )
      SELECT id, name FROM ins
      UNION
      SELECT t.id, t.name FROM tags t JOIN wanted w ON lower(t.name) = lower(w.n) WHERE t.company_id = ${companyId}`),
  );
  const byName = new Map(tagRows.map((r) => [r.name.toLowerCase(), Number(r.id)]));
  const pairs = links.flatMap((l) => {
    const tagId = byName.get(l.tag.toLowerCase());
    return tagId ? [{ contactId: l.contactId, tagId }] : [];
  });
  if (!pairs.length) return;
  await db.execute(sql`
    INSERT INTO contact_tags (company_id, contact_id, tag_id)
    SELECT ${companyId}, c, t FROM unnest(${sql.param(pairs.map((p) => p.contactId))}::int[], ${sql.param(pairs.map((p) => p.tagId))}::int[]) AS x(c, t)
    ON CONFLICT DO NOTHING`);
}

/** Contacts from a connection's chats: new numbers are created, existing ones left as they are. */
export async function insertChatContacts(
  db: Db,
  { companyId }: Tenant,
  whatsappId: number,
  rows: { name: string; number: string }[],
) {
  if (!rows.length) return 0;
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO contacts (company_id, name, number, channel, whatsapp_id)
      SELECT ${companyId}, name, number, 'whatsapp', ${whatsappId}
      FROM unnest(${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.number))}::text[]) AS i(name, number)
      ON CONFLICT (company_id, channel, number) DO NOTHING
      RETURNING id`),
  );
  return inserted.length;
}

export async function findWhatsappForChats(db: Db, { companyId }: Tenant, whatsappId?: number) {
  const conds = [eq(whatsapps.companyId, companyId)];
  if (whatsappId) conds.push(eq(whatsapps.id, whatsappId));
  else conds.push(eq(whatsapps.channel, 'whatsapp'));
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(...conds))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  return row ?? null;
}

export async function insertImport(
  db: Db,
  { companyId }: Tenant,
  v: { userId: number; fileName: string; filePath: string; total: number },
) {
  const [row] = await db
    .insert(contactImports)
    .values({ companyId, ...v })
    .returning();
  return row;
}

export async function findImport(db: Db, { companyId }: Tenant, id: number): Promise<ContactImportRow | null> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.companyId, companyId), eq(contactImports.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateImport(db: Db, { companyId }: Tenant, id: number, v: Partial<ContactImportRow>) {
  const [row] = await db
    .update(contactImports)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(contactImports.companyId, companyId), eq(contactImports.id, id)))
    .returning();
  return row ?? null;
}

/** Takes an uploaded import for a run: only one run per upload (a second click answers null). */
export async function claimImport(db: Db, { companyId }: Tenant, id: number) {
  const [row] = await db
    .update(contactImports)
    .set({ status: 'queued', updatedAt: new Date() })
    .where(
      and(
        eq(contactImports.companyId, companyId),
        eq(contactImports.id, id),
        inArray(contactImports.status, ['uploaded', 'done', 'failed']),
      ),
    )
    .returning();
  return row ?? null;
}

export const toImportDto = (r: ContactImportRow): ContactImportDto => ({
  id: r.id,
  fileName: r.fileName,
  status: r.status as ContactImportDto['status'],
  total: r.total,
  processed: r.processed,
  created: r.created,
  updated: r.updated,
  ignored: r.ignored,
  failed: r.failed,
  errors: r.errors,
  createdAt: r.createdAt,
  finishedAt: r.finishedAt,
});

// ─── Export ──────────────────────────────────────────────────────────────────

export async function extraInfoNames(db: Db, { companyId }: Tenant): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: contactCustomFields.name })
    .from(contactCustomFields)
    .where(eq(contactCustomFields.companyId, companyId))
    .orderBy(asc(contactCustomFields.name))
    .limit(200);
  return rows.map((r) => r.name);
}

/** A keyset page of the export: contacts after `afterId` with their tag names and extra info. */
export async function exportPage(db: Db, { companyId }: Tenant, afterId: number, limit: number) {
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      channel: contacts.channel,
      isGroup: contacts.isGroup,
      active: contacts.active,
      tags: sql<
        string | null
      >`(SELECT string_agg(t.name, ', ' ORDER BY t.name) FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
             WHERE ct.company_id = ${companyId} AND ct.contact_id = contacts.id)`,
      extra: sql<
        { name: string; value: string }[] | null
      >`(SELECT json_agg(json_build_object('name', f.name, 'value', f.value) ORDER BY f.id)
             FROM contact_custom_fields f WHERE f.company_id = ${companyId} AND f.contact_id = contacts.id)`,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);
  type Extra = { name: string; value: string }[] | null;
  return rows.map((r) => ({ ...r, extra: (typeof r.extra === 'string' ? JSON.parse(r.extra) : r.extra) as Extra }));
}

export type { ContactItemDto };
