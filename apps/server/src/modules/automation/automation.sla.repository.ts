/** The SQL of the queues' SLA policies (automation.sla.ts; docs/automation.md "SLA"; decision 105). */
import type { ScheduleRowDto } from '@atendo/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { ticketSlaColumns, tickets } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import type { SlaPolicy, SlaState } from './automation.rules';

/** The queue's policy with the hours it counts in, or null when the queue sets no target. */
export async function findSlaPolicy(db: Db, { companyId }: Tenant, queueId: number): Promise<SlaPolicy | null> {
  const rows = rowsOf<{
    first: number | null;
    next: number | null;
    resolution: number | null;
    business_hours: boolean;
    queue_schedules: ScheduleRowDto[] | null;
    company_schedules: ScheduleRowDto[] | null;
    timezone: string;
  }>(
    await db.execute(sql`
      SELECT q.sla_first_response_minutes AS first, q.sla_next_response_minutes AS next,
        q.sla_resolution_minutes AS resolution, q.sla_business_hours AS business_hours,
        q.schedules AS queue_schedules, c.schedules AS company_schedules, c.timezone
      FROM queues q JOIN companies c ON c.id = q.company_id
      WHERE q.company_id = ${companyId} AND q.id = ${queueId}`),
  );
  const r = rows[0];
  if (!r || (r.first === null && r.next === null && r.resolution === null)) return null;
  // The queue's own hours when it has them, else the company's (the schedules tab).
  const hours = r.queue_schedules?.length ? r.queue_schedules : (r.company_schedules ?? []);
  return {
    firstResponse: r.first === null ? null : Number(r.first),
    nextResponse: r.next === null ? null : Number(r.next),
    resolution: r.resolution === null ? null : Number(r.resolution),
    hours: r.business_hours ? hours : null,
    timezone: r.timezone,
  };
}

export interface SlaTicket extends SlaState {
  id: number;
  status: string;
  isGroup: boolean;
  queueId: number | null;
  userId: number | null;
}

const slaColumns = {
  id: tickets.id,
  status: tickets.status,
  isGroup: tickets.isGroup,
  queueId: tickets.queueId,
  userId: tickets.userId,
  ...ticketSlaColumns,
};

export async function findSlaTicket(db: Db, { companyId }: Tenant, ticketId: number): Promise<SlaTicket | null> {
  const [row] = await db
    .select(slaColumns)
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row ?? null;
}

type SlaTimes = Omit<Partial<SlaState>, 'slaBreach' | 'slaBreachedAt'>;

export async function saveSlaTimes(db: Db, { companyId }: Tenant, ticketId: number, times: SlaTimes) {
  await db
    .update(tickets)
    .set(times)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}

/** Records the ticket's first breach; null when one was already recorded (by the sweep or another reaction). */
export async function markSlaBreach(db: Db, { companyId }: Tenant, ticketId: number, breach: string, at: Date) {
  const [row] = await db
    .update(tickets)
    .set({ slaBreach: breach, slaBreachedAt: at })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), isNull(tickets.slaBreachedAt)))
    .returning({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId });
  return row ?? null;
}

/** Live tickets under a policy with a due time past `now` (of one company, or all: the minute sweep), oldest first. */
export async function overdueSlaTickets(
  db: Db,
  tenant: Tenant | undefined,
  now: Date,
  limit: number,
): Promise<(SlaTicket & { companyId: number })[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({ ...slaColumns, companyId: tickets.companyId })
    .from(tickets)
    .where(
      sql`${tenant ? sql`${tickets.companyId} = ${tenant.companyId} AND ` : sql``}${tickets.slaStartedAt} IS NOT NULL AND ${tickets.slaBreachedAt} IS NULL AND ${tickets.status} <> 'closed'
        AND (${tickets.slaFirstResponseDueAt} < ${at} OR ${tickets.slaNextResponseDueAt} < ${at}
          OR ${tickets.slaResolutionDueAt} < COALESCE(${tickets.slaPausedAt}, ${at}))`,
    )
    .orderBy(tickets.id)
    .limit(limit);
}
