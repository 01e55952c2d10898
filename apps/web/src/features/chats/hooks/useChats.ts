import type { ChatDto, ChatMessageDto } from '@atendo/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { Wire } from '../../../shared/data/tickets/types';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { chatKeys } from './keys';
import { CHATS_BELL_KEY } from './useChatsBell';

export type Chat = Wire<ChatDto>;
export type ChatMessage = Wire<ChatMessageDto>;
type Page<T> = { records: T[]; hasMore: boolean };

/** GET /chats: my chats, the latest activity first (20 per page). */
export function useChatList() {
  return useInfiniteQuery({
    queryKey: chatKeys.list,
    queryFn: ({ pageParam, signal }) => api.get<Page<Chat>>('/chats', { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /chats/:uuid (the URL's chat, even when it is not on the list's first page). */
export function useChat(uuid: string | undefined) {
  return useQuery({
    queryKey: chatKeys.one(uuid ?? ''),
    queryFn: ({ signal }) => api.get<Chat>(`/chats/${uuid}`, { signal }),
    enabled: Boolean(uuid),
    retry: false,
  });
}

/** GET /chats/:id/messages: page 1 is the newest; older pages load when the pane nears its top. */
export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ChatMessage>>(`/chats/${chatId}/messages`, { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Boolean(chatId),
  });
}

/** A message into the first (newest) page, once. */
function appendMessage(data: InfiniteData<Page<ChatMessage>> | undefined, m: ChatMessage) {
  if (!data?.pages.length) return data;
  if (data.pages.some((p) => p.records.some((r) => r.id === m.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, records: [...first.records, m] }, ...rest] };
}

/** company-{id}-chat (only a chat's members hear it): new messages append, list and bell read again. */
export function useChatEvents() {
  const qc = useQueryClient();
  useSocketEvent('chat', (e) => {
    if (e.action === 'new-message' && e.chatId && e.record) {
      qc.setQueryData<InfiniteData<Page<ChatMessage>>>(chatKeys.messages(e.chatId), (d) =>
        appendMessage(d, e.record as ChatMessage),
      );
    }
    if (e.action === 'update' && e.record) {
      const chat = e.record as Chat;
      qc.setQueryData(chatKeys.one(chat.uuid), chat);
    }
    void qc.invalidateQueries({ queryKey: chatKeys.list });
    void qc.invalidateQueries({ queryKey: CHATS_BELL_KEY });
  });
}

export function useSendChatMessage(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<ChatMessage>(`/chats/${chatId}/messages`, { message }),
    onSuccess: (m) => qc.setQueryData<InfiniteData<Page<ChatMessage>>>(chatKeys.messages(chatId), (d) => appendMessage(d, m)),
  });
}

export function useMarkChatRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: number; userId: number }) => api.post<Chat>(`/chats/${chatId}/read`, { userId }),
    onSuccess: (chat) => {
      qc.setQueryData(chatKeys.one(chat.uuid), chat);
      void qc.invalidateQueries({ queryKey: chatKeys.list });
      void qc.invalidateQueries({ queryKey: CHATS_BELL_KEY });
    },
  });
}

export function useSaveChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: { title: string; users: number[] } }) =>
      id ? api.put<Chat>(`/chats/${id}`, body) : api.post<Chat>('/chats', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useDeleteChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/chats/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
