import { z } from 'zod';
import { idParam, V } from './validation';

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

const pageNumber = z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1);
export const ChatsPageQuery = z.object({ pageNumber });

/** POST/PUT /chats (seed 002 §5 "Chat dialog"): a non-empty title and at least one user (ids, or {id}). */
export const ChatBody = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  users: z
    .array(z.union([idParam, z.object({ id: idParam })]), { error: V.required })
    .min(1, V.required)
    .max(500, V.tooLong),
});
export type ChatBody = z.infer<typeof ChatBody>;

/** POST /chats/:id/messages: sent only when non-blank after trimming. */
export const ChatMessageBody = z.object({
  message: z.string({ error: V.required }).trim().min(1, V.required).max(10_000, V.tooLong),
});

/** `:id` of a chat: its numeric id or its uuid (the page's URL carries the uuid). */
export const ChatIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const ChatMemberDto = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});

/** Seed 002 §3 "Chat". */
export const ChatDto = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  updatedAt: z.date(),
  users: z.array(ChatMemberDto),
});
export type ChatDto = z.infer<typeof ChatDto>;
export const ChatsPageDto = z.object({ records: z.array(ChatDto), hasMore: z.boolean() });

/** Seed 002 §3 "Chat message". */
export const ChatMessageDto = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.date(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;
export const ChatMessagesPageDto = z.object({ records: z.array(ChatMessageDto), hasMore: z.boolean() });
