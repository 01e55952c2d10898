/**
 * Who sees which ticket (seed 000 §6), in one place: as a SQL predicate for lists and counts, and as a
 * function for one ticket already loaded. Both read the same Viewer and must agree (tickets.access.test.ts).
 *
 * - An attendant sees the tickets of their queues; tickets without a queue only with allTicket. Admins see every queue.
 * - Group tickets only with allowGroup (everyone, admins included: it is the Group tab's switch).
 * - Tickets owned by another user only when show-all is on and allowed (admin or allUserChat).
 * - Their own tickets, always.
 */
import { can, flagOn, isAdmin } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema';
import type { TenantContext } from '../../platform/context';

export interface Viewer {
  userId: number;
  admin: boolean;
  queueIds: number[];
  allTicket: boolean;
  allowGroup: boolean;
  /** May turn show-all on (other users' tickets). */
  canShowAll: boolean;
  allHistoric: boolean;
}

export function viewerOf(ctx: TenantContext, queueIds: number[]): Viewer {
  return {
    userId: ctx.user.id,
    admin: isAdmin(ctx.user),
    queueIds,
    allTicket: flagOn(ctx.user.allTicket),
    allowGroup: flagOn(ctx.user.allowGroup),
    canShowAll: can(ctx.user, 'tickets-manager:showall'),
    allHistoric: flagOn(ctx.user.allHistoric),
  };
}

export interface TicketScope {
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
}

/** Whether the viewer's queues cover the ticket's queue. */
function queueCovered(v: Viewer, queueId: number | null) {
  if (v.admin) return true;
  return queueId === null ? v.allTicket : v.queueIds.includes(queueId);
}

/** One loaded ticket: `showAll` = the viewer asked for other users' tickets (a single ticket is opened with it on). */
export function canSeeTicket(v: Viewer, t: TicketScope, showAll = true): boolean {
  if (t.isGroup && !v.allowGroup) return false;
  if (t.userId === v.userId) return true;
  if (!queueCovered(v, t.queueId)) return false;
  return t.userId === null || (showAll && v.canShowAll);
}

/** The columns the rule reads, in a statement over the tickets table or a table with the same scope columns. */
export interface ScopeColumns {
  queueId: SQL;
  userId: SQL;
  isGroup: SQL;
}

const TICKET_COLUMNS: ScopeColumns = {
  queueId: sql`${tickets.queueId}`,
  userId: sql`${tickets.userId}`,
  isGroup: sql`${tickets.isGroup}`,
};

/** The same rule over the tickets table (used with the ticket list and its count); null when it restricts nothing. */
export function visibleTicketsSql(v: Viewer, showAll: boolean): SQL | null {
  return visibleScopeSql(v, showAll, TICKET_COLUMNS);
}

/** The same rule over any rows carrying a ticket's scope (the dashboard's attendances, aliased tickets). */
export function visibleScopeSql(v: Viewer, showAll: boolean, c: ScopeColumns): SQL | null {
  const parts: SQL[] = [];
  if (!v.allowGroup) parts.push(sql`NOT ${c.isGroup}`);
  let queueScope: SQL | null = null;
  if (!v.admin) {
    const inQueues = v.queueIds.length ? sql`${c.queueId} = ANY(${sql.param(v.queueIds)}::int[])` : sql`FALSE`;
    queueScope = v.allTicket ? sql`(${inQueues} OR ${c.queueId} IS NULL)` : inQueues;
  }
  const others = showAll && v.canShowAll;
  if (queueScope || !others) {
    const scoped = queueScope ? (others ? queueScope : sql`(${queueScope} AND ${c.userId} IS NULL)`) : sql`${c.userId} IS NULL`;
    parts.push(sql`(${c.userId} = ${v.userId} OR ${scoped})`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : null;
}
