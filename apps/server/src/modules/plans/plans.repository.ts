import type { PlanBody } from '@atendo/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companies, plans } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import { toPlanDto } from './plans.dto';

export async function listPublicPlans(db: Db) {
  const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.amount), asc(plans.id));
  return rows.map(toPlanDto);
}

/** Every plan (GET /plans/all), by name. */
export async function listAllPlans(db: Db) {
  const rows = await db.select().from(plans).orderBy(asc(plans.name), asc(plans.id));
  return rows.map(toPlanDto);
}

export async function findPlan(db: Db, planId: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ? toPlanDto(row) : null;
}

/** Another plan already has this name (any case). */
export async function planNameTaken(db: Db, name: string, exceptId = 0) {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) = lower(${name}) AND ${plans.id} <> ${exceptId}`)
    .limit(1);
  return rows.length > 0;
}

export async function insertPlan(db: Db, values: PlanBody) {
  const [row] = await db.insert(plans).values(values).returning();
  return toPlanDto(row);
}

export async function updatePlan(db: Db, planId: number, values: PlanBody) {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning();
  return row ? toPlanDto(row) : null;
}

/** How many companies are on the plan. */
export async function countCompaniesOnPlan(db: Db, planId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies).where(eq(companies.planId, planId));
  return Number(row?.n ?? 0);
}

/** The companies on the plan (their users hear the plan change). */
export async function companiesOnPlan(db: Db, planId: number) {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.planId, planId));
  return rows.map((r) => r.id);
}

export async function deletePlan(db: Db, planId: number) {
  await db.delete(plans).where(eq(plans.id, planId));
}

/** The name of a company's own plan (a custom plan bought at checkout): one per company, never public. */
export const customPlanName = (companyId: number) => `Personalizado #${companyId}`;

/**
 * A company bought a custom plan (seed 001 §9): its own plan, copied from the one it had (queues, features, trial)
 * with the users, connections and price it paid for, hidden from sign-up; bought again, the same row is updated.
 * Answers the plan's id, or null when the limits are the current plan's already (nothing to change).
 */
export async function ensureCustomPlan(
  tx: Db,
  { companyId }: Tenant,
  basePlanId: number | null,
  limits: { users: number; connections: number; amount: number },
): Promise<number | null> {
  const [base] = basePlanId ? await tx.select().from(plans).where(eq(plans.id, basePlanId)) : [];
  if (base && base.users === limits.users && base.connections === limits.connections) return null;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copied } = base ?? ({} as Partial<typeof plans.$inferSelect>);
  const values = { ...copied, ...limits, name: customPlanName(companyId), isPublic: false };
  const [row] = await tx
    .insert(plans)
    .values(values)
    .onConflictDoUpdate({
      target: plans.name,
      set: { users: limits.users, connections: limits.connections, amount: limits.amount, updatedAt: new Date() },
    })
    .returning({ id: plans.id });
  return row.id;
}
