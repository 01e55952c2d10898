import { isTwoFactorRequired, PLATFORM_COMPANY_ID, PLATFORM_DUE_DATE, type SessionUserDto, userFlagsOf } from '@atendo/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companies, plans, queues, userQueues, userSessions, users } from '../../db/schema';
import type { Tenant, TenantContext } from '../../platform/context';
import { toPlanDto } from '../plans/plans.public';
import { findCompanySettings, getGlobalSetting } from '../settings/settings.public';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/**
 * The platform operator at a command line (src/cli): the platform company's context with a super admin that is no
 * user of any company (id 0, "atendo cli"), so services apply their super-admin rules and the audit log names the
 * command line, not a person. Null before the first migrate and seed.
 */
export async function operatorContext(db: Db): Promise<TenantContext | null> {
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, PLATFORM_COMPANY_ID), eq(users.super, true)))
    .orderBy(users.id)
    .limit(1);
  const ctx = first ? await loadTenantContext(db, first.id) : null;
  return ctx && asOperator(ctx);
}

/**
 * The command line's operator inside a context (its own company, or a user's for `reset-password`): a super admin that
 * is no user (id 0), named 'atendo cli' — the name the audit log keeps for what it does.
 */
export function asOperator(ctx: TenantContext): TenantContext {
  return { ...ctx, user: { ...ctx.user, id: 0, name: 'atendo cli', email: '', profile: 'admin', super: true } };
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

function principalQuery(db: Db) {
  return db
    .select({ user: users, company: companies, plan: plans })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_tenant_context');
}
// Every authenticated request runs this query: built once per database, not per request.
const preparedPrincipal = new WeakMap<Db, ReturnType<typeof principalQuery>>();

/** The principal of a request: user + company + plan in one prepared query. */
export async function loadTenantContext(db: Db, userId: number): Promise<TenantContext | null> {
  let stmt = preparedPrincipal.get(db);
  if (!stmt) {
    stmt = principalQuery(db);
    preparedPrincipal.set(db, stmt);
  }
  const rows = await stmt.execute({ userId });
  const row = rows[0];
  if (!row) return null;
  const u = row.user;
  return {
    companyId: u.companyId,
    user: {
      id: u.id,
      companyId: u.companyId,
      name: u.name,
      email: u.email,
      profile: u.profile === 'admin' ? 'admin' : 'user',
      super: u.super,
      tokenVersion: u.tokenVersion,
      showDashboard: u.showDashboard,
      allowRealTime: u.allowRealTime,
      allowConnections: u.allowConnections,
      allTicket: u.allTicket,
      allowGroup: u.allowGroup,
      allHistoric: u.allHistoric,
      allUserChat: u.allUserChat,
      userClosePendingTicket: u.userClosePendingTicket,
    },
    company: {
      id: row.company.id,
      name: row.company.name,
      status: row.company.status,
      dueDate: row.company.dueDate,
      planId: row.company.planId,
      timezone: row.company.timezone,
    },
    plan: row.plan ? toPlanDto(row.plan) : null,
  };
}

/** The user as the session knows it (seed 000 §3), with company, settings and plan. */
export async function loadSessionUser(
  db: Db,
  who: number | TenantContext,
  mediaUrl: (stored: string) => string,
): Promise<SessionUserDto | null> {
  const ctx = typeof who === 'number' ? await loadTenantContext(db, who) : who;
  if (!ctx) return null;
  const userId = ctx.user.id;
  const [u, userQueueRows, settingsRow, adminsRequire] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, userId) }),
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(userQueues.companyId, ctx.companyId), eq(userQueues.userId, userId)))
      .orderBy(queues.orderQueue, queues.name),
    findCompanySettings(db, ctx),
    getGlobalSetting(db, 'requireTwoFactorAdmins'),
  ]);
  if (!u) return null;
  const dueDate = ctx.company.id === 1 ? PLATFORM_DUE_DATE : (ctx.company.dueDate?.toISOString() ?? null);
  return {
    id: u.id,
    companyId: u.companyId,
    name: u.name,
    email: u.email,
    profile: u.profile === 'admin' ? 'admin' : 'user',
    super: u.super,
    ...userFlagsOf(u),
    defaultTheme: u.defaultTheme === 'dark' ? 'dark' : 'light',
    defaultMenu: u.defaultMenu === 'closed' ? 'closed' : 'open',
    defaultTicketsManagerWidth: u.defaultTicketsManagerWidth,
    language: u.language,
    color: u.color,
    startWork: u.startWork,
    endWork: u.endWork,
    profileImage: u.profileImage ? mediaUrl(u.profileImage) : null,
    queues: userQueueRows,
    queueIds: userQueueRows.map((q) => q.id),
    whatsappId: u.whatsappId,
    online: u.online,
    twoFactorEnabled: u.twoFactorSecret !== null,
    twoFactorRequired: isTwoFactorRequired(u, settingsRow?.requireTwoFactor, adminsRequire),
    company: {
      id: ctx.company.id,
      name: ctx.company.name,
      dueDate,
      status: ctx.company.status,
      planId: ctx.company.planId,
      timezone: ctx.company.timezone,
      companieSettings: settingsRow ? Object.entries(settingsRow).map(([key, value]) => ({ key, value })) : [],
      plan: ctx.plan,
    },
  };
}

/** Single session: a new login bumps the version (old access tokens die) and revokes every refresh session. */
export async function startNewSessionVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
  return row.tokenVersion;
}

export async function insertRefreshSession(
  db: Db,
  s: {
    companyId: number;
    userId: number;
    tokenHash: string;
    tokenVersion: number;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
    signedInAt: Date;
  },
) {
  await db.insert(userSessions).values(s);
}

export function findRefreshSession(db: Db, tokenHash: string) {
  return db.query.userSessions.findFirst({ where: eq(userSessions.tokenHash, tokenHash) });
}

/** Marks a refresh session exchanged; false when another request already rotated or revoked it. */
export async function rotateRefreshSession(db: Db, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: now, rotatedAt: now })
    .where(and(eq(userSessions.id, id), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

export async function revokeRefreshSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, id), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

export async function touchCompanyLastLogin(db: Db, { companyId }: Tenant) {
  await db.update(companies).set({ lastLogin: new Date() }).where(eq(companies.id, companyId));
}

export async function bumpTokenVersion(db: Db, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** Sessions that can still refresh: not revoked, not expired, of the user's current version (newest first). */
export function findLiveSessions(db: Db, t: Tenant, userId: number, tokenVersion: number, now: Date) {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.companyId, t.companyId),
        eq(userSessions.userId, userId),
        eq(userSessions.tokenVersion, tokenVersion),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(userSessions.createdAt));
}

export async function findUserSession(db: Db, t: Tenant, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.companyId, t.companyId), eq(userSessions.userId, userId), eq(userSessions.id, id)))
    .limit(1);
  return row ?? null;
}

/** A user of the tenant (for an admin acting on them): its id and whether it is a super admin. */
export async function findCompanyUser(db: Db, t: Tenant, userId: number) {
  const [row] = await db
    .select({ id: users.id, super: users.super })
    .from(users)
    .where(and(eq(users.companyId, t.companyId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
