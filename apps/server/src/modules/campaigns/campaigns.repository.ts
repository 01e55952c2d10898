import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { campaignSettings, campaignShippings, campaigns, contactLists, whatsapps } from '../../db/schema';
import { companyIsActiveSql, type Tenant } from '../../platform/context';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignItem = CampaignRow & {
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
};
export type ShippingRow = typeof campaignShippings.$inferSelect;
export type SettingsRow = typeof campaignSettings.$inferSelect;

const withNames = (db: Db) =>
  db
    .select({
      campaign: campaigns,
      contactList: { id: contactLists.id, name: contactLists.name },
      whatsapp: { id: whatsapps.id, name: whatsapps.name },
    })
    .from(campaigns)
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId));

type Joined = {
  campaign: CampaignRow;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
};
const item = (r: Joined): CampaignItem => ({
  ...r.campaign,
  contactList: r.contactList?.id ? r.contactList : null,
  whatsapp: r.whatsapp?.id ? r.whatsapp : null,
});

// ─── Settings ─────────────────────────────────────────────────────────────

export async function findSettings(db: Db, ctx: Tenant): Promise<SettingsRow | null> {
  const [row] = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, ctx.companyId)).limit(1);
  return row ?? null;
}

export async function saveSettings(db: Db, ctx: Tenant, v: Partial<typeof campaignSettings.$inferInsert>) {
  const [row] = await db
    .insert(campaignSettings)
    .values({ ...v, companyId: ctx.companyId })
    .onConflictDoUpdate({ target: campaignSettings.companyId, set: { ...v, updatedAt: new Date() } })
    .returning();
  return row;
}

// ─── Campaigns ────────────────────────────────────────────────────────────

export async function listCampaigns(db: Db, ctx: Tenant, f: { search?: string; offset: number; limit: number }) {
  const conds: SQL[] = [eq(campaigns.companyId, ctx.companyId)];
  if (f.search) conds.push(sql`${campaigns.name} ILIKE ${`%${escapeLike(f.search)}%`}`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(desc(campaigns.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(campaigns).where(where),
  ]);
  return { items: rows.slice(0, f.limit).map(item), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

export async function findCampaign(db: Db, ctx: Tenant, id: number): Promise<CampaignItem | null> {
  const [row] = await withNames(db)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
    .limit(1);
  return row ? item(row) : null;
}

export async function insertCampaign(db: Db, ctx: Tenant, v: Omit<typeof campaigns.$inferInsert, 'companyId'>) {
  const [row] = await db
    .insert(campaigns)
    .values({ ...v, companyId: ctx.companyId })
    .returning({ id: campaigns.id });
  return row;
}

export async function updateCampaign(db: Db, ctx: Tenant, id: number, v: Partial<typeof campaigns.$inferInsert>) {
  const [row] = await db
    .update(campaigns)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
    .returning({ id: campaigns.id });
  return row ?? null;
}

/** A status change only from the expected one (compare-and-set): answers whether this caller made it. */
export async function moveStatus(
  db: Db,
  ctx: Tenant,
  id: number,
  from: readonly string[],
  v: Partial<typeof campaigns.$inferInsert> & { status: string },
) {
  const [row] = await db
    .update(campaigns)
    .set({ ...v, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.companyId, ctx.companyId),
        eq(campaigns.id, id),
        sql`${campaigns.status} IN (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: campaigns.id });
  return Boolean(row);
}

export async function deleteCampaign(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .delete(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id)))
    .returning({ id: campaigns.id });
  return row ?? null;
}

/** Which of these ids are the company's. */
export async function owned(db: Db, ctx: Tenant, table: 'whatsapps' | 'queues' | 'users' | 'tags' | 'contact_lists', id: number) {
  const r = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE company_id = ${ctx.companyId} AND id = ${id}`),
  );
  return r.length > 0;
}

/** PROGRAMADA campaigns whose time has come, every company (the tick). */
export async function dueScheduled(db: Db, now: Date) {
  return rowsOf<{ id: number; company_id: number }>(
    await db.execute(
      sql`SELECT id, company_id FROM campaigns WHERE status = 'PROGRAMADA' AND scheduled_at <= ${now}
        AND ${companyIsActiveSql(sql`campaigns.company_id`)} ORDER BY scheduled_at LIMIT 100`,
    ),
  ).map((r) => ({ id: Number(r.id), companyId: Number(r.company_id) }));
}

/** EM_ANDAMENTO campaigns (the tick wakes their dispatch). */
export async function running(db: Db) {
  return rowsOf<{ id: number; company_id: number }>(
    await db.execute(sql`SELECT id, company_id FROM campaigns WHERE status = 'EM_ANDAMENTO'
      AND ${companyIsActiveSql(sql`campaigns.company_id`)} ORDER BY id LIMIT 1000`),
  ).map((r) => ({ id: Number(r.id), companyId: Number(r.company_id) }));
}

// ─── Expansion ────────────────────────────────────────────────────────────

/**
 * One record per recipient of the run: the list's items and the tag's contacts, one per number (the unique
 * (campaign, run, number) key; ON CONFLICT makes a second expansion — another worker, a restart — add nothing).
 * Variants rotate over the recipients in number order. Answers how many records were created.
 */
/** A campaign's recipients: its list's items and its tag's contacts, one row per number (the list's row first). */
const audience = (ctx: Tenant, c: { contactListId: number | null; tagListId: number | null }) => sql`
        SELECT DISTINCT ON (number) number, name, email, item_id, contact_id FROM (
          SELECT i.number, i.name, i.email, i.id AS item_id, NULL::int AS contact_id, 0 AS pref
            FROM contact_list_items i
           WHERE i.company_id = ${ctx.companyId} AND i.contact_list_id = ${c.contactListId ?? 0}
           UNION ALL
          SELECT ct.number, ct.name, coalesce(ct.email, ''), NULL::int, ct.id, 1
            FROM contact_tags t JOIN contacts ct ON ct.id = t.contact_id
           WHERE t.company_id = ${ctx.companyId} AND t.tag_id = ${c.tagListId ?? 0} AND ct.company_id = ${ctx.companyId}
             AND NOT ct.is_group
        ) a
        ORDER BY number, pref`;

export async function expand(
  db: Db,
  ctx: Tenant,
  c: { id: number; run: number; contactListId: number | null; tagListId: number | null; variants: number },
) {
  const result = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH audience AS (${audience(ctx, c)}),
      ins AS (
        INSERT INTO campaign_shippings (company_id, campaign_id, run, number, name, email, contact_list_item_id, contact_id, variant)
        SELECT ${ctx.companyId}, ${c.id}, ${c.run}, number, name, email, item_id, contact_id,
               ((row_number() OVER (ORDER BY number) - 1) % ${c.variants}) + 1
          FROM audience
        ON CONFLICT (campaign_id, run, number) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM ins`),
  );
  return Number(result[0]?.n ?? 0);
}

/**
 * How many of a campaign's recipients have no customer service window open on the connection at `since` + 24 h: no
 * message of theirs on it since `since` (issue 36; the Cloud API takes only a template to them).
 */
export async function closedWindows(
  db: Db,
  ctx: Tenant,
  c: { contactListId: number | null; tagListId: number | null; whatsappId: number },
  since: Date,
) {
  const result = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH audience AS (${audience(ctx, c)})
      SELECT count(*)::int AS n FROM audience a
       WHERE NOT EXISTS (
         SELECT 1 FROM contacts ct JOIN messages m ON m.contact_id = ct.id
          WHERE ct.company_id = ${ctx.companyId} AND ct.number = a.number AND m.company_id = ${ctx.companyId}
            AND m.whatsapp_id = ${c.whatsappId} AND NOT m.from_me AND m.created_at > ${since})`),
  );
  return Number(result[0]?.n ?? 0);
}

// ─── Dispatch ─────────────────────────────────────────────────────────────

/**
 * Takes the campaign's next sending slot (compare-and-set on next_send_at and the run's count): of two workers
 * only one sends now; the row already holds when the following send may be.
 */
export async function claimSlot(db: Db, c: CampaignRow, next: Date) {
  const [won] = await db
    .update(campaigns)
    .set({ nextSendAt: next, runSent: c.runSent + 1 })
    .where(
      and(
        eq(campaigns.id, c.id),
        eq(campaigns.status, 'EM_ANDAMENTO'),
        eq(campaigns.run, c.run),
        eq(campaigns.runSent, c.runSent),
      ),
    )
    .returning({ id: campaigns.id });
  return Boolean(won);
}

/** The next record to send of the run (pending), oldest first. */
export async function nextPending(db: Db, c: { id: number; run: number }, skip: number) {
  const [row] = await db
    .select()
    .from(campaignShippings)
    .where(and(eq(campaignShippings.campaignId, c.id), eq(campaignShippings.run, c.run), eq(campaignShippings.status, 'pending')))
    .orderBy(campaignShippings.id)
    .limit(1)
    .offset(skip);
  return row ?? null;
}

/** pending → claimed, only for the first caller (compare-and-set). */
export async function claimShipping(db: Db, id: number, token: string, body: string) {
  const [won] = await db
    .update(campaignShippings)
    .set({ status: 'claimed', claimToken: token, claimedAt: new Date(), body, updatedAt: new Date() })
    .where(and(eq(campaignShippings.id, id), eq(campaignShippings.status, 'pending')))
    .returning();
  return won ?? null;
}

/** What happened to a claimed record, written only by its claimer. */
export async function settleShipping(db: Db, id: number, token: string, v: Partial<typeof campaignShippings.$inferInsert>) {
  const [row] = await db
    .update(campaignShippings)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(campaignShippings.id, id), eq(campaignShippings.claimToken, token)))
    .returning({ id: campaignShippings.id });
  return Boolean(row);
}

export async function setShippingContact(db: Db, id: number, token: string, contactId: number) {
  await db
    .update(campaignShippings)
    .set({ contactId })
    .where(and(eq(campaignShippings.id, id), eq(campaignShippings.claimToken, token)));
}

/**
 * Claims left by a process that died (older than the lease): when the message went out (an outbound message of
 * the business to that contact with that text after the claim), the record is linked to it and counts as sent;
 * otherwise it goes back to pending. Never a second message either way.
 */
export async function recoverStaleClaims(db: Db, campaignId: number, leaseMs: number) {
  const before = new Date(Date.now() - leaseMs);
  await db.execute(sql`
    WITH found AS (
      SELECT s.id, m.id AS mid, m.ticket_id, m.created_at, (c.confirmation AND s.confirmation_requested_at IS NULL) AS asked
        FROM campaign_shippings s JOIN campaigns c ON c.id = s.campaign_id
        CROSS JOIN LATERAL (
          SELECT mm.id, mm.ticket_id, mm.created_at FROM messages mm JOIN tickets t ON t.id = mm.ticket_id
           WHERE t.contact_id = s.contact_id AND mm.company_id = s.company_id AND mm.from_me AND mm.body = s.body
             AND mm.created_at >= s.claimed_at - interval '1 second'
           ORDER BY mm.id LIMIT 1
        ) m
       WHERE s.campaign_id = ${campaignId} AND s.status = 'claimed' AND s.claimed_at < ${before} AND s.contact_id IS NOT NULL
    )
    UPDATE campaign_shippings s
       SET status = CASE WHEN f.asked THEN 'confirmation' ELSE 'sent' END,
           message_id = CASE WHEN f.asked THEN s.message_id ELSE f.mid END,
           confirmation_message_id = CASE WHEN f.asked THEN f.mid ELSE s.confirmation_message_id END,
           sent_at = CASE WHEN f.asked THEN s.sent_at ELSE f.created_at END,
           confirmation_requested_at = CASE WHEN f.asked THEN f.created_at ELSE s.confirmation_requested_at END,
           ticket_id = f.ticket_id, claim_token = NULL, updated_at = now()
      FROM found f WHERE s.id = f.id`);
  await db.execute(sql`
    UPDATE campaign_shippings SET status = 'pending', claim_token = NULL, updated_at = now()
     WHERE campaign_id = ${campaignId} AND status = 'claimed' AND claimed_at < ${before}`);
}

/** A record's state from its message (`m`): failed, read or delivered — the one rule of the sweep and the ack reaction. */
const ACK_SET = sql`status = CASE WHEN m.send_error IS NOT NULL THEN 'failed'
                       WHEN m.ack >= 3 THEN 'read' WHEN m.ack >= 2 THEN 'delivered' ELSE s.status END,
         failed_reason = CASE WHEN m.send_error IS NOT NULL THEN m.send_error ELSE s.failed_reason END,
         delivered_at = CASE WHEN m.ack >= 2 THEN coalesce(s.delivered_at, m.updated_at) ELSE s.delivered_at END,
         read_at = CASE WHEN m.ack >= 3 THEN coalesce(s.read_at, m.updated_at) ELSE s.read_at END,
         updated_at = now()`;

/**
 * The channel's word on each record, from the conversation's own rows: the message's acks (delivered, read),
 * its send error (failed), a reply of the contact after it (replied), and for a confirmation asked, the reply
 * that confirms it (the record goes back to pending for the campaign message) — a reply the automation has still to
 * decide is left to it (`confirmByReply`, under the ticket's lock), so one reply is never both the campaign's and the bot's.
 */
export async function syncFromMessages(db: Db, campaignId: number) {
  await db.execute(sql`
    UPDATE campaign_shippings s
       SET ${ACK_SET}
      FROM messages m
     WHERE s.campaign_id = ${campaignId} AND s.message_id = m.id AND s.status IN ('sent', 'delivered')
       AND ((m.send_error IS NOT NULL) OR (m.ack >= 3 AND s.status <> 'read') OR (m.ack = 2 AND s.status = 'sent'))`);
  await db.execute(sql`
    WITH r AS (
      SELECT s.id, (SELECT min(mm.created_at) FROM messages mm
                     WHERE mm.contact_id = s.contact_id AND mm.company_id = s.company_id AND NOT mm.from_me
                       AND mm.created_at > s.sent_at) AS at
        FROM campaign_shippings s
       WHERE s.campaign_id = ${campaignId} AND s.replied_at IS NULL AND s.sent_at IS NOT NULL AND s.contact_id IS NOT NULL
         AND s.status IN ('sent', 'delivered', 'read')
    )
    UPDATE campaign_shippings s SET replied_at = r.at, updated_at = now() FROM r WHERE s.id = r.id AND r.at IS NOT NULL`);
  await db.execute(sql`
    WITH r AS (
      SELECT s.id, (SELECT min(mm.created_at) FROM messages mm
                     WHERE mm.contact_id = s.contact_id AND mm.company_id = s.company_id AND NOT mm.from_me
                       AND mm.created_at > s.confirmation_requested_at
                       AND mm.automation = 0) AS at
        FROM campaign_shippings s
       WHERE s.campaign_id = ${campaignId} AND s.status = 'confirmation'
    )
    UPDATE campaign_shippings s SET status = 'pending', confirmed_at = r.at, claim_token = NULL, updated_at = now()
      FROM r WHERE s.id = r.id AND r.at IS NOT NULL`);
}

/**
 * A customer's reply to a confirmation question, taken by the campaign (the automation's drain asks, under the ticket's
 * lock): the contact's records waiting for a confirmation on that connection, asked before this message, go back to
 * pending — the campaign message is next. Answers the campaigns to wake.
 */
export async function confirmByReply(
  db: Db,
  ctx: Tenant,
  p: { contactId: number; whatsappId: number; messageId: number },
): Promise<number[]> {
  const rows = rowsOf<{ campaign_id: number }>(
    await db.execute(sql`
      UPDATE campaign_shippings s SET status = 'pending', confirmed_at = now(), claim_token = NULL, updated_at = now()
        FROM campaigns c
       WHERE s.company_id = ${ctx.companyId} AND s.contact_id = ${p.contactId} AND s.status = 'confirmation'
         AND s.confirmation_message_id < ${p.messageId}
         AND c.id = s.campaign_id AND c.company_id = ${ctx.companyId} AND c.whatsapp_id = ${p.whatsappId}
         AND c.status = 'EM_ANDAMENTO'
      RETURNING s.campaign_id`),
  );
  return [...new Set(rows.map((r) => Number(r.campaign_id)))];
}

/**
 * The channel's word on one message (the `message.status` reaction): the record that sent it becomes delivered / read /
 * failed — whatever the campaign's status, so acks that come after FINALIZADA still count. Acks only go up.
 */
export async function applyMessageAck(db: Db, ctx: Tenant, messageId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE campaign_shippings s
         SET ${ACK_SET}
        FROM messages m
       WHERE s.message_id = ${messageId} AND s.company_id = ${ctx.companyId} AND m.id = s.message_id
         AND s.status IN ('sent', 'delivered')
         AND ((m.send_error IS NOT NULL) OR (m.ack >= 3 AND s.status <> 'read') OR (m.ack = 2 AND s.status = 'sent'))
      RETURNING s.id`),
  );
  return rows.length > 0;
}

/** The company has sent a campaign message at some time (a customer's message may be a campaign's reply). */
export async function hasSentCampaigns(db: Db, ctx: Tenant): Promise<boolean> {
  const rows = rowsOf<{ yes: boolean }>(
    await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM campaign_shippings WHERE company_id = ${ctx.companyId} AND message_id IS NOT NULL) AS yes`,
    ),
  );
  return rows[0]?.yes === true;
}

/**
 * A customer's message (the `message.received` reaction): every record of that contact on that connection whose
 * campaign message went out before it and has no reply yet is replied — whatever the campaign's status.
 */
export async function recordReply(
  db: Db,
  ctx: Tenant,
  p: { contactId: number; whatsappId: number; messageId: number; at: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE campaign_shippings s SET replied_at = ${p.at}, updated_at = now()
        FROM campaigns c
       WHERE s.company_id = ${ctx.companyId} AND s.contact_id = ${p.contactId} AND s.replied_at IS NULL
         AND s.status IN ('sent', 'delivered', 'read') AND s.message_id < ${p.messageId}
         AND c.id = s.campaign_id AND c.company_id = ${ctx.companyId} AND c.whatsapp_id = ${p.whatsappId}
      RETURNING s.id`),
  );
  return rows.length > 0;
}

/** Records not final yet: to send, being sent, awaiting a confirmation, or stored but not yet taken by the channel. */
export async function openCount(db: Db, c: { id: number; run: number }) {
  const r = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM campaign_shippings s LEFT JOIN messages m ON m.id = s.message_id
       WHERE s.campaign_id = ${c.id} AND s.run = ${c.run}
         AND (s.status IN ('pending', 'claimed', 'confirmation') OR (s.status = 'sent' AND m.ack = 0 AND m.send_error IS NULL))`),
  );
  return Number(r[0]?.n ?? 0);
}

/**
 * A campaign by id for the dispatcher (its company comes from the job); none while its company is switched off (the
 * dispatch stops and the tick wakes it again once the company is on).
 */
export async function findForDispatch(db: Db, ctx: Tenant, id: number): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id), companyIsActiveSql(campaigns.companyId)))
    .limit(1);
  return row ?? null;
}

export * from './campaigns.report.repository';
