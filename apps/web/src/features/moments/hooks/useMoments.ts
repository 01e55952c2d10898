import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/api/client';
import type { Ticket } from '../../../shared/data/tickets/types';
import { momentKeys } from './keys';

/** GET /usersMoments — the live tickets of the real-time panel. */
export function useMoments() {
  return useQuery({
    queryKey: momentKeys.tickets,
    queryFn: ({ signal }) => api.get<Ticket[]>('/usersMoments', { signal }),
  });
}

/** Re-reads the panel (after ticket or presence events). */
export function useRefreshMoments() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: momentKeys.tickets }), [client]);
}
