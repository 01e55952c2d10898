import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

/** A chat as the bell reads it (seed 000 §3). */
export interface BellChat {
  id: number;
  uuid: string;
  title?: string;
  lastMessage?: string | null;
  updatedAt?: string;
  users?: { userId: number; unreads: number }[];
}

export const CHATS_BELL_KEY = ['chats', 'bell'] as const;

export function unreadsFor(chat: BellChat, userId: number): number {
  return chat.users?.find((u) => u.userId === userId)?.unreads ?? 0;
}

/** GET /chats/?pageNumber=1, re-read on chat events; counts the chats with unread messages for me. */
export function useChatsBell(userId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CHATS_BELL_KEY,
    enabled,
    queryFn: () =>
      orEmpty(api.get<{ records: BellChat[]; hasMore: boolean }>('/chats/', { query: { pageNumber: 1 } }), {
        records: [],
        hasMore: false,
      }),
    retry: false,
    staleTime: 30_000,
  });
  useSocketEvent('chat', () => void queryClient.invalidateQueries({ queryKey: CHATS_BELL_KEY }));
  const records = query.data?.records ?? [];
  const unread = records.filter((c) => unreadsFor(c, userId) > 0).length;
  return { records, unread };
}
