/**
 * The attendance a close ends, summarised into ticket_trackings (issue 17) from what was recorded while it lasted:
 * - started: the last `create` or `reopen` log entry before the close (a ticket a closing transfer created has only
 *   its creation time);
 * - accepted: the first `open` (accept, rotation) or `receivedTransfer` entry naming a user since the start; for a
 *   ticket the business started, its `create` entry when it names a user and nothing else does;
 * - first answer: the first message an attendant wrote to the contact since the start (not private, not automatic);
 * - finished: the rating question when one was asked, else the close;
 * - rate: the contact's last answer since the ticket's previous attendance closed.
 * Every lookup reads one ticket's rows through its (ticket_id, created_at) index.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import type { Tenant } from '../../platform/context';

/** Records the attendances of these just-closed tickets (`db` may be the closing transaction). */
export async function recordAttendances(db: Db, { companyId }: Tenant, ticketIds: number[]) {
  if (!ticketIds.length) return;
  await db.execute(sql`
    INSERT INTO ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, user_id, is_group, from_me,
      started_at, accepted_at, first_answer_at, finished_at, closed_at, rate)
    SELECT t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, t.is_group, t.from_me, s.at,
      COALESCE(
        (SELECT min(l.created_at) FROM ticket_logs l WHERE l.ticket_id = t.id AND l.created_at >= s.at
           AND l.user_id IS NOT NULL AND l.type IN ('open', 'receivedTransfer')),
        (SELECT min(l.created_at) FROM ticket_logs l WHERE t.from_me AND l.ticket_id = t.id AND l.created_at >= s.at
           AND l.user_id IS NOT NULL AND l.type = 'create')),
      (SELECT min(m.created_at) FROM messages m WHERE m.ticket_id = t.id AND m.created_at >= s.at AND m.from_me
         AND m.user_id IS NOT NULL AND NOT m.is_private AND NOT COALESCE(m.data_json ? 'automatic', false)),
      LEAST(c.at, COALESCE((SELECT min(m.created_at) FROM messages m WHERE m.ticket_id = t.id AND m.created_at >= s.at
         AND m.from_me AND m.data_json->>'automatic' = 'rating'), c.at)),
      c.at,
      (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id
         AND r.created_at > COALESCE((SELECT max(p.closed_at) FROM ticket_trackings p WHERE p.ticket_id = t.id), '-infinity')
         ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
    FROM tickets t
    CROSS JOIN LATERAL (SELECT COALESCE(t.closed_at, t.updated_at) AS at) c
    CROSS JOIN LATERAL (
      SELECT COALESCE((SELECT max(l.created_at) FROM ticket_logs l WHERE l.ticket_id = t.id
        AND l.type IN ('create', 'reopen') AND l.created_at <= c.at), t.created_at) AS at) s
    WHERE t.company_id = ${companyId} AND t.id = ANY(${sql.param(ticketIds)}::int[]) AND t.status = 'closed'`);
}
