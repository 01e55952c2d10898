/**
 * Every statement of a contact's LGPD export and erasure (docs/privacy.md). The erasure reaches rows of several
 * domains (messages, tickets, notes, schedules, lists, campaigns, the audit log, webhook deliveries) in ONE
 * transaction, so it lives here as one rule (decision 98) rather than as a call into each module.
 */
import { type AnyColumn, and, asc, eq, gt, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import {
  auditLogs,
  campaignShippings,
  campaigns,
  contactCustomFields,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  messages,
  schedules,
  tags,
  ticketFiles,
  ticketNotes,
  tickets,
  ticketTags,
  ticketTrackings,
  userRatings,
  webhookDeliveries,
} from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type ContactRow = typeof contacts.$inferSelect;

export async function findContact(db: Db, { companyId }: Tenant, contactId: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  return row ?? null;
}

async function ticketIdsOf(db: Db, { companyId }: Tenant, contactId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
  return rows.map((r) => r.id);
}

/** The contact's messages: those of its tickets, and what it wrote in others' (a group participant). */
function messagesOf(companyId: number, contactId: number, ticketIds: number[]): SQL {
  const mine = eq(messages.contactId, contactId);
  return and(eq(messages.companyId, companyId), ticketIds.length ? or(inArray(messages.ticketId, ticketIds), mine) : mine) as SQL;
}

// ─── Export ────────────────────────────────────────────────────────────────

/** The profile with its custom fields and tags. */
export async function contactProfile(db: Db, tenant: Tenant, contact: ContactRow) {
  const [fields, tagRows] = await Promise.all([
    db
      .select({ name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .where(and(eq(contactCustomFields.companyId, tenant.companyId), eq(contactCustomFields.contactId, contact.id)))
      .orderBy(asc(contactCustomFields.id)),
    db
      .select({ name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(tags.companyId, tenant.companyId), eq(contactTags.contactId, contact.id)))
      .orderBy(asc(tags.name)),
  ]);
  const { companyId: _c, ...profile } = contact;
  return { ...profile, customFields: fields, tags: tagRows.map((t) => t.name) };
}

/** The contact's tickets, each with its tags (its kanban lane among them), ratings and attendances. */
export async function contactTickets(db: Db, tenant: Tenant, contactId: number) {
  const rows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, tenant.companyId), eq(tickets.contactId, contactId)))
    .orderBy(asc(tickets.id));
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [tagRows, ratings, trackings] = await Promise.all([
    db
      .select({ ticketId: ticketTags.ticketId, name: tags.name, kanban: tags.kanban })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(and(eq(tags.companyId, tenant.companyId), inArray(ticketTags.ticketId, ids))),
    db
      .select({
        ticketId: userRatings.ticketId,
        rate: userRatings.rate,
        userId: userRatings.userId,
        createdAt: userRatings.createdAt,
      })
      .from(userRatings)
      .where(and(eq(userRatings.companyId, tenant.companyId), inArray(userRatings.ticketId, ids))),
    db
      .select({
        ticketId: ticketTrackings.ticketId,
        startedAt: ticketTrackings.startedAt,
        closedAt: ticketTrackings.closedAt,
        rate: ticketTrackings.rate,
      })
      .from(ticketTrackings)
      .where(and(eq(ticketTrackings.companyId, tenant.companyId), inArray(ticketTrackings.ticketId, ids))),
  ]);
  return rows.map(({ companyId: _c, ...t }) => ({
    ...t,
    tags: tagRows.filter((r) => r.ticketId === t.id).map((r) => ({ name: r.name, kanbanLane: r.kanban === 1 })),
    ratings: ratings.filter((r) => r.ticketId === t.id).map(({ ticketId: _t, ...r }) => r),
    attendances: trackings.filter((r) => r.ticketId === t.id).map(({ ticketId: _t, ...r }) => r),
  }));
}

export type ExportedMessage = Omit<typeof messages.$inferSelect, 'companyId' | 'mediaRef' | 'automation'>;

/** The contact's messages, oldest first, a page at a time (a long history is never held whole). */
export async function* contactMessages(
  db: Db,
  tenant: Tenant,
  contactId: number,
  pageSize = 500,
): AsyncGenerator<ExportedMessage[]> {
  const ticketIds = await ticketIdsOf(db, tenant, contactId);
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(messages)
      .where(and(messagesOf(tenant.companyId, contactId, ticketIds), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(pageSize);
    if (!page.length) return;
    yield page.map(({ companyId: _c, mediaRef: _r, automation: _a, ...m }) => m);
    after = page[page.length - 1].id;
    if (page.length < pageSize) return;
  }
}

export async function contactNotes(db: Db, tenant: Tenant, contactId: number) {
  return db
    .select({
      id: ticketNotes.id,
      ticketId: ticketNotes.ticketId,
      userId: ticketNotes.userId,
      note: ticketNotes.note,
      createdAt: ticketNotes.createdAt,
    })
    .from(ticketNotes)
    .where(and(eq(ticketNotes.companyId, tenant.companyId), eq(ticketNotes.contactId, contactId)))
    .orderBy(asc(ticketNotes.id));
}

export async function contactSchedules(db: Db, tenant: Tenant, contactId: number) {
  const rows = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.companyId, tenant.companyId), eq(schedules.contactId, contactId)))
    .orderBy(asc(schedules.id));
  return rows.map(({ companyId: _c, ...s }) => s);
}

/** Entries of the company's contact lists with the contact's number (lists hold numbers, not contacts). */
export async function contactListEntries(db: Db, tenant: Tenant, number: string) {
  return db
    .select({
      id: contactListItems.id,
      list: contactLists.name,
      name: contactListItems.name,
      number: contactListItems.number,
      email: contactListItems.email,
      createdAt: contactListItems.createdAt,
    })
    .from(contactListItems)
    .innerJoin(contactLists, eq(contactLists.id, contactListItems.contactListId))
    .where(and(eq(contactListItems.companyId, tenant.companyId), eq(contactListItems.number, number)))
    .orderBy(asc(contactListItems.id));
}

const shippingsOf = (companyId: number, contact: ContactRow) =>
  and(
    eq(campaignShippings.companyId, companyId),
    or(eq(campaignShippings.contactId, contact.id), eq(campaignShippings.number, contact.number)),
  );

/** What campaigns sent the contact (matched by contact or number). */
export async function contactShippings(db: Db, tenant: Tenant, contact: ContactRow) {
  return db
    .select({
      id: campaignShippings.id,
      campaign: campaigns.name,
      number: campaignShippings.number,
      name: campaignShippings.name,
      email: campaignShippings.email,
      status: campaignShippings.status,
      body: campaignShippings.body,
      sentAt: campaignShippings.sentAt,
      deliveredAt: campaignShippings.deliveredAt,
      readAt: campaignShippings.readAt,
      repliedAt: campaignShippings.repliedAt,
      confirmedAt: campaignShippings.confirmedAt,
    })
    .from(campaignShippings)
    .innerJoin(campaigns, eq(campaigns.id, campaignShippings.campaignId))
    .where(shippingsOf(tenant.companyId, contact))
    .orderBy(asc(campaignShippings.id));
}

/** Files attendants attached to the contact's tickets (issue 31's ticket files). */
export async function contactTicketFiles(db: Db, tenant: Tenant, contactId: number) {
  const ids = await ticketIdsOf(db, tenant, contactId);
  if (!ids.length) return [];
  return db
    .select({
      id: ticketFiles.id,
      ticketId: ticketFiles.ticketId,
      path: ticketFiles.path,
      name: ticketFiles.name,
      mimeType: ticketFiles.mimeType,
      size: ticketFiles.size,
      createdAt: ticketFiles.createdAt,
    })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.companyId, tenant.companyId), inArray(ticketFiles.ticketId, ids)))
    .orderBy(asc(ticketFiles.id));
}

// ─── Erasure ───────────────────────────────────────────────────────────────

export interface Anonymised {
  name: string;
  number: string;
}

/**
 * Clears everything personal of one contact and returns the stored media paths it held (removed from the disk by the
 * caller once the transaction committed) and its tickets (told to open screens). Rows that reports count (the contact, tickets, messages, ratings,
 * attendances, campaign records) stay, emptied; rows that are only personal data go.
 */
export async function eraseContact(
  db: Db,
  tenant: Tenant,
  contact: ContactRow,
  anon: Anonymised,
): Promise<{ media: string[]; ticketIds: number[] }> {
  const { companyId } = tenant;
  return db.transaction(async (tx) => {
    const ticketIds = await ticketIdsOf(tx, tenant, contact.id);
    const media: string[] = [];

    const mediaRows = await tx
      .select({ path: messages.mediaUrl })
      .from(messages)
      .where(and(messagesOf(companyId, contact.id, ticketIds), isNotNull(messages.mediaUrl)));
    media.push(...mediaRows.map((r) => r.path as string));
    await tx
      .update(messages)
      .set({
        body: '',
        mediaUrl: null,
        mediaName: null,
        mediaMimeType: null,
        mediaSize: null,
        mediaRef: null,
        dataJson: null,
        sendError: null,
        isDeleted: true,
        updatedAt: new Date(),
      })
      .where(messagesOf(companyId, contact.id, ticketIds));

    if (ticketIds.length) {
      await tx
        .update(tickets)
        .set({ lastMessage: '', updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)));
      const files = await tx
        .delete(ticketFiles)
        .where(and(eq(ticketFiles.companyId, companyId), inArray(ticketFiles.ticketId, ticketIds)))
        .returning({ path: ticketFiles.path });
      media.push(...files.map((f) => f.path));
    }
    await tx.delete(ticketNotes).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, contact.id)));

    // A schedule not sent yet would go to nobody: it goes; one already sent keeps its row, without its text.
    const scheduleWhere = and(eq(schedules.companyId, companyId), eq(schedules.contactId, contact.id));
    const scheduleMedia = await tx
      .select({ path: schedules.mediaPath })
      .from(schedules)
      .where(and(scheduleWhere, isNotNull(schedules.mediaPath)));
    media.push(...scheduleMedia.map((s) => s.path as string));
    await tx.delete(schedules).where(and(scheduleWhere, ne(schedules.status, 'ENVIADA')));
    await tx
      .update(schedules)
      .set({ body: '', mediaPath: null, mediaName: null, lastError: null, updatedAt: new Date() })
      .where(scheduleWhere);

    await tx
      .delete(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, contact.number)));
    // The campaign report keeps its counts; the record no longer says to whom (the number is unique per run).
    await tx
      .update(campaignShippings)
      .set({
        number: sql`'erased-' || ${campaignShippings.id}`,
        name: '',
        email: '',
        body: null,
        failedReason: null,
        contactId: contact.id,
        updatedAt: new Date(),
      })
      .where(shippingsOf(companyId, contact));

    await tx
      .delete(contactCustomFields)
      .where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, contact.id)));
    await tx
      .update(contacts)
      .set({
        name: anon.name,
        number: anon.number,
        lid: null,
        email: '',
        urlPicture: '',
        active: false,
        disableBot: true,
        lgpdAcceptedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contact.id)));

    await redactAuditEntries(tx, tenant, contact, ticketIds);
    await tx
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, companyId), carries(webhookDeliveries.body, contact)));
    return { media, ticketIds };
  });
}

/** A text (or jsonb as text) that names the contact: its number as a JSON value, its e-mail, its uuid. */
function carries(column: AnyColumn, contact: ContactRow): SQL {
  const needles = [`"${contact.number}"`, contact.uuid, contact.email].filter((n) => n.length > 2);
  return or(...needles.map((n) => sql`${column}::text LIKE ${`%${escapeLike(n)}%`}`)) as SQL;
}

/**
 * The audit log keeps who did what and when about the contact, not the contact's data: entries about it (the contact
 * itself, its tickets, notes and schedules, list entries with its number) lose their before/after values.
 */
async function redactAuditEntries(tx: Db, { companyId }: Tenant, contact: ContactRow, ticketIds: number[]) {
  const id = String(contact.id);
  const about = or(
    and(eq(auditLogs.entity, 'contact'), eq(auditLogs.entityId, id)),
    sql`${auditLogs.before}->>'contactId' = ${id}`,
    sql`${auditLogs.after}->>'contactId' = ${id}`,
    ticketIds.length ? and(eq(auditLogs.entity, 'ticket'), inArray(auditLogs.entityId, ticketIds.map(String))) : undefined,
    carries(auditLogs.before, contact),
    carries(auditLogs.after, contact),
  );
  await tx
    .update(auditLogs)
    .set({ before: null, after: null })
    .where(and(eq(auditLogs.companyId, companyId), about, or(isNotNull(auditLogs.before), isNotNull(auditLogs.after))));
}

/** The stored media of the contact's messages (the export's `media/` folder). */
export async function contactMedia(db: Db, tenant: Tenant, contactId: number) {
  const ticketIds = await ticketIdsOf(db, tenant, contactId);
  return db
    .select({ id: messages.id, path: messages.mediaUrl, name: messages.mediaName })
    .from(messages)
    .where(and(messagesOf(tenant.companyId, contactId, ticketIds), isNotNull(messages.mediaUrl)))
    .orderBy(asc(messages.id));
}

// ─── A company's whole export (the super admin's, before a company is deleted) ───────────────────────────

/** Tables whose rows are sign-in material, not the company's data: never exported. */
const NOT_EXPORTED = new Set(['baileys_auth', 'baileys_sessions', 'user_sessions', 'user_recovery_codes', 'password_recoveries']);

/** Every table of the schema that holds a company's rows (a `company_id` column), with its primary key's columns. */
export async function companyTables(db: Db): Promise<{ table: string; key: string[] }[]> {
  const rows = rowsOf<{ table_name: string; key: string[] | null }>(
    await db.execute(sql`
      SELECT c.table_name,
             (SELECT array_agg(k.column_name::text ORDER BY k.ordinal_position)
                FROM information_schema.table_constraints tc
                JOIN information_schema.key_column_usage k
                  ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema AND k.table_name = tc.table_name
               WHERE tc.table_schema = 'public' AND tc.table_name = c.table_name AND tc.constraint_type = 'PRIMARY KEY') AS key
        FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_name = 'company_id'
       ORDER BY c.table_name`),
  );
  return rows.filter((r) => !NOT_EXPORTED.has(r.table_name)).map((r) => ({ table: r.table_name, key: r.key ?? ['company_id'] }));
}

/** The company's rows of one table, a page at a time, in primary-key order. */
export async function* companyTableRows(
  db: Db,
  { companyId }: Tenant,
  t: { table: string; key: string[] },
  pageSize = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  const order = sql.join(
    t.key.map((k) => sql.identifier(k)),
    sql`, `,
  );
  for (let offset = 0; ; offset += pageSize) {
    const page = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`SELECT * FROM ${sql.identifier(t.table)} WHERE company_id = ${companyId} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`,
      ),
    );
    if (page.length) yield page;
    if (page.length < pageSize) return;
  }
}

export async function companyRow(db: Db, { companyId }: Tenant) {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT * FROM companies WHERE id = ${companyId}`));
  return rows[0] ?? null;
}
