import { CHAT_MESSAGES_PAGE_SIZE, CHATS_PAGE_SIZE, type ChatBody, type ChatDto, type ChatEvent } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import * as repo from './chats.repository';

/**
 * Internal chat (seed 002 §2.10, §4 "Internal chat"): chats of a company's users. Only members see a chat, its
 * messages and its events (published to the members' user rooms: a non-member's socket hears nothing); only the
 * owner edits or deletes it. Plan flag useInternalChat.
 */
export function createChatsService(deps: CoreDeps) {
  const { db } = deps.database;

  /** The chat when the caller is a member; another company's, or a chat they are not in, is not found. */
  async function mustFindMine(ctx: TenantContext, id: string) {
    const chat = await repo.findChat(db, ctx, id);
    if (!chat?.users.some((u) => u.userId === ctx.user.id)) throw new AppError('ERR_NO_CHAT_FOUND', 404);
    return chat;
  }

  async function mustOwn(ctx: TenantContext, id: string) {
    const chat = await mustFindMine(ctx, id);
    if (chat.ownerId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
    return chat;
  }

  async function memberIds(ctx: TenantContext, b: ChatBody) {
    const wanted = [...new Set([...b.users.map((u) => (typeof u === 'number' ? u : u.id)), ctx.user.id])];
    const found = await repo.companyUserIds(db, ctx, wanted);
    if (found.length !== wanted.length) throw new AppError('ERR_NO_USER_FOUND', 404);
    return found;
  }

  /**
   * One chat event to `userIds` (the members, and those just removed): as `chat` and `chat-{chatId}` to their rooms,
   * and as `chat-user-{userId}` to each one's own room (seed 002 §7) — a non-member hears none of them.
   */
  function emit(ctx: TenantContext, chatId: number, payload: ChatEvent, userIds: number[]) {
    const members = [...new Set(userIds)];
    const to = members.map((id) => rooms.user(id));
    deps.realtime.publish(ctx.companyId, 'chat', payload, to);
    deps.realtime.publish(ctx.companyId, `chat-${chatId}` as const, payload, to);
    for (const id of members) deps.realtime.publish(ctx.companyId, `chat-user-${id}` as const, payload, [rooms.user(id)]);
  }

  const memberIdsOf = (chat: ChatDto, extra: number[] = []) => [...chat.users.map((u) => u.userId), ...extra];

  function publish(ctx: TenantContext, chat: ChatDto, action: 'create' | 'update' | 'delete', extra: number[] = []) {
    emit(ctx, chat.id, { action, record: chat, chatId: chat.id }, memberIdsOf(chat, extra));
  }

  async function reload(ctx: TenantContext, id: number) {
    const chat = await repo.findChat(db, ctx, String(id));
    if (!chat) throw new AppError('ERR_NO_CHAT_FOUND', 404);
    return chat;
  }

  return {
    async list(ctx: TenantContext, pageNumber: number) {
      return repo.pageChats(db, ctx, ctx.user.id, { offset: (pageNumber - 1) * CHATS_PAGE_SIZE, limit: CHATS_PAGE_SIZE });
    },

    show: (ctx: TenantContext, id: string) => mustFindMine(ctx, id),

    async create(ctx: TenantContext, b: ChatBody) {
      const id = await repo.insertChat(db, ctx, { title: b.title, ownerId: ctx.user.id, memberIds: await memberIds(ctx, b) });
      const chat = await reload(ctx, id);
      publish(ctx, chat, 'create');
      return chat;
    },

    async update(ctx: TenantContext, id: string, b: ChatBody) {
      const before = await mustOwn(ctx, id);
      await repo.updateChat(db, ctx, before.id, { title: b.title, memberIds: await memberIds(ctx, b) });
      const chat = await reload(ctx, before.id);
      // Those removed hear it once more (their list drops the chat), then nothing.
      const removed = before.users.map((u) => u.userId).filter((u) => !chat.users.some((m) => m.userId === u));
      publish(ctx, chat, 'update', removed);
      return chat;
    },

    async remove(ctx: TenantContext, id: string) {
      const chat = await mustOwn(ctx, id);
      await repo.deleteChat(db, ctx, chat.id);
      publish(ctx, chat, 'delete');
    },

    async messages(ctx: TenantContext, id: string, pageNumber: number) {
      const chat = await mustFindMine(ctx, id);
      return repo.pageMessages(db, ctx, chat.id, {
        offset: (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE,
        limit: CHAT_MESSAGES_PAGE_SIZE,
      });
    },

    async send(ctx: TenantContext, id: string, message: string) {
      const chat = await mustFindMine(ctx, id);
      const messageId = await repo.insertMessage(db, ctx, chat.id, ctx.user.id, message);
      const record = await repo.findMessage(db, ctx, messageId);
      if (!record) throw new AppError('ERR_NO_CHAT_FOUND', 404);
      const updated = await reload(ctx, chat.id);
      emit(ctx, chat.id, { action: 'new-message', record, chatId: chat.id }, memberIdsOf(updated));
      publish(ctx, updated, 'update');
      return record;
    },

    /** POST /chats/:id/read: the caller's unread count goes to zero (the seed's userId must be the caller's own). */
    async read(ctx: TenantContext, id: string, userId?: number) {
      const chat = await mustFindMine(ctx, id);
      if (userId !== undefined && userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
      await repo.markRead(db, ctx, chat.id, ctx.user.id);
      const updated = await reload(ctx, chat.id);
      emit(ctx, chat.id, { action: 'update', record: updated, chatId: chat.id }, [ctx.user.id]);
      return updated;
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
