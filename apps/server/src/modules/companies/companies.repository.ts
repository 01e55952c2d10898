import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companies, companySettings, plans } from '../../db/schema';
import type { TenantContext } from '../../platform/context';
import { toPlanDto } from '../plans/plans.public';

export type NewCompany = typeof companies.$inferInsert;

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
