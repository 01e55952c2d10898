import { ALL_USER_FLAGS_ENABLED, type CompanyDto, renewedDueDate } from '@atendo/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { companies, companySettings, plans, users } from '../../db/schema';
import type { Tenant, TenantContext } from '../../platform/context';
import { toPlanDto } from '../plans/plans.public';

export type NewCompany = typeof companies.$inferInsert;
export type CompanyRow = typeof companies.$inferSelect;

/** A company always has its settings row: created together. */
export async function insertCompany(tx: Db, values: NewCompany) {
  const [company] = await tx.insert(companies).values(values).returning();
  await tx.insert(companySettings).values({ companyId: company.id }).onConflictDoNothing();
  return company;
}

/** The company with its plan; another company's id answers null unless the caller is super. */
export async function findCompanyPlan(db: Db, ctx: TenantContext, companyId: number) {
  if (companyId !== ctx.companyId && !ctx.user.super) return null;
  const rows = await db
    .select({ id: companies.id, name: companies.name, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, name: row.name, plan: row.plan ? toPlanDto(row.plan) : null };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toCompanyDto(row: { company: CompanyRow; plan: { id: number; name: string; amount: number } | null }): CompanyDto {
  const c = row.company;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    document: c.document,
    status: c.status,
    planId: c.planId,
    plan: row.plan?.id ? { id: row.plan.id, name: row.plan.name, amount: Number(row.plan.amount) } : null,
    dueDate: iso(c.dueDate),
    recurrence: c.recurrence,
    paymentMethod: c.paymentMethod,
    numberAttendants: c.numberAttendants,
    numberConections: c.numberConections,
    addressStreet: c.addressStreet,
    addressState: c.addressState,
    addressCity: c.addressCity,
    createdAt: c.createdAt.toISOString(),
    lastLogin: iso(c.lastLogin),
    folderSize: Number(c.folderSize),
    numberFileFolder: c.numberFileFolder,
    updatedAtFolder: iso(c.updatedAtFolder),
  };
}

const withPlan = (db: Db) =>
  db
    .select({ company: companies, plan: { id: plans.id, name: plans.name, amount: plans.amount } })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId));

/** Every company, by id (GET /companies, /companies/list). */
export async function listCompanies(db: Db): Promise<CompanyDto[]> {
  const rows = await withPlan(db).orderBy(asc(companies.id));
  return rows.map(toCompanyDto);
}

/** A page of companies with their plans, searched by name, e-mail, phone or document (GET /companiesPlan/). */
export async function listCompanyPage(db: Db, f: { search?: string; offset: number; limit: number }) {
  const like = f.search ? `%${escapeLike(f.search)}%` : null;
  const where = like
    ? sql`(${companies.name} ILIKE ${like} OR ${companies.email} ILIKE ${like} OR ${companies.phone} ILIKE ${like} OR ${companies.document} ILIKE ${like})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    withPlan(db)
      .where(where)
      .orderBy(asc(companies.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return {
    companies: rows.slice(0, f.limit).map(toCompanyDto),
    count: Number(total?.n ?? 0),
    hasMore: rows.length > f.limit,
  };
}

export async function findCompany(db: Db, companyId: number): Promise<CompanyDto | null> {
  const rows = await withPlan(db).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ? toCompanyDto(rows[0]) : null;
}

/** The zone of the company's clock (its due day is a day on that clock). */
export async function companyTimezone(db: Db, companyId: number): Promise<string | null> {
  const rows = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0]?.timezone ?? null;
}

export async function planExists(db: Db, planId: number) {
  const rows = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).limit(1);
  return rows.length > 0;
}

/** Another company already has this name (any case). */
export async function companyNameTaken(db: Db, name: string, exceptId = 0) {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, ne(companies.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function emailTaken(db: Db, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows.length > 0;
}

/** A new company with its settings row and its first admin (the company's e-mail and default password). */
export async function insertCompanyWithAdmin(db: Db, values: NewCompany, admin: { email: string; passwordHash: string }) {
  return db.transaction(async (tx) => {
    const company = await insertCompany(tx, values);
    await tx.insert(users).values({
      companyId: company.id,
      name: company.name,
      email: admin.email,
      passwordHash: admin.passwordHash,
      profile: 'admin',
      ...ALL_USER_FLAGS_ENABLED,
    });
    return company.id;
  });
}

export async function updateCompany(db: Db, companyId: number, values: Partial<NewCompany>) {
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/**
 * The new password of the company's admin whose e-mail is the company's; every session of theirs ends.
 * Answers the user id changed (null when the company has no such user).
 */
export async function setCompanyAdminPassword(db: Db, companyId: number, email: string, passwordHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`))
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

/** The company and, by the foreign keys' ON DELETE CASCADE, every row it owns. */
export async function deleteCompany(db: Db, companyId: number) {
  await db.delete(companies).where(eq(companies.id, companyId));
}

/** Records a change of the company's stored media (bytes and files added, or removed when negative). */
export async function recordMediaChange(db: Db, companyId: number, bytes: number, files: number) {
  await db
    .update(companies)
    .set({
      folderSize: sql`greatest(0, ${companies.folderSize} + ${bytes})`,
      numberFileFolder: sql`greatest(0, ${companies.numberFileFolder} + ${files})`,
      updatedAtFolder: new Date(),
    })
    .where(eq(companies.id, companyId));
}

/**
 * A paid period (billing): the due date moves forward by the company's recurrence from the later of now and the
 * current due date (renewedDueDate). The row is locked so two payments landing together both count.
 */
export async function renewCompanyDueDate(tx: Db, { companyId }: Tenant, now = new Date()): Promise<Date | null> {
  const [row] = await tx
    .select({ dueDate: companies.dueDate, recurrence: companies.recurrence, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!row) return null;
  const dueDate = renewedDueDate(row.dueDate, row.recurrence, now, row.timezone);
  await tx.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, companyId));
  return dueDate;
}

/** Moves a company to another plan (a custom plan bought at checkout). */
export async function setCompanyPlan(tx: Db, { companyId }: Tenant, planId: number) {
  await tx.update(companies).set({ planId, updatedAt: new Date() }).where(eq(companies.id, companyId));
}
