import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { queues, tickets, userQueues, userSessions, users } from '../../db/schema';
import type { Tenant, TenantContext } from '../../platform/context';

export type UserRow = typeof users.$inferSelect;
export type UserUpdate = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'name'
    | 'email'
    | 'passwordHash'
    | 'language'
    | 'defaultTheme'
    | 'defaultMenu'
    | 'defaultTicketsManagerWidth'
    | 'profile'
    | 'whatsappId'
    | 'startWork'
    | 'endWork'
    | 'color'
    | 'farewellMessage'
    | 'profileImage'
    | 'showDashboard'
    | 'allowRealTime'
    | 'allowConnections'
    | 'allTicket'
    | 'allowGroup'
    | 'allHistoric'
    | 'allUserChat'
    | 'userClosePendingTicket'
    | 'assignmentCapacity'
  >
>;

export interface UserWithQueues extends UserRow {
  queues: { id: number; name: string; color: string }[];
}

/** A user of the caller's company with their queues; null for an unknown id or another company's user. */
export async function findUser(db: Db, ctx: Tenant, userId: number): Promise<UserWithQueues | null> {
  const user = await db.query.users.findFirst({ where: and(eq(users.id, userId), eq(users.companyId, ctx.companyId)) });
  if (!user) return null;
  return { ...user, queues: await findUserQueues(db, ctx, userId) };
}

export function findUserQueues(db: Db, ctx: Tenant, userId: number) {
  return db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, ctx.companyId), eq(userQueues.userId, userId)))
    .orderBy(queues.orderQueue, queues.name);
}

/** E-mails are unique across the platform (they sign in without a company), compared without case. */
export async function emailTakenByOther(db: Db, email: string, exceptUserId: number): Promise<boolean> {
  const row = await db.query.users.findFirst({
    columns: { id: true },
    where: and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${exceptUserId}`),
  });
  return Boolean(row);
}

/** How many of these queue ids belong to the company (to refuse foreign or unknown ones). */
export async function countCompanyQueues(db: Db, ctx: Tenant, queueIds: number[]): Promise<number> {
  if (queueIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(queues)
    .where(and(eq(queues.companyId, ctx.companyId), inArray(queues.id, queueIds)));
  return row.n;
}

/** Whether a connection of the company has this id (table of the messaging schema). */
export async function companyHasConnection(db: Db, ctx: Tenant, whatsappId: number): Promise<boolean> {
  try {
    const rows = await db.execute(
      sql`SELECT 1 FROM whatsapps WHERE id = ${whatsappId} AND company_id = ${ctx.companyId} LIMIT 1`,
    );
    const list = Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? []);
    return list.length > 0;
  } catch {
    return false; // no connections table yet: no connection exists
  }
}

/** Updates the user (and replaces their queues when given) in one transaction. */
export async function updateUser(
  db: Db,
  ctx: Tenant,
  userId: number,
  values: UserUpdate,
  queueIds?: number[],
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
      .returning();
    if (!row) return null;
    if (queueIds) {
      await tx.delete(userQueues).where(and(eq(userQueues.companyId, ctx.companyId), eq(userQueues.userId, userId)));
      if (queueIds.length > 0) {
        await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId: ctx.companyId, userId, queueId })));
      }
    }
    return row;
  });
}

/** Ends every session of a user of the company (their password was reset by an admin). */
export async function endUserSessions(db: Db, ctx: Tenant, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)));
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.companyId, ctx.companyId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

/** The userStatus ping: online, seen now. Returns whether the user was offline before. */
export async function markOnline(db: Db, ctx: TenantContext): Promise<boolean> {
  const rows = await db.execute<{ was_online: boolean }>(sql`
    UPDATE users SET online = true, last_seen = now()
    FROM (SELECT id, online AS was_online FROM users WHERE id = ${ctx.user.id} AND company_id = ${ctx.companyId}) AS before
    WHERE users.id = before.id
    RETURNING before.was_online`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { was_online: boolean }[] }).rows) as { was_online: boolean }[];
  return list.length > 0 && !list[0].was_online;
}

/** The user's last socket closed: offline. Returns whether they were online (only a change is told). */
export async function markOffline(db: Db, ctx: TenantContext): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId), eq(users.online, true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Platform-wide sweep run by a job (not on behalf of a tenant): users still marked online whose last
 * ping is older than the cutoff go offline. Returns them with their company, to tell each company.
 */
export async function markStaleUsersOffline(db: Db, cutoff: Date): Promise<{ id: number; companyId: number }[]> {
  return db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), or(isNull(users.lastSeen), lt(users.lastSeen, cutoff))))
    .returning({ id: users.id, companyId: users.companyId });
}

/** The company's users with their queues, for selectors: two queries whatever the number of users. */
export async function listCompanyUsers(db: Db, ctx: Tenant) {
  const [rows, memberships] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, profile: users.profile, online: users.online, color: users.color })
      .from(users)
      .where(eq(users.companyId, ctx.companyId))
      .orderBy(users.name, users.id),
    db
      .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(eq(userQueues.companyId, ctx.companyId))
      .orderBy(queues.name),
  ]);
  const byUser = new Map<number, { id: number; name: string; color: string }[]>();
  for (const { userId, ...q } of memberships) byUser.set(userId, [...(byUser.get(userId) ?? []), q]);
  return rows.map((u) => ({
    ...u,
    profile: u.profile === 'admin' ? ('admin' as const) : ('user' as const),
    queues: byUser.get(u.id) ?? [],
  }));
}

/** One page of the company's users (name or e-mail contains the term, without case), with their queues. */
export async function listUsersPage(db: Db, ctx: Tenant, search: string, offset: number, limit: number) {
  const term = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(users.companyId, ctx.companyId),
    term ? or(sql`lower(${users.name}) LIKE ${term}`, sql`lower(${users.email}) LIKE ${term}`) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.name, users.id).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? await db
        .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
        .from(userQueues)
        .innerJoin(queues, eq(queues.id, userQueues.queueId))
        .where(and(eq(userQueues.companyId, ctx.companyId), inArray(userQueues.userId, ids)))
        .orderBy(queues.orderQueue, queues.name)
    : [];
  const byUser = new Map<number, { id: number; name: string; color: string }[]>();
  for (const { userId, ...q } of memberships) byUser.set(userId, [...(byUser.get(userId) ?? []), q]);
  return { rows: rows.map((u) => ({ ...u, queues: byUser.get(u.id) ?? [] })), count: n };
}

export async function countUsers(db: Db, ctx: Tenant): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, ctx.companyId));
  return row.n;
}

export type UserInsert = UserUpdate & Pick<typeof users.$inferInsert, 'name' | 'email' | 'passwordHash'>;

/** Inserts a user of the company with their queues in one transaction; returns the new id. */
export async function insertUser(db: Db, ctx: Tenant, values: UserInsert, queueIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...values, companyId: ctx.companyId })
      .returning({ id: users.id });
    if (queueIds.length > 0) {
      await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId: ctx.companyId, userId: row.id, queueId })));
    }
    return row.id;
  });
}

/**
 * Deletes a user of the company. Their open tickets go back to the waiting list first (nobody would
 * answer them otherwise); everything else that named them keeps its history with no user (FK set null).
 */
export async function deleteUser(db: Db, ctx: Tenant, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(tickets)
      .set({ status: 'pending', userId: null, updatedAt: new Date() })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.userId, userId), eq(tickets.status, 'open')));
    const rows = await tx
      .delete(users)
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
      .returning({ id: users.id });
    return rows.length > 0;
  });
}
