import type { InvoiceDto } from '@atendo/shared';
import { and, desc, eq, ilike, lte, ne, or, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { companies, invoices, paymentCharges, paymentNotifications, plans } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type InvoiceRow = typeof invoices.$inferSelect;
export type ChargeRow = typeof paymentCharges.$inferSelect;

export const INVOICE_PAGE_SIZE = 20;

export function toInvoiceDto(r: InvoiceRow): InvoiceDto {
  return {
    id: r.id,
    companyId: r.companyId,
    detail: r.detail,
    users: r.users,
    connections: r.connections,
    queues: r.queues,
    value: Number(r.value),
    dueDate: r.dueDate.toISOString(),
    status: r.status === 'paid' ? 'paid' : 'open',
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Issues the invoice of every billable company whose due date is within `aheadDays` (or past): the period its current
 * due date closes, at its plan's price and limits. One INSERT … SELECT … ON CONFLICT (company_id, period) DO NOTHING:
 * two workers running it together issue each period once. `only` narrows it to one company (issue on read).
 * Company 1 (the platform) and companies without a plan or a due date are never billed.
 */
export async function issueDueInvoices(db: Db, aheadDays: number, only?: Tenant): Promise<number> {
  const res = await db.execute(sql`
    INSERT INTO ${invoices} (company_id, period, detail, users, connections, queues, value, due_date)
    SELECT c.id, to_char(c.due_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.name, p.users, p.connections, p.queues, p.amount, c.due_date
      FROM ${companies} c
      JOIN ${plans} p ON p.id = c.plan_id
     WHERE c.id <> 1
       AND c.status
       AND c.due_date IS NOT NULL
       AND c.due_date <= now() + make_interval(days => ${aheadDays})
       ${only ? sql`AND c.id = ${only.companyId}` : sql``}
    ON CONFLICT (company_id, period) DO NOTHING
    RETURNING id`);
  return (res as unknown as { rows?: unknown[] }).rows?.length ?? (res as unknown as unknown[]).length ?? 0;
}

/** GET /invoices/all: newest due first; the search matches the detail or the id. `companyId` null: every company (super admin). */
export async function listInvoicePage(db: Db, scope: Tenant | null, search: string, page: number) {
  const filters = [];
  if (scope) filters.push(eq(invoices.companyId, scope.companyId));
  if (search) {
    const like = `%${escapeLike(search)}%`;
    filters.push(or(ilike(invoices.detail, like), sql`${invoices.id}::text = ${search}`));
  }
  const rows = await db
    .select({ invoice: invoices, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(invoices)
    .where(and(...filters))
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(INVOICE_PAGE_SIZE)
    .offset((page - 1) * INVOICE_PAGE_SIZE);
  const count = rows[0]?.count ?? 0;
  return { invoices: rows.map((r) => toInvoiceDto(r.invoice)), count, hasMore: page * INVOICE_PAGE_SIZE < count };
}

export async function findInvoice(db: Db, { companyId }: Tenant, invoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row ?? null;
}

export async function insertCharge(db: Db, { companyId }: Tenant, values: Omit<typeof paymentCharges.$inferInsert, 'companyId'>) {
  const [row] = await db
    .insert(paymentCharges)
    .values({ ...values, companyId })
    .returning();
  return row!;
}

export async function setChargeExternal(
  db: Db,
  { companyId }: Tenant,
  chargeId: number,
  externalId: string,
  detail: Record<string, unknown>,
) {
  await db
    .update(paymentCharges)
    .set({ externalId, detail, updatedAt: new Date() })
    .where(and(eq(paymentCharges.companyId, companyId), eq(paymentCharges.id, chargeId)));
}

export async function markChargeRefused(db: Db, chargeId: number) {
  await db
    .update(paymentCharges)
    .set({ status: 'refused', updatedAt: new Date() })
    .where(and(eq(paymentCharges.id, chargeId), eq(paymentCharges.status, 'pending')));
}

/** A provider's notification names its charge by the provider's id or by our reference: never by a company. */
export async function findChargeForNotification(db: Db, provider: string, by: { externalId?: string; reference?: string }) {
  const where = by.externalId
    ? and(eq(paymentCharges.provider, provider), eq(paymentCharges.externalId, by.externalId))
    : by.reference
      ? and(eq(paymentCharges.provider, provider), eq(paymentCharges.reference, by.reference))
      : undefined;
  if (!where) return null;
  const [row] = await db.select().from(paymentCharges).where(where).limit(1);
  return row ?? null;
}

/** Records a provider event once: false when it was already seen (a redelivery). */
export async function recordNotification(db: Db, provider: string, eventId: string, chargeId: number | null) {
  const rows = await db
    .insert(paymentNotifications)
    .values({ provider, eventId, chargeId })
    .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.eventId] })
    .returning({ id: paymentNotifications.id });
  return rows.length > 0;
}

/**
 * The one transition that pays: pending|refused → paid, compare-and-set. Only the caller that flips it goes on
 * to mark the invoice and extend the due date — a redelivered webhook or a reconciliation racing it finds nothing.
 */
export async function claimChargePaid(tx: Db, chargeId: number, now: Date) {
  const [row] = await tx
    .update(paymentCharges)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(paymentCharges.id, chargeId), ne(paymentCharges.status, 'paid')))
    .returning();
  return row ?? null;
}

export async function markInvoicePaid(tx: Db, { companyId }: Tenant, invoiceId: number, charge: ChargeRow, now: Date) {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'paid',
      paidAt: now,
      value: charge.amount,
      ...(charge.users ? { users: charge.users } : {}),
      ...(charge.connections ? { connections: charge.connections } : {}),
      updatedAt: now,
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .returning();
  return row ?? null;
}

/** Pending charges old enough that a webhook should have come (reconciliation), oldest first, across companies. */
export function listPendingCharges(db: Db, olderThan: Date, limit: number) {
  return db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.status, 'pending'), lte(paymentCharges.createdAt, olderThan)))
    .orderBy(paymentCharges.createdAt)
    .limit(limit);
}

/** GET /financeiro/plano-atual: the company's plan and subscription. */
export async function findCurrentPlan(db: Db, { companyId }: Tenant) {
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export async function findCompanyEmail(db: Db, { companyId }: Tenant) {
  const [row] = await db.select({ email: companies.email }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.email ?? null;
}
