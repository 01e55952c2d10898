import { ASSIGNMENT_MODES, type ChatbotDto, type ChatbotOptionInput, type QueueDto } from '@atendo/shared';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { chatbots, companySettings, queues, users } from '../../db/schema';
import type { Tenant } from '../../platform/context';

type QueueRow = typeof queues.$inferSelect;
type ChatbotRow = typeof chatbots.$inferSelect;
export type QueueValues = Omit<typeof queues.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type ChatbotValues = Omit<typeof chatbots.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

function toChatbotDto(row: ChatbotRow, children: Map<number, ChatbotRow[]>): ChatbotDto {
  return {
    id: row.id,
    name: row.name,
    greetingMessage: row.greetingMessage,
    queueType: row.queueType,
    optQueueId: row.optQueueId,
    optUserId: row.optUserId,
    optIntegrationId: row.optIntegrationId,
    optFileId: row.optFileId,
    closeTicket: row.closeTicket,
    queueId: row.queueId,
    chatbotId: row.chatbotId,
    order: row.order,
    options: (children.get(row.id) ?? []).map((c) => toChatbotDto(c, children)),
  };
}

function toQueueDto(q: QueueRow, tops: ChatbotRow[], children: Map<number, ChatbotRow[]>): QueueDto {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    orderQueue: q.orderQueue,
    schedules: q.schedules,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: q.tempoRoteador,
    integrationId: q.integrationId,
    fileListId: q.fileListId,
    promptId: q.promptId,
    closeTicket: q.closeTicket,
    assignmentMode: ASSIGNMENT_MODES.find((m) => m === q.assignmentMode) ?? 'off',
    assignmentCapacity: q.assignmentCapacity,
    slaFirstResponseMinutes: q.slaFirstResponseMinutes,
    slaNextResponseMinutes: q.slaNextResponseMinutes,
    slaResolutionMinutes: q.slaResolutionMinutes,
    slaBusinessHours: q.slaBusinessHours,
    chatbots: tops.map((c) => toChatbotDto(c, children)),
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

/** Queues of the company with their chatbot trees: two queries whatever the depth. */
async function loadQueues(db: Db, ctx: Tenant, onlyId?: number): Promise<QueueDto[]> {
  const where = onlyId ? and(eq(queues.companyId, ctx.companyId), eq(queues.id, onlyId)) : eq(queues.companyId, ctx.companyId);
  const qs = await db.select().from(queues).where(where).orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.name));
  if (!qs.length) return [];
  const bots = await db
    .select()
    .from(chatbots)
    .where(eq(chatbots.companyId, ctx.companyId))
    .orderBy(asc(chatbots.order), asc(chatbots.id));
  const children = new Map<number, ChatbotRow[]>();
  const tops = new Map<number, ChatbotRow[]>();
  for (const b of bots) {
    if (b.chatbotId) children.set(b.chatbotId, [...(children.get(b.chatbotId) ?? []), b]);
    else if (b.queueId) tops.set(b.queueId, [...(tops.get(b.queueId) ?? []), b]);
  }
  return qs.map((q) => toQueueDto(q, tops.get(q.id) ?? [], children));
}

export const listQueues = (db: Db, ctx: Tenant) => loadQueues(db, ctx);

export async function findQueue(db: Db, ctx: Tenant, id: number): Promise<QueueDto | null> {
  return (await loadQueues(db, ctx, id))[0] ?? null;
}

export async function countQueues(db: Db, ctx: Tenant, exceptId?: number) {
  const where = exceptId
    ? and(eq(queues.companyId, ctx.companyId), ne(queues.id, exceptId))
    : eq(queues.companyId, ctx.companyId);
  const [row] = await db.select({ n: count() }).from(queues).where(where);
  return row.n;
}

/** Conflicting name or colour among the company's other queues (colours compared without case). */
export async function findConflict(db: Db, ctx: Tenant, name: string, color: string, exceptId?: number) {
  const rows = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(
      and(
        eq(queues.companyId, ctx.companyId),
        exceptId ? ne(queues.id, exceptId) : undefined,
        sql`(lower(${queues.color}) = lower(${color}) OR lower(${queues.name}) = lower(${name}))`,
      ),
    );
  if (rows.some((r) => r.color.toLowerCase() === color.toLowerCase())) return 'color' as const;
  if (rows.length) return 'name' as const;
  return null;
}

export async function scheduleType(db: Db, ctx: Tenant) {
  const row = await db.query.companySettings.findFirst({ where: eq(companySettings.companyId, ctx.companyId) });
  return row?.scheduleType ?? 'disabled';
}

export async function insertQueue(db: Db, ctx: Tenant, values: QueueValues) {
  const [row] = await db
    .insert(queues)
    .values({ ...values, companyId: ctx.companyId })
    .returning({ id: queues.id });
  return row.id;
}

export async function updateQueue(db: Db, ctx: Tenant, id: number, values: Partial<QueueValues>) {
  await db
    .update(queues)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, id)));
}

export async function deleteQueue(db: Db, ctx: Tenant, id: number) {
  const rows = await db
    .delete(queues)
    .where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, id)))
    .returning({ id: queues.id });
  return rows.length > 0;
}

/** Ids among `ids` that are queues / users of the company (to validate chatbot targets). */
export async function existingQueueIds(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, ctx.companyId), inArray(queues.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function existingUserIds(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export function chatbotValues(o: ChatbotOptionInput): Omit<ChatbotValues, 'queueId' | 'chatbotId' | 'order'> {
  return {
    name: o.name,
    greetingMessage: o.greetingMessage ?? '',
    queueType: o.queueType ?? 'text',
    optQueueId: o.optQueueId ?? null,
    optUserId: o.optUserId ?? null,
    optIntegrationId: o.optIntegrationId ?? null,
    optFileId: o.optFileId ?? null,
    closeTicket: o.closeTicket ?? false,
  };
}

/** Replaces the steps under a queue (top level) or under a step with the given tree. */
export async function replaceChatbotTree(
  db: Db,
  ctx: Tenant,
  parent: { queueId: number } | { chatbotId: number },
  options: ChatbotOptionInput[],
) {
  const parentWhere =
    'queueId' in parent
      ? and(eq(chatbots.queueId, parent.queueId), isNull(chatbots.chatbotId))
      : eq(chatbots.chatbotId, parent.chatbotId);
  await db.delete(chatbots).where(and(eq(chatbots.companyId, ctx.companyId), parentWhere));
  await insertChatbotTree(db, ctx, parent, options);
}

export async function insertChatbotTree(
  db: Db,
  ctx: Tenant,
  parent: { queueId: number } | { chatbotId: number },
  options: ChatbotOptionInput[],
) {
  for (const [order, o] of options.entries()) {
    const [row] = await db
      .insert(chatbots)
      .values({
        ...chatbotValues(o),
        companyId: ctx.companyId,
        queueId: 'queueId' in parent ? parent.queueId : null,
        chatbotId: 'chatbotId' in parent ? parent.chatbotId : null,
        order,
      })
      .returning({ id: chatbots.id });
    if (o.options?.length) await insertChatbotTree(db, ctx, { chatbotId: row.id }, o.options);
  }
}

export async function findChatbot(db: Db, ctx: Tenant, id: number): Promise<ChatbotDto | null> {
  const row = await db.query.chatbots.findFirst({ where: and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.id, id)) });
  if (!row) return null;
  // The subtree: a recursive query keeps it to one round trip whatever the depth.
  const sub = await db.execute<Record<string, unknown>>(sql`
    WITH RECURSIVE tree AS (
      SELECT * FROM chatbots WHERE company_id = ${ctx.companyId} AND chatbot_id = ${id}
      UNION ALL
      SELECT c.* FROM chatbots c JOIN tree t ON c.chatbot_id = t.id WHERE c.company_id = ${ctx.companyId}
    ) SELECT id FROM tree`);
  const ids = rowsOf<{ id: number }>(sub).map((r) => Number(r.id));
  const rows = ids.length
    ? await db
        .select()
        .from(chatbots)
        .where(and(eq(chatbots.companyId, ctx.companyId), inArray(chatbots.id, ids)))
        .orderBy(asc(chatbots.order), asc(chatbots.id))
    : [];
  const children = new Map<number, ChatbotRow[]>();
  for (const b of rows) if (b.chatbotId) children.set(b.chatbotId, [...(children.get(b.chatbotId) ?? []), b]);
  return toChatbotDto(row, children);
}

export async function insertChatbot(db: Db, ctx: Tenant, values: ChatbotValues) {
  const [row] = await db
    .insert(chatbots)
    .values({ ...values, companyId: ctx.companyId })
    .returning({ id: chatbots.id });
  return row.id;
}

export async function nextChatbotOrder(db: Db, ctx: Tenant, parent: { queueId?: number | null; chatbotId?: number | null }) {
  const where = parent.chatbotId
    ? eq(chatbots.chatbotId, parent.chatbotId)
    : and(eq(chatbots.queueId, parent.queueId ?? 0), isNull(chatbots.chatbotId));
  const [row] = await db
    .select({ n: count() })
    .from(chatbots)
    .where(and(eq(chatbots.companyId, ctx.companyId), where));
  return row.n;
}

export async function updateChatbot(db: Db, ctx: Tenant, id: number, values: Partial<ChatbotValues>) {
  await db
    .update(chatbots)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.id, id)));
}

export async function deleteChatbot(db: Db, ctx: Tenant, id: number) {
  const rows = await db
    .delete(chatbots)
    .where(and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.id, id)))
    .returning({ id: chatbots.id, queueId: chatbots.queueId, chatbotId: chatbots.chatbotId });
  return rows[0] ?? null;
}

/** The queue a step belongs to, walking up its parents. */
export async function queueOfChatbot(db: Db, ctx: Tenant, id: number): Promise<number | null> {
  const res = await db.execute<Record<string, unknown>>(sql`
    WITH RECURSIVE up AS (
      SELECT id, chatbot_id, queue_id FROM chatbots WHERE company_id = ${ctx.companyId} AND id = ${id}
      UNION ALL
      SELECT c.id, c.chatbot_id, c.queue_id FROM chatbots c JOIN up ON c.id = up.chatbot_id WHERE c.company_id = ${ctx.companyId}
    ) SELECT queue_id FROM up WHERE queue_id IS NOT NULL LIMIT 1`);
  const row = rowsOf<{ queue_id: number }>(res)[0];
  return row ? Number(row.queue_id) : null;
}

/** Moves a step to a position among its siblings and renumbers them 0..n-1. */
export async function moveChatbot(db: Db, ctx: Tenant, id: number, position: number) {
  const row = await db.query.chatbots.findFirst({ where: and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.id, id)) });
  if (!row) return;
  const siblingsWhere = row.chatbotId
    ? eq(chatbots.chatbotId, row.chatbotId)
    : and(eq(chatbots.queueId, row.queueId ?? 0), isNull(chatbots.chatbotId));
  const siblings = await db
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(and(eq(chatbots.companyId, ctx.companyId), siblingsWhere))
    .orderBy(asc(chatbots.order), asc(chatbots.id));
  const ids = siblings.map((s) => s.id).filter((s) => s !== id);
  ids.splice(Math.min(position, ids.length), 0, id);
  for (const [order, sid] of ids.entries()) {
    await db
      .update(chatbots)
      .set({ order })
      .where(and(eq(chatbots.companyId, ctx.companyId), eq(chatbots.id, sid)));
  }
}

/** Whether a prompt, queue integration or file list `id` is the company's (another company's or none: false). */
export { companyOwns as ownsRelated } from '../../db/owned';
