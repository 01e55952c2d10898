import type { TagRefDto } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';
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
