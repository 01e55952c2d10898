import type { TagRefDto } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { companyIsActiveSql, type Tenant } from '../../platform/context';
import { type Viewer, visibleScopeSql } from '../tickets/tickets.public';

/** The board shows at most this many cards (the newest activity first). */
export const KANBAN_MAX_CARDS = 500;

export interface KanbanRow {
  id: number;
  uuid: string;
  status: string;
  contact_id: number;
  contact_name: string;
  contact_number: string;
  contact_picture: string;
  contact_is_group: boolean;
  contact_tags: TagRefDto[] | string;
  channel: string;
  whatsapp_id: number | null;
  whatsapp_name: string | null;
  user_id: number | null;
  user_name: string | null;
  queue_id: number | null;
  tags: TagRefDto[] | string;
  unread_messages: number;
  last_message: string;
  updated_at: Date | string;
}

/**
 * The board's cards: live tickets (open or pending) the viewer may see (the inbox's rule, with their colleagues'
 * tickets when they may show all), in the given queues, with activity within [start, end] in the company's zone.
 */
export async function kanbanTickets(
  db: Db,
  ctx: Tenant,
  v: Viewer,
  f: { queueIds?: number[]; startDate?: string; endDate?: string; timezone: string },
): Promise<KanbanRow[]> {
  const parts: SQL[] = [sql`t.company_id = ${ctx.companyId}`, sql`t.status IN ('open', 'pending')`];
  const visible = visibleScopeSql(v, true, { queueId: sql`t.queue_id`, userId: sql`t.user_id`, isGroup: sql`t.is_group` });
  if (visible) parts.push(visible);
  if (f.queueIds?.length) parts.push(sql`t.queue_id = ANY(${sql.param(f.queueIds)}::int[])`);
  if (f.startDate) parts.push(sql`t.updated_at >= (${f.startDate}::date)::timestamp AT TIME ZONE ${f.timezone}`);
  if (f.endDate) parts.push(sql`t.updated_at < ((${f.endDate}::date + 1))::timestamp AT TIME ZONE ${f.timezone}`);
  const tagsOf = (link: string, key: string, id: SQL) => sql`COALESCE((
    SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban) ORDER BY tg.position, tg.name)
    FROM ${sql.raw(link)} l JOIN tags tg ON tg.id = l.tag_id WHERE l.${sql.raw(key)} = ${id} AND l.company_id = ${ctx.companyId}), '[]'::json)`;
  return rowsOf<KanbanRow>(
    await db.execute(sql`
      SELECT t.id, t.uuid, t.status, t.contact_id, c.name AS contact_name, c.number AS contact_number,
        c.url_picture AS contact_picture, c.is_group AS contact_is_group,
        ${tagsOf('contact_tags', 'contact_id', sql`t.contact_id`)} AS contact_tags,
        t.channel, t.whatsapp_id, w.name AS whatsapp_name, t.user_id, u.name AS user_name, t.queue_id,
        ${tagsOf('ticket_tags', 'ticket_id', sql`t.id`)} AS tags,
        t.unread_messages, t.last_message, t.updated_at
      FROM tickets t
      JOIN contacts c ON c.id = t.contact_id
      LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
      LEFT JOIN users u ON u.id = t.user_id
      WHERE ${sql.join(parts, sql` AND `)}
      ORDER BY t.updated_at DESC, t.id DESC
      LIMIT ${KANBAN_MAX_CARDS}`),
  );
}

// ─── Lanes that move by themselves ───────────────────────────────────────────

/** A company's kanban lane (null when the tag is not one of its lanes). */
export async function findLane(db: Db, ctx: Tenant, tagId: number) {
  const [row] = rowsOf<{ id: number; greeting_message_lane: string }>(
    await db.execute(
      sql`SELECT id, greeting_message_lane FROM tags WHERE company_id = ${ctx.companyId} AND id = ${tagId} AND kanban = 1`,
    ),
  );
  return row ? { id: Number(row.id), greeting: row.greeting_message_lane } : null;
}

/** What a lane's greeting is filled and sent with. */
export async function greetingScene(db: Db, ctx: Tenant, ticketId: number) {
  const [row] = rowsOf<{
    id: number;
    status: string;
    whatsapp_id: number | null;
    queue_id: number | null;
    user_id: number | null;
    is_group: boolean;
    contact_name: string;
    user_name: string | null;
    queue_name: string | null;
    connection_name: string | null;
    timezone: string;
  }>(
    await db.execute(sql`
      SELECT t.id, t.status, t.whatsapp_id, t.queue_id, t.user_id, t.is_group, c.name AS contact_name,
        u.name AS user_name, q.name AS queue_name, w.name AS connection_name, co.timezone
      FROM tickets t JOIN contacts c ON c.id = t.contact_id JOIN companies co ON co.id = t.company_id
      LEFT JOIN users u ON u.id = t.user_id LEFT JOIN queues q ON q.id = t.queue_id LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
      WHERE t.company_id = ${ctx.companyId} AND t.id = ${ticketId}`),
  );
  return row ?? null;
}

/** A ticket's stay in a lane: `enteredAt` is the link's own timestamp, as text (full precision for the claim). */
export interface LaneStay {
  companyId: number;
  ticketId: number;
  tagId: number;
  enteredAt: string;
  targetLaneId: number;
}

/**
 * Stays due to move on: in a lane with timeLane hours and a next lane, entered at least that long before `now`, of
 * a live ticket whose customer has not written since entering.
 */
export async function dueTimeouts(db: Db, now: Date, limit: number): Promise<LaneStay[]> {
  const rows = rowsOf<{ company_id: number; ticket_id: number; tag_id: number; entered_at: string; target: number }>(
    await db.execute(sql`
      SELECT tt.company_id, tt.ticket_id, tt.tag_id, tt.created_at::text AS entered_at, tg.next_lane_id AS target
      FROM ticket_tags tt
      JOIN tags tg ON tg.id = tt.tag_id AND tg.company_id = tt.company_id
      JOIN tickets t ON t.id = tt.ticket_id AND t.company_id = tt.company_id
      WHERE ${companyIsActiveSql(sql`tt.company_id`)} AND tg.kanban = 1 AND tg.time_lane > 0 AND tg.next_lane_id IS NOT NULL AND tg.next_lane_id <> tg.id
        AND tt.created_at + tg.time_lane * interval '1 hour' <= ${now.toISOString()}::timestamptz
        AND t.status IN ('open', 'pending')
        AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = tt.ticket_id AND m.company_id = tt.company_id
          AND NOT m.from_me AND m.created_at > tt.created_at)
      ORDER BY tt.created_at
      LIMIT ${limit}`),
  );
  return rows.map(toStay);
}

/** Stays whose customer wrote after entering a lane that has a rollback lane. */
export async function dueRollbacks(db: Db, limit: number): Promise<LaneStay[]> {
  const rows = rowsOf<{ company_id: number; ticket_id: number; tag_id: number; entered_at: string; target: number }>(
    await db.execute(sql`
      SELECT tt.company_id, tt.ticket_id, tt.tag_id, tt.created_at::text AS entered_at, tg.rollback_lane_id AS target
      FROM ticket_tags tt
      JOIN tags tg ON tg.id = tt.tag_id AND tg.company_id = tt.company_id
      JOIN tickets t ON t.id = tt.ticket_id AND t.company_id = tt.company_id
      WHERE ${companyIsActiveSql(sql`tt.company_id`)} AND tg.kanban = 1 AND tg.rollback_lane_id IS NOT NULL AND tg.rollback_lane_id <> tg.id
        AND t.status IN ('open', 'pending')
        AND EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = tt.ticket_id AND m.company_id = tt.company_id
          AND NOT m.from_me AND m.created_at > tt.created_at)
      ORDER BY tt.created_at
      LIMIT ${limit}`),
  );
  return rows.map(toStay);
}

const toStay = (r: { company_id: number; ticket_id: number; tag_id: number; entered_at: string; target: number }): LaneStay => ({
  companyId: Number(r.company_id),
  ticketId: Number(r.ticket_id),
  tagId: Number(r.tag_id),
  enteredAt: r.entered_at,
  targetLaneId: Number(r.target),
});

/**
 * The claim (compare-and-set): the stay is removed only if it is still the one that was read — same ticket, lane and
 * entry time. Of two workers holding the same stay, exactly one gets `true`.
 */
export async function claimStay(db: Db, s: LaneStay): Promise<boolean> {
  const rows = rowsOf<{ ticket_id: number }>(
    await db.execute(sql`
      DELETE FROM ticket_tags WHERE company_id = ${s.companyId} AND ticket_id = ${s.ticketId} AND tag_id = ${s.tagId}
        AND created_at = ${s.enteredAt}::timestamptz
      RETURNING ticket_id`),
  );
  return rows.length === 1;
}

/** Puts the ticket in a lane entered at `at`; false when it already was there. */
export async function enterLane(db: Db, ctx: Tenant, ticketId: number, tagId: number, at: Date): Promise<boolean> {
  const rows = rowsOf<{ ticket_id: number }>(
    await db.execute(sql`
      INSERT INTO ticket_tags (company_id, ticket_id, tag_id, created_at)
      SELECT ${ctx.companyId}, ${ticketId}, id, ${at.toISOString()}::timestamptz FROM tags
      WHERE company_id = ${ctx.companyId} AND id = ${tagId} AND kanban = 1
      ON CONFLICT DO NOTHING RETURNING ticket_id`),
  );
  return rows.length === 1;
}
