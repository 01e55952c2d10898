import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const ofCompany = (t: Tenant, id: number) => and(eq(webhookEndpoints.companyId, t.companyId), eq(webhookEndpoints.id, id));

export async function listEndpoints(db: Db, t: Tenant): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, t.companyId)).orderBy(webhookEndpoints.id);
}

export async function findEndpoint(db: Db, t: Tenant, id: number): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(ofCompany(t, id)).limit(1);
  return row ?? null;
}

/** The company's active endpoints and the events each chose (the subscribers' read, cached per company). */
export async function activeEndpoints(db: Db, t: Tenant): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, t.companyId), eq(webhookEndpoints.active, true)));
}

export async function countEndpoints(db: Db, t: Tenant): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, t.companyId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(db: Db, t: Tenant, v: { url: string; events: string[]; secret: string }) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ companyId: t.companyId, ...v })
    .returning();
  return row as EndpointRow;
}

export async function updateEndpoint(
  db: Db,
  t: Tenant,
  id: number,
  v: Partial<Pick<EndpointRow, 'url' | 'events' | 'active' | 'pausedReason' | 'consecutiveFailures'>>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...v, updatedAt: new Date() })
    .where(ofCompany(t, id))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Db, t: Tenant, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(ofCompany(t, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A success: the failures in a row start again from 0. */
export async function endpointSucceeded(db: Db, t: Tenant, id: number) {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(ofCompany(t, id), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
}

/** A failed attempt: one more in a row; the count after it. */
export async function endpointFailed(db: Db, t: Tenant, id: number): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(ofCompany(t, id))
    .returning({ n: webhookEndpoints.consecutiveFailures });
  return row?.n ?? 0;
}

/** Pauses an endpoint that is still active (true only for the call that paused it: the admins are told once). */
export async function pauseForFailures(db: Db, t: Tenant, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ active: false, pausedReason: 'failures', updatedAt: new Date() })
    .where(and(ofCompany(t, id), eq(webhookEndpoints.active, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

// ─── Deliveries ──────────────────────────────────────────────────────────────

/**
 * One row per (endpoint, event id): recorded before any attempt, so a crash between the send and its record sends the
 * same event id again. Answers the rows inserted now (an event recorded twice inserts nothing the second time).
 */
export async function insertDeliveries(
  db: Db,
  t: Tenant,
  rows: { endpointId: number; eventId: string; eventType: string; body: string }[],
): Promise<{ id: number }[]> {
  if (!rows.length) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, companyId: t.companyId })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
}

/** A delivery with its endpoint's URL, secret and state (the job's one read). */
export async function findDeliveryToSend(db: Db, t: Tenant, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.companyId, t.companyId),
        eq(webhookDeliveries.id, id),
        eq(webhookEndpoints.companyId, t.companyId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findDelivery(db: Db, t: Tenant, endpointId: number, id: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, t.companyId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** An attempt's outcome (`status` pending keeps it for the next retry); answers the attempts counted so far. */
export async function recordAttempt(
  db: Db,
  t: Tenant,
  id: number,
  v: Pick<DeliveryRow, 'status' | 'responseStatus' | 'durationMs' | 'error' | 'lastAttemptAt'>,
): Promise<number> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ ...v, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.companyId, t.companyId), eq(webhookDeliveries.id, id)))
    .returning({ attempts: webhookDeliveries.attempts });
  return row?.attempts ?? 0;
}

/** Given up without an attempt (its endpoint was paused meanwhile). */
export async function markFailed(db: Db, t: Tenant, id: number, error: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.companyId, t.companyId), eq(webhookDeliveries.id, id)));
}

/** Resend: the same event id and body, waiting for a new attempt. */
export async function markPending(db: Db, t: Tenant, id: number) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.companyId, t.companyId), eq(webhookDeliveries.id, id)));
}

export async function deliveriesPage(db: Db, t: Tenant, endpointId: number, limit: number, offset: number) {
  const where = and(eq(webhookDeliveries.companyId, t.companyId), eq(webhookDeliveries.endpointId, endpointId));
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The 30-day sweep, across companies (a platform job): how many rows went. */
export async function deleteDeliveriesBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, before))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
