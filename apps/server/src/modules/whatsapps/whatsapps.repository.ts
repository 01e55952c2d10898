import type { Channel } from '@atendo/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChannelConnectionConfig } from '../../channels/types';
import type { Db } from '../../db/open';
import { companies, companySettings, queues, whatsappQueues, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type WhatsappRow = typeof whatsapps.$inferSelect;
export type WhatsappValues = Omit<typeof whatsapps.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}
export type WhatsappWithQueues = WhatsappRow & { queues: QueueRef[] };

async function attachQueues(db: Db, ctx: Tenant, rows: WhatsappRow[]): Promise<WhatsappWithQueues[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(
      and(
        eq(whatsappQueues.companyId, ctx.companyId),
        inArray(
          whatsappQueues.whatsappId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.name));
  const byConnection = new Map<number, QueueRef[]>();
  for (const l of links) {
    const list = byConnection.get(l.whatsappId) ?? [];
    list.push({ id: l.id, name: l.name, color: l.color });
    byConnection.set(l.whatsappId, list);
  }
  return rows.map((r) => ({ ...r, queues: byConnection.get(r.id) ?? [] }));
}

export async function listWhatsapps(db: Db, ctx: Tenant, filter: { channel?: string } = {}) {
  const where = filter.channel
    ? and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.channel, filter.channel))
    : eq(whatsapps.companyId, ctx.companyId);
  const rows = await db.select().from(whatsapps).where(where).orderBy(asc(whatsapps.name), asc(whatsapps.id));
  return attachQueues(db, ctx, rows);
}

export async function listWhatsappNames(db: Db, ctx: Tenant, filter: { channel?: string } = {}) {
  const where = filter.channel
    ? and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.channel, filter.channel))
    : eq(whatsapps.companyId, ctx.companyId);
  return db
    .select({ id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel })
    .from(whatsapps)
    .where(where)
    .orderBy(asc(whatsapps.name), asc(whatsapps.id));
}

export async function findWhatsapp(db: Db, ctx: Tenant, id: number): Promise<WhatsappWithQueues | null> {
  const rows = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)));
  return (await attachQueues(db, ctx, rows))[0] ?? null;
}

/** Any company's connection by id (the super admin's GET /whatsapp-admin/:id): the company comes from the row. */
export async function findWhatsappOfAnyCompany(db: Db, id: number): Promise<WhatsappWithQueues | null> {
  const rows = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return rows[0] ? ((await attachQueues(db, { companyId: rows[0].companyId }, rows))[0] ?? null) : null;
}

export async function countWhatsapps(db: Db, ctx: Tenant) {
  const [row] = await db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, ctx.companyId));
  return Number(row?.n ?? 0);
}

/** Queue ids among `ids` that belong to the company. */
export async function existingQueueIds(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, ctx.companyId), inArray(queues.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Inserts a connection with its queues; when it is the default, the previous default stops being one
 * (same transaction, so the partial unique index never sees two).
 */
export async function insertWhatsapp(db: Db, ctx: Tenant, values: WhatsappValues, queueIds: number[]) {
  return db.transaction(async (tx) => {
    if (values.isDefault) {
      await tx
        .update(whatsapps)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.isDefault, true)));
    }
    const [row] = await tx
      .insert(whatsapps)
      .values({ ...values, companyId: ctx.companyId })
      .returning();
    if (queueIds.length) {
      await tx
        .insert(whatsappQueues)
        .values(queueIds.map((queueId) => ({ companyId: ctx.companyId, whatsappId: row.id, queueId })))
        .onConflictDoNothing();
    }
    return row;
  });
}

export async function updateWhatsapp(
  db: Db,
  ctx: Tenant,
  id: number,
  values: Partial<WhatsappValues>,
  queueIds: number[] | undefined,
) {
  return db.transaction(async (tx) => {
    if (values.isDefault) {
      await tx
        .update(whatsapps)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, id)));
    }
    const [row] = await tx
      .update(whatsapps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)))
      .returning();
    if (row && queueIds) {
      await tx.delete(whatsappQueues).where(and(eq(whatsappQueues.companyId, ctx.companyId), eq(whatsappQueues.whatsappId, id)));
      if (queueIds.length) {
        await tx
          .insert(whatsappQueues)
          .values(queueIds.map((queueId) => ({ companyId: ctx.companyId, whatsappId: id, queueId })))
          .onConflictDoNothing();
      }
    }
    return row ?? null;
  });
}

/** Deletes a connection; if it was the default, the oldest remaining one becomes the default. Answers the new default. */
export async function deleteWhatsapp(db: Db, ctx: Tenant, id: number) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(whatsapps)
      .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)))
      .returning({ id: whatsapps.id, isDefault: whatsapps.isDefault });
    if (!gone) return { deleted: false, promoted: null };
    if (!gone.isDefault) return { deleted: true, promoted: null };
    const [next] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, ctx.companyId))
      .orderBy(asc(whatsapps.id))
      .limit(1);
    if (!next) return { deleted: true, promoted: null };
    const [promoted] = await tx
      .update(whatsapps)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(whatsapps.id, next.id))
      .returning();
    return { deleted: true, promoted };
  });
}

/** Session state written by channels (status, QR, retries, number). */
export async function updateWhatsappSession(
  db: Db,
  connectionId: number,
  values: { status: string; qrcode?: string; retries?: number; number?: string },
) {
  const [row] = await db
    .update(whatsapps)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(whatsapps.id, connectionId))
    .returning();
  return row ?? null;
}

// ─── lookups for channel webhooks (no tenant yet: the connection decides it) ────────────────

export interface ChannelConnection {
  id: number;
  companyId: number;
  channel: string;
  status: string;
  phoneNumberId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  businessAccountId: string | null;
}

const channelColumns = {
  id: whatsapps.id,
  companyId: whatsapps.companyId,
  channel: whatsapps.channel,
  status: whatsapps.status,
  phoneNumberId: whatsapps.phoneNumberId,
  accessToken: whatsapps.accessToken,
  appSecret: whatsapps.appSecret,
  verifyToken: whatsapps.verifyToken,
  businessAccountId: whatsapps.businessAccountId,
};

/** Cloud API connections with a WhatsApp Business Account id and a token, of every company (template sync). */
export async function findTemplateAccounts(db: Db): Promise<ChannelConnection[]> {
  return db
    .select(channelColumns)
    .from(whatsapps)
    .where(
      and(
        eq(whatsapps.channel, 'whatsappapi'),
        sql`${whatsapps.businessAccountId} IS NOT NULL AND ${whatsapps.businessAccountId} <> ''`,
        sql`${whatsapps.accessToken} IS NOT NULL AND ${whatsapps.accessToken} <> ''`,
      ),
    )
    .orderBy(asc(whatsapps.id));
}

export async function findChannelConnection(db: Db, id: number): Promise<ChannelConnection | null> {
  const [row] = await db.select(channelColumns).from(whatsapps).where(eq(whatsapps.id, id));
  return row ?? null;
}

export async function findChannelConnectionsByPhoneNumberId(db: Db, phoneNumberId: string): Promise<ChannelConnection[]> {
  return db
    .select(channelColumns)
    .from(whatsapps)
    .where(and(eq(whatsapps.phoneNumberId, phoneNumberId), eq(whatsapps.channel, 'whatsappapi')))
    .orderBy(asc(whatsapps.id))
    .limit(20);
}

/** Cloud API connections of one company (routing a notification's other business numbers). */
export async function findCompanyCloudConnections(db: Db, { companyId }: Tenant): Promise<ChannelConnection[]> {
  return db
    .select(channelColumns)
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.channel, 'whatsappapi')))
    .orderBy(asc(whatsapps.id));
}

/** The Cloud API connection a webhook subscription handshake names by its verify token. */
export async function findChannelConnectionByVerifyToken(db: Db, verifyToken: string): Promise<ChannelConnection | null> {
  const [row] = await db
    .select(channelColumns)
    .from(whatsapps)
    .where(and(eq(whatsapps.verifyToken, verifyToken), eq(whatsapps.channel, 'whatsappapi')))
    .orderBy(asc(whatsapps.id))
    .limit(1);
  return row ?? null;
}

/** Facebook / Instagram connections (of any company) holding this Page or Instagram account id: a webhook's routing. */
export async function findPageConnections(db: Db, channel: string, entryId: string) {
  return db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, channel: whatsapps.channel, tokenMeta: whatsapps.tokenMeta })
    .from(whatsapps)
    .where(and(eq(whatsapps.facebookPageUserId, entryId), eq(whatsapps.channel, channel)))
    .orderBy(asc(whatsapps.id))
    .limit(20);
}

/** The company's connection of this channel holding this Page / Instagram account (a reconnect updates it). */
export async function findCompanyPageConnection(db: Db, ctx: Tenant, channel: string, entryId: string) {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.channel, channel), eq(whatsapps.facebookPageUserId, entryId)))
    .limit(1);
  return row ?? null;
}

/** The company's userRating setting (seed 001 §5: a rating asks for the NPS expiry and message). */
export async function companyUserRating(db: Db, ctx: Tenant): Promise<boolean> {
  const [row] = await db
    .select({ userRating: companySettings.userRating })
    .from(companySettings)
    .where(eq(companySettings.companyId, ctx.companyId));
  return row?.userRating === 'enabled';
}

/** Every company's connections, for the super users' overview (no secrets, one query). */
export async function listAllConnections(db: Db) {
  return db
    .select({
      id: whatsapps.id,
      name: whatsapps.name,
      channel: whatsapps.channel,
      status: whatsapps.status,
      companyId: whatsapps.companyId,
      companyName: companies.name,
      updatedAt: whatsapps.updatedAt,
    })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .orderBy(asc(companies.name), asc(whatsapps.companyId), asc(whatsapps.name));
}

/** A company's default connection as its channel adapter is built from (the platform's own messages: recovery codes). */
export async function findDefaultChannelConnection(db: Db, { companyId }: Tenant): Promise<ChannelConnectionConfig | null> {
  const [row] = await db
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      channel: whatsapps.channel,
      status: whatsapps.status,
      phoneNumberId: whatsapps.phoneNumberId,
      accessToken: whatsapps.accessToken,
      facebookPageUserId: whatsapps.facebookPageUserId,
      tokenMeta: whatsapps.tokenMeta,
    })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .limit(1);
  return row ? { ...row, channel: row.channel as Channel } : null;
}

/** A company's default connection as a person reads it (the recovery status the super admin sees). */
export async function findDefaultConnectionSummary(
  db: Db,
  { companyId }: Tenant,
): Promise<{ id: number; name: string; channel: string; status: string } | null> {
  const [row] = await db
    .select({ id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel, status: whatsapps.status })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/** Connections of every company by channel and status (GET /metrics: how many are down). */
export async function countConnectionsByStatus(db: Db): Promise<{ channel: string; status: string; count: number }[]> {
  return db
    .select({ channel: whatsapps.channel, status: whatsapps.status, count: count() })
    .from(whatsapps)
    .groupBy(whatsapps.channel, whatsapps.status);
}

/** Whether a prompt, queue integration or file list `id` is the company's (another company's or none: false). */
export { companyOwns as ownsRelated } from '../../db/owned';
