import type { UserListItemDto } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { userKeys } from '../../../shared/data/users/useUsers';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

/**
 * Who of the company is online (GET /users/list), kept live by company-{id}-user: the presence ping
 * and the server's "last socket closed" both carry `{ id, online }`.
 */
export function usePresence(): ReadonlyMap<number, boolean> {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: userKeys.list,
    queryFn: ({ signal }) => api.get<UserListItemDto[]>('/users/list', { signal }),
  });
  useSocketEvent('user', (e) => {
    const user = e.user as { id?: unknown; online?: unknown } | undefined;
    if (typeof user?.id !== 'number' || typeof user.online !== 'boolean') return;
    const { id, online } = user;
    // the list may still be on its way, read before this change: read it again rather than lose the event
    // (an invalidation alone would join the read in flight)
    if (!client.getQueryData(userKeys.list)) {
      void client.cancelQueries({ queryKey: userKeys.list }).then(() => client.invalidateQueries({ queryKey: userKeys.list }));
      return;
    }
    client.setQueryData<UserListItemDto[]>(userKeys.list, (rows) => rows?.map((r) => (r.id === id ? { ...r, online } : r)));
  });
  return new Map((list.data ?? []).map((u) => [u.id, u.online]));
}
