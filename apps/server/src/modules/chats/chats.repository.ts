import type { ChatDto, ChatMessageDto } from '@atendo/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { chatMessages, chats, chatUsers, users } from '../../db/schema';
import type { Tenant } from '../../platform/context';

type ChatRow = typeof chats.$inferSelect;

/** The chat by id or uuid, with its members (null when not the company's). */
export async function findChat(db: Db, ctx: Tenant, idOrUuid: string): Promise<ChatDto | null> {
  const byId = /^\d{1,9}$/.test(idOrUuid);
  const isUuid = /^[0-9a-f-]{36}$/i.test(idOrUuid);
  if (!byId && !isUuid) return null;
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, ctx.companyId), byId ? eq(chats.id, Number(idOrUuid)) : eq(chats.uuid, idOrUuid)))
    .limit(1);
  if (!row) return null;
  return (await withMembers(db, ctx, [row]))[0];
}

async function withMembers(db: Db, ctx: Tenant, rows: ChatRow[]): Promise<ChatDto[]> {
  if (!rows.length) return [];
  const members = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(
      and(
        eq(chatUsers.companyId, ctx.companyId),
        inArray(
          chatUsers.chatId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(users.name);
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    title: r.title,
    ownerId: r.ownerId,
    lastMessage: r.lastMessage,
    updatedAt: r.updatedAt,
    users: members
      .filter((m) => m.chatId === r.id)
      .map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
}

/** The caller's chats, the latest activity first. */
export async function pageChats(db: Db, ctx: Tenant, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId)))
    .where(eq(chats.companyId, ctx.companyId))
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const list = rows.slice(0, page.limit).map((r) => r.chat);
  return { records: await withMembers(db, ctx, list), hasMore: rows.length > page.limit };
}

/** Ids of the given users that belong to the company. */
export async function companyUserIds(db: Db, ctx: Tenant, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertChat(db: Db, ctx: Tenant, v: { title: string; ownerId: number; memberIds: number[] }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chats).values({ companyId: ctx.companyId, title: v.title, ownerId: v.ownerId }).returning();
    await tx.insert(chatUsers).values(v.memberIds.map((userId) => ({ companyId: ctx.companyId, chatId: row.id, userId })));
    return row.id;
  });
}

/** New title and members (those who stay keep their unread counts). */
export async function updateChat(db: Db, ctx: Tenant, chatId: number, v: { title: string; memberIds: number[] }) {
  await db.transaction(async (tx) => {
    await tx
      .update(chats)
      .set({ title: v.title, updatedAt: new Date() })
      .where(and(eq(chats.companyId, ctx.companyId), eq(chats.id, chatId)));
    await tx
      .delete(chatUsers)
      .where(
        and(
          eq(chatUsers.companyId, ctx.companyId),
          eq(chatUsers.chatId, chatId),
          sql`${chatUsers.userId} <> ALL(${sql.param(v.memberIds)}::int[])`,
        ),
      );
    await tx
      .insert(chatUsers)
      .values(v.memberIds.map((userId) => ({ companyId: ctx.companyId, chatId, userId })))
      .onConflictDoNothing();
  });
}

export async function deleteChat(db: Db, ctx: Tenant, chatId: number) {
  await db.delete(chats).where(and(eq(chats.companyId, ctx.companyId), eq(chats.id, chatId)));
}

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  senderName: users.name,
};

const toMessage = (r: {
  id: number;
  chatId: number;
  senderId: number | null;
  message: string;
  createdAt: Date;
  senderName: string | null;
}): ChatMessageDto => ({
  id: r.id,
  chatId: r.chatId,
  senderId: r.senderId,
  sender: r.senderId ? { id: r.senderId, name: r.senderName ?? '' } : null,
  message: r.message,
  createdAt: r.createdAt,
});

/** A page of messages, newest page first, each page oldest first (as the pane shows them). */
export async function pageMessages(db: Db, ctx: Tenant, chatId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.companyId, ctx.companyId), eq(chatMessages.chatId, chatId)))
    .orderBy(desc(chatMessages.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { records: rows.slice(0, page.limit).reverse().map(toMessage), hasMore: rows.length > page.limit };
}

/** Stores the message; the chat's last message moves and every other member gets one more unread. */
export async function insertMessage(db: Db, ctx: Tenant, chatId: number, senderId: number, message: string) {
  return db.transaction(async (tx) => {
    const [m] = await tx.insert(chatMessages).values({ companyId: ctx.companyId, chatId, senderId, message }).returning();
    await tx
      .update(chats)
      .set({ lastMessage: message, updatedAt: m.createdAt })
      .where(and(eq(chats.companyId, ctx.companyId), eq(chats.id, chatId)));
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.companyId, ctx.companyId), eq(chatUsers.chatId, chatId), sql`${chatUsers.userId} <> ${senderId}`));
    return m.id;
  });
}

export async function findMessage(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.companyId, ctx.companyId), eq(chatMessages.id, id)));
  return row ? toMessage(row) : null;
}

export async function markRead(db: Db, ctx: Tenant, chatId: number, userId: number) {
  await db
    .update(chatUsers)
    .set({ unreads: 0 })
    .where(and(eq(chatUsers.companyId, ctx.companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));
}
