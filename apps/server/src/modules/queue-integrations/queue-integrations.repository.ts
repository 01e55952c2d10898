import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { chatbots, queueIntegrations, queues, tickets, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
export type QueueIntegrationValues = Omit<Partial<QueueIntegrationRow>, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

function searchCondition(search?: string): SQL | undefined {
  if (!search) return undefined;
  return sql`${queueIntegrations.name} ILIKE ${`%${escapeLike(search)}%`}`;
}

/** The integrations page (searched, by name) or, without a page, the pickers' whole list (capped). */
export async function listIntegrations(db: Db, ctx: Tenant, f: { search?: string; offset: number; limit: number }) {
  const where = and(eq(queueIntegrations.companyId, ctx.companyId), searchCondition(f.search));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(queueIntegrations)
      .where(where)
      .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(queueIntegrations).where(where),
  ]);
  return { rows: rows.slice(0, f.limit), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}

export async function findIntegration(db: Db, ctx: Tenant, id: number): Promise<QueueIntegrationRow | null> {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertIntegration(db: Db, ctx: Tenant, v: QueueIntegrationValues & { type: string; name: string }) {
  const [row] = await db
    .insert(queueIntegrations)
    .values({ ...v, companyId: ctx.companyId })
    .returning();
  return row;
}

export async function updateIntegration(db: Db, ctx: Tenant, id: number, v: QueueIntegrationValues) {
  const [row] = await db
    .update(queueIntegrations)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)))
    .returning();
  return row ?? null;
}

/** Deleting an integration unlinks it from queues, connections, chatbot steps and bot tickets (its columns carry no foreign key), all or nothing. */
export async function deleteIntegration(db: Db, ctx: Tenant, id: number) {
  return db.transaction(async (tx) => {
    await tx
      .update(queues)
      .set({ integrationId: null })
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.integrationId, id)));
    await tx
      .update(whatsapps)
      .set({ integrationId: null })
      .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.integrationId, id)));
    await tx
      .update(chatbots)
      .set({ optIntegrationId: null })
      .where(and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.optIntegrationId, id)));
    await tx
      .update(tickets)
      .set({ integrationId: null, useIntegration: false })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.integrationId, id)));
    const rows = await tx
      .delete(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)))
      .returning({ id: queueIntegrations.id });
    return rows.length > 0;
  });
}
