/**
 * Every SQL statement of the conversation automation; the company is in every signature and every filter.
 * The per-ticket decision runs in a transaction that holds the ticket's row lock (`lockTicketWithContact`), so two
 * messages of one ticket are decided one after the other (never two menus for one question).
 */
import type { CompanySettings, TicketLogType } from '@atendo/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { executeBuilt, lazyBuilt } from '../../db/built';
import { type Db, rowsOf } from '../../db/open';
import { camelRow } from '../../db/rows';
import {
  chatbots,
  companies,
  companySettings,
  contacts,
  messages,
  queues,
  tickets,
  userRatings,
  whatsapps,
} from '../../db/schema';
import type { Tenant } from '../../platform/context';
import type { TicketRow } from '../messages/messages.public';

export type QueueRow = typeof queues.$inferSelect;
export type ChatbotRow = typeof chatbots.$inferSelect;
export type ConnectionRow = typeof whatsapps.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
type TicketValues = Partial<Omit<typeof tickets.$inferInsert, 'id' | 'companyId'>>;

/** A condition read with the locked ticket, written against its columns (e.g. "a campaign waits for this contact"). */
export type TicketCondition = (t: { companyId: SQL; contactId: SQL }) => SQL;

/**
 * The ticket locked until the transaction ends, with its contact and `awaited` (another feature's condition on the
 * ticket) — one statement, built once per service (issue 29 item 4). No row: no such ticket (or contact) here.
 */
export function lockTicketStatement(awaited: TicketCondition = () => sql`false`) {
  return lazyBuilt<{ companyId: number; ticketId: number }>(
    (p) => sql`
      SELECT t.*, row_to_json(c) AS scene_contact,
             ${awaited({ companyId: sql.raw('t.company_id'), contactId: sql.raw('t.contact_id') })} AS scene_awaited
        FROM tickets t JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
       WHERE t.company_id = ${p.companyId} AND t.id = ${p.ticketId}
         FOR UPDATE OF t`,
  );
}

export async function lockTicketWithContact(
  tx: Db,
  statement: ReturnType<typeof lockTicketStatement>,
  { companyId }: Tenant,
  ticketId: number,
): Promise<{ ticket: TicketRow; contact: ContactRow; awaited: boolean } | null> {
  const [row] = await executeBuilt(tx, statement(), { companyId, ticketId });
  if (!row) return null;
  const { scene_contact: c, scene_awaited: awaited, ...t } = row;
  const contact = camelRow<ContactRow>((typeof c === 'string' ? JSON.parse(c) : c) as Record<string, unknown>);
  return { ticket: camelRow<TicketRow>(t), contact, awaited: awaited === true };
}

export interface Scene {
  contact: ContactRow;
  connection: ConnectionRow | null;
  /** The connection's queues in menu order (orderQueue, then name). */
  queues: QueueRow[];
  settings: CompanySettings;
  company: { timezone: string; schedules: typeof companies.$inferSelect.schedules };
}

/** What a decision reads of its company and connection: the same for every ticket of the connection (cached). */
export type SceneSetup = Omit<Scene, 'contact'>;

/** The company's hours and settings, the connection and its queues (menu order): five reads, one per setup change. */
export async function loadSceneSetup(tx: Db, { companyId }: Tenant, whatsappId: number | null): Promise<SceneSetup | null> {
  const [company] = await tx
    .select({ timezone: companies.timezone, schedules: companies.schedules })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [settings] = await tx.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  if (!company) return null;
  const connection = whatsappId
    ? ((
        await tx
          .select()
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)))
      )[0] ?? null)
    : null;
  const queueRows = connection
    ? rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          SELECT q.id FROM whatsapp_queues wq JOIN queues q ON q.id = wq.queue_id AND q.company_id = wq.company_id
          WHERE wq.whatsapp_id = ${connection.id} AND wq.company_id = ${companyId}
          ORDER BY q.order_queue NULLS LAST, q.name`),
      ).map((r) => Number(r.id))
    : [];
  const all = queueRows.length
    ? await tx
        .select()
        .from(queues)
        .where(and(eq(queues.companyId, companyId), sql`${queues.id} = ANY(${sql.param(queueRows)}::int[])`))
    : [];
  const ordered = queueRows.map((id) => all.find((q) => q.id === id)).filter((q): q is QueueRow => Boolean(q));
  return { connection, queues: ordered, settings: (settings ?? { companyId }) as unknown as CompanySettings, company };
}

/**
 * The setup half of each decision's scene, held per connection for `ttlMs` and dropped when an admin changes the
 * company's setup (the `setup.changed` domain event, relayed across processes when scaled). A drop while a load is
 * under way wins: the load's result is not kept (a generation per company). `ttlMs` 0 reads every time (tests that
 * write setup rows directly).
 */
export function createSceneSetupCache(ttlMs: number, max = 5000) {
  const byCompany = new Map<number, Map<number, { at: number; value: SceneSetup }>>();
  const generation = new Map<number, number>();
  let size = 0;
  return {
    async get(tx: Db, tenant: Tenant, whatsappId: number | null): Promise<SceneSetup | null> {
      const key = whatsappId ?? 0;
      const now = Date.now();
      const hit = ttlMs > 0 ? byCompany.get(tenant.companyId)?.get(key) : undefined;
      if (hit && now - hit.at < ttlMs) return hit.value;
      const gen = generation.get(tenant.companyId) ?? 0;
      const value = await loadSceneSetup(tx, tenant, whatsappId);
      if (!value || ttlMs <= 0 || (generation.get(tenant.companyId) ?? 0) !== gen) return value;
      if (size >= max) {
        byCompany.clear();
        size = 0;
      }
      const entries = byCompany.get(tenant.companyId) ?? new Map<number, { at: number; value: SceneSetup }>();
      byCompany.set(tenant.companyId, entries);
      if (!entries.has(key)) size++;
      entries.set(key, { at: now, value });
      return value;
    },
    drop(companyId: number) {
      generation.set(companyId, (generation.get(companyId) ?? 0) + 1);
      size -= byCompany.get(companyId)?.size ?? 0;
      byCompany.delete(companyId);
    },
  };
}

export type SceneSetupCache = ReturnType<typeof createSceneSetupCache>;

/** What a decision reads about a ticket: its contact (read with the lock) and the setup (cached). */
export async function loadScene(
  tx: Db,
  tenant: Tenant,
  t: TicketRow,
  contact: ContactRow,
  setup: Pick<SceneSetupCache, 'get'> = { get: loadSceneSetup },
): Promise<Scene | null> {
  const rest = await setup.get(tx, tenant, t.whatsappId);
  return rest ? { contact, ...rest } : null;
}

export async function findQueue(tx: Db, { companyId }: Tenant, queueId: number): Promise<QueueRow | null> {
  const [q] = await tx
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return q ?? null;
}

export async function findChatbot(tx: Db, { companyId }: Tenant, id: number): Promise<ChatbotRow | null> {
  const [c] = await tx
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, id)));
  return c ?? null;
}

/** The options of a level: a queue's top steps (parent null) or a step's inner steps, in their order. */
export async function optionsOf(tx: Db, { companyId }: Tenant, level: { queueId: number; parentId: number | null }) {
  const where =
    level.parentId === null
      ? and(eq(chatbots.companyId, companyId), eq(chatbots.queueId, level.queueId), isNull(chatbots.chatbotId))
      : and(eq(chatbots.companyId, companyId), eq(chatbots.chatbotId, level.parentId));
  return tx.select().from(chatbots).where(where).orderBy(asc(chatbots.order), asc(chatbots.id));
}

export async function updateTicket(tx: Db, { companyId }: Tenant, id: number, values: TicketValues): Promise<TicketRow | null> {
  const rows = await tx
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .returning();
  return rows[0] ?? null;
}

const insertLogStatement = lazyBuilt<{
  companyId: number;
  ticketId: number;
  type: string;
  userId: number | null;
  queueId: number | null;
}>(
  (p) => sql`INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
             VALUES (${p.companyId}, ${p.ticketId}, ${p.type}, ${p.userId}, ${p.queueId})`,
);

export async function insertLog(
  tx: Db,
  { companyId }: Tenant,
  e: { ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null },
) {
  await executeBuilt(tx, insertLogStatement(), {
    companyId,
    ticketId: e.ticketId,
    type: e.type,
    userId: e.userId ?? null,
    queueId: e.queueId ?? null,
  });
}

/** The customer's messages in the ticket (the bot hands over once a conversation with it grows too long). */
export async function customerMessageCount(tx: Db, { companyId }: Tenant, ticketId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await tx.execute(
      sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${companyId} AND ticket_id = ${ticketId} AND NOT from_me`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * When the bot began talking in the ticket's current run (connection timeUseBotQueues): its first menu since the ticket
 * was last reopened (or ever); null when no menu was sent in this run.
 */
export async function botStartedAt(tx: Db, { companyId }: Tenant, ticketId: number): Promise<Date | null> {
  const rows = rowsOf<{ at: string | Date | null }>(
    await tx.execute(sql`
      SELECT min(m.created_at) AS at FROM messages m
      WHERE m.company_id = ${companyId} AND m.ticket_id = ${ticketId} AND m.from_me AND m.data_json->>'automatic' = 'menu'
        AND m.created_at >= coalesce(
          (SELECT max(l.created_at) FROM ticket_logs l
           WHERE l.company_id = ${companyId} AND l.ticket_id = ${ticketId} AND l.type = 'reopen'),
          '-infinity')`),
  );
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** The customer wrote in this ticket at least once (an attendance there is something to rate). */
export async function customerWrote(tx: Db, { companyId }: Tenant, ticketId: number): Promise<boolean> {
  const rows = rowsOf<{ yes: boolean }>(
    await tx.execute(
      sql`SELECT EXISTS (SELECT 1 FROM messages WHERE company_id = ${companyId} AND ticket_id = ${ticketId} AND NOT from_me) AS yes`,
    ),
  );
  return rows[0]?.yes === true;
}

/** The attendant of the contact's latest earlier ticket who still belongs to the company (their "wallet"). */
export async function lastAttendant(tx: Db, { companyId }: Tenant, contactId: number, exceptTicketId: number) {
  const rows = rowsOf<{ user_id: number; queue_id: number | null }>(
    await tx.execute(sql`
      SELECT t.user_id, t.queue_id FROM tickets t JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
      WHERE t.company_id = ${companyId} AND t.contact_id = ${contactId} AND t.id <> ${exceptTicketId} AND t.user_id IS NOT NULL
      ORDER BY t.updated_at DESC, t.id DESC LIMIT 1`),
  );
  return rows[0]
    ? { userId: Number(rows[0].user_id), queueId: rows[0].queue_id === null ? null : Number(rows[0].queue_id) }
    : null;
}

/** 1-based place of the ticket among the queue's waiting tickets (oldest first). */
export async function queuePosition(db: Db, { companyId }: Tenant, queueId: number, ticketId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM tickets t, (SELECT created_at FROM tickets WHERE id = ${ticketId} AND company_id = ${companyId}) me
      WHERE t.company_id = ${companyId} AND t.queue_id = ${queueId} AND t.status = 'pending' AND t.user_id IS NULL
        AND NOT t.is_group AND (t.created_at < me.created_at OR (t.created_at = me.created_at AND t.id <= ${ticketId}))`),
  );
  return Math.max(1, Number(rows[0]?.n ?? 1));
}

export async function setContactConsent(tx: Db, { companyId }: Tenant, contactId: number, at: Date) {
  await tx
    .update(contacts)
    .set({ lgpdAcceptedAt: at, updatedAt: at })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
}

export async function insertRating(
  tx: Db,
  { companyId }: Tenant,
  r: { ticketId: number; userId: number | null; queueId: number | null; rate: number; at: Date },
) {
  await tx.insert(userRatings).values({
    companyId,
    ticketId: r.ticketId,
    userId: r.userId,
    queueId: r.queueId,
    rate: r.rate,
    createdAt: r.at,
  });
}

/** When the rating question of this nps round was sent (the first rating message after the last close request). */
export async function ratingAskedAt(tx: Db, { companyId }: Tenant, ticketId: number): Promise<Date | null> {
  const rows = rowsOf<{ at: string | Date }>(
    await tx.execute(sql`
      SELECT created_at AS at FROM messages
      WHERE company_id = ${companyId} AND ticket_id = ${ticketId} AND from_me AND data_json->>'automatic' = 'rating'
      ORDER BY id DESC LIMIT 1`),
  );
  return rows[0] ? new Date(rows[0].at) : null;
}

/** Marks a stored outbound message as the bot's (dataJson.automatic = kind), beside user_id NULL. */
export async function markAutomatic(db: Db, { companyId }: Tenant, messageId: number, kind: string) {
  await db.execute(sql`
    UPDATE messages SET data_json = COALESCE(data_json, '{}'::jsonb) || jsonb_build_object('automatic', ${kind}::text)
    WHERE id = ${messageId} AND company_id = ${companyId}`);
}

export async function findTicket(db: Db, { companyId }: Tenant, ticketId: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row ?? null;
}

export async function findMessages(db: Db, { companyId }: Tenant, ids: number[]) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));
}

/**
 * The customer wrote this message before the bot's latest menu was stored (by the channel's clock, or it was
 * stored before it): "Oi", "bom dia" sent in a row are not answers to the menu the first one triggered.
 */
export async function writtenBeforeLastMenu(
  tx: Db,
  { companyId }: Tenant,
  ticketId: number,
  messageId: number,
): Promise<boolean> {
  const rows = rowsOf<{ before: boolean }>(
    await tx.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM messages m JOIN messages b ON b.ticket_id = m.ticket_id AND b.company_id = m.company_id
        WHERE m.id = ${messageId} AND m.company_id = ${companyId} AND m.ticket_id = ${ticketId}
          AND b.from_me AND b.data_json->>'automatic' = 'menu' AND (b.id > m.id OR b.created_at > m.created_at)
      ) AS before`),
  );
  return rows[0]?.before === true;
}

/** A customer's message the automation owes a decision (messages.automation > 0). */
export interface DueInbound {
  id: number;
  body: string;
  mediaType: string;
  /** The message opened its ticket. */
  openedTicket: boolean;
}

/**
 * Inside the ticket's locked transaction: the messages of the ticket still due, in the order they were stored, marked
 * done — in the same transaction as the answers they get, so a crash leaves them due and they are never answered twice.
 */
const takeDueStatement = lazyBuilt<{ companyId: number; ticketId: number }>(
  (p) => sql`UPDATE messages m SET automation = 0 FROM messages d
             WHERE d.company_id = ${p.companyId} AND d.ticket_id = ${p.ticketId} AND d.automation > 0 AND m.id = d.id
             RETURNING m.id, m.body, m.media_type, d.automation`,
);

export async function takeDueInbound(tx: Db, { companyId }: Tenant, ticketId: number): Promise<DueInbound[]> {
  const rows = await executeBuilt(tx, takeDueStatement(), { companyId, ticketId });
  return rows
    .map((r) => ({
      id: Number(r.id),
      body: r.body as string,
      mediaType: r.media_type as string,
      openedTicket: Number(r.automation) === 2,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Tickets with messages due for longer than `olderThanSeconds` (a process died before deciding them), oldest first. */
export async function ticketsWithDueInbound(db: Db, olderThanSeconds: number, limit = 500) {
  return rowsOf<{ company_id: number; ticket_id: number }>(
    await db.execute(sql`
      SELECT company_id, ticket_id FROM messages
      WHERE automation > 0 AND updated_at < now() - make_interval(secs => ${olderThanSeconds})
      GROUP BY company_id, ticket_id ORDER BY min(id) LIMIT ${limit}`),
  ).map((r) => ({ companyId: r.company_id, ticketId: r.ticket_id }));
}
