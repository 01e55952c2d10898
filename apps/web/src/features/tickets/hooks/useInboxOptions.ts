import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface Option {
  id: number;
  name: string;
  color?: string | null;
}

const STALE = 60_000;

/** The company's tags for the inbox filter and the ticket's tag picker. */
export function useTagOptions(enabled = true) {
  return useQuery({
    queryKey: ['inbox-options', 'tags'],
    queryFn: ({ signal }) => api.get<Option[]>('/tags/list', { signal }),
    staleTime: STALE,
    enabled,
  });
}

/** The company's connections (id, name, channel) for filters and the new-ticket dialog. */
export function useConnectionOptions(enabled = true) {
  return useQuery({
    queryKey: ['inbox-options', 'connections'],
    queryFn: ({ signal }) =>
      api.get<(Option & { channel: string; status: string; isDefault?: boolean })[]>('/whatsapp/', {
        query: { session: 0 },
        signal,
      }),
    staleTime: STALE,
    enabled,
  });
}

/** The company's users with their queues (GET /users/list). */
export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: ['inbox-options', 'users'],
    queryFn: ({ signal }) => api.get<(Option & { queues?: Option[] })[]>('/users/list', { signal }),
    staleTime: STALE,
    enabled,
  });
}
