import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { contacts, queues, schedules, tickets, users, whatsapps } from '../../db/schema';
import { companyIsActiveSql, type Tenant } from '../../platform/context';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleItem = ScheduleRow & {
  contact: { id: number; name: string; number: string } | null;
  user: { id: number; name: string } | null;
};

const withNames = (db: Db) =>
  db
    .select({
      schedule: schedules,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number },
      user: { id: users.id, name: users.name },
    })
    .from(schedules)
    .leftJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));

const item = (r: { schedule: ScheduleRow; contact: ScheduleItem['contact']; user: ScheduleItem['user'] }): ScheduleItem => ({
  ...r.schedule,
  contact: r.contact?.id ? r.contact : null,
  user: r.user?.id ? r.user : null,
});

/** The company's schedules by send time (the calendar and the list), with the contact's and the author's names. */
export async function listSchedules(
  db: Db,
  ctx: Tenant,
  f: { search?: string; contactId?: number; status?: string; from?: Date; to?: Date; offset: number; limit: number },
) {
  const conds: (SQL | undefined)[] = [eq(schedules.companyId, ctx.companyId)];
  if (f.contactId) conds.push(eq(schedules.contactId, f.contactId));
  if (f.status) conds.push(eq(schedules.status, f.status));
  if (f.from) conds.push(gte(schedules.sendAt, f.from));
  if (f.to) conds.push(lte(schedules.sendAt, f.to));
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    conds.push(sql`(${contacts.name} ILIKE ${like} OR ${schedules.body} ILIKE ${like})`);
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .leftJoin(contacts, eq(contacts.id, schedules.contactId))
      .where(where),
  ]);
  return { items: rows.slice(0, f.limit).map(item), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

export async function findSchedule(db: Db, { companyId }: Tenant, id: number): Promise<ScheduleItem | null> {
  const [row] = await withNames(db)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .limit(1);
  return row ? item(row) : null;
}

export async function insertSchedules(db: Db, rows: (typeof schedules.$inferInsert)[]) {
  return db.insert(schedules).values(rows).returning({ id: schedules.id });
}

export async function updateSchedule(db: Db, ctx: Tenant, id: number, values: Partial<typeof schedules.$inferInsert>) {
  const [row] = await db
    .update(schedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return row ?? null;
}

export async function deleteSchedule(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .delete(schedules)
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return row ?? null;
}

/** Which of these ids are the company's: contacts, connections, queues. */
export async function ownedIds(db: Db, ctx: Tenant, table: 'contacts' | 'whatsapps' | 'queues' | 'tickets', ids: number[]) {
  if (!ids.length) return new Set<number>();
  const t = { contacts, whatsapps, queues, tickets }[table];
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.companyId, ctx.companyId),
        sql`${t.id} IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Pending schedules whose time has come, oldest first (every company: the job's sweep). An inactive company's stay
 * pending: they go out late, once it is switched on again, rather than on behalf of a company that is off.
 */
export async function dueSchedules(db: Db, now: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.status, 'PENDENTE'), lte(schedules.sendAt, now), companyIsActiveSql(schedules.companyId)))
    .orderBy(asc(schedules.sendAt), asc(schedules.id))
    .limit(limit);
}

/**
 * Takes a due schedule for one send (compare-and-set on its send time and count): only one process wins, so a
 * message is never sent twice; the row already says what comes next (the next time, or ENVIADA).
 */
export async function claimSend(db: Db, row: ScheduleRow, next: { sendAt: Date; status: string }) {
  const [won] = await db
    .update(schedules)
    .set({ sendAt: next.sendAt, status: next.status, sentCount: row.sentCount + 1, sentAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(schedules.id, row.id),
        eq(schedules.status, 'PENDENTE'),
        // the row read back in JS has milliseconds; the column may hold microseconds
        sql`${schedules.sendAt} > ${new Date(row.sendAt.getTime() - 1)} AND ${schedules.sendAt} < ${new Date(row.sendAt.getTime() + 1)}`,
        eq(schedules.sentCount, row.sentCount),
      ),
    )
    .returning({ id: schedules.id });
  return Boolean(won);
}

export async function recordSend(db: Db, id: number, v: { ticketId?: number; messageId?: number; error?: string | null }) {
  await db
    .update(schedules)
    .set({
      ...(v.ticketId ? { ticketId: v.ticketId } : {}),
      ...(v.messageId ? { messageId: v.messageId } : {}),
      ...(v.error ? { status: 'ERRO', lastError: v.error } : { lastError: null }),
      updatedAt: new Date(),
    })
    .where(eq(schedules.id, id));
}

/** The schedule whose last send is this message, failed with the message's send error; its id, or null. */
export async function failBySentMessage(db: Db, ctx: Tenant, messageId: number): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE schedules s SET status = 'ERRO', last_error = m.send_error, updated_at = now()
        FROM messages m
       WHERE s.company_id = ${ctx.companyId} AND s.message_id = ${messageId}
         AND m.id = s.message_id AND m.company_id = ${ctx.companyId} AND m.send_error IS NOT NULL
      RETURNING s.id`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}
