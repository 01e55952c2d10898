import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/open';
import { aiUsage, prompts, queues } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type PromptRow = typeof prompts.$inferSelect;
export type PromptWithQueue = PromptRow & { queue: { id: number; name: string; color: string } | null };
type PromptValues = Partial<Omit<typeof prompts.$inferInsert, 'id' | 'companyId'>>;

const selection = {
  prompt: prompts,
  queue: { id: queues.id, name: queues.name, color: queues.color },
};

function withQueue(r: { prompt: PromptRow; queue: { id: number | null; name: string | null; color: string | null } | null }) {
  const q = r.queue;
  return { ...r.prompt, queue: q && q.id !== null ? { id: q.id, name: q.name ?? '', color: q.color ?? '' } : null };
}

export async function listPrompts(db: Db, { companyId }: Tenant, f: { search?: string }): Promise<PromptWithQueue[]> {
  const like = f.search ? `%${escapeLike(f.search)}%` : null;
  const rows = await db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(and(eq(prompts.companyId, companyId), like ? sql`${prompts.name} ILIKE ${like}` : undefined))
    .orderBy(asc(prompts.name), asc(prompts.id))
    .limit(500);
  return rows.map(withQueue);
}

export async function findPrompt(db: Db, { companyId }: Tenant, id: number): Promise<PromptWithQueue | null> {
  const [row] = await db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return row ? withQueue(row) : null;
}

export async function queueExists(db: Db, { companyId }: Tenant, queueId: number) {
  const [q] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return Boolean(q);
}

export async function insertPrompt(
  db: Db,
  { companyId }: Tenant,
  v: PromptValues & { name: string; prompt: string; apiKey: string },
) {
  const [row] = await db
    .insert(prompts)
    .values({ ...v, companyId })
    .returning({ id: prompts.id });
  return row.id;
}

export async function updatePrompt(db: Db, { companyId }: Tenant, id: number, v: PromptValues) {
  const rows = await db
    .update(prompts)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .returning({ id: prompts.id });
  return rows.length > 0;
}

/** Deletes the prompt and unbinds it from queues and connections (their promptId is a plain column); bot tickets it answered go to their queue. */
export async function deletePrompt(db: Db, { companyId }: Tenant, id: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .returning({ id: prompts.id });
    if (!rows.length) return false;
    await tx.execute(sql`UPDATE queues SET prompt_id = NULL WHERE company_id = ${companyId} AND prompt_id = ${id}`);
    await tx.execute(sql`UPDATE whatsapps SET prompt_id = NULL WHERE company_id = ${companyId} AND prompt_id = ${id}`);
    await tx.execute(
      sql`UPDATE tickets SET prompt_id = NULL, is_bot = false WHERE company_id = ${companyId} AND prompt_id = ${id}`,
    );
    return true;
  });
}

export async function tokensUsed(db: Db, { companyId }: Tenant) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)::int` })
    .from(aiUsage)
    .where(eq(aiUsage.companyId, companyId));
  return Number(row?.total ?? 0);
}
