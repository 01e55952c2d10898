import type { QuickMessageDto } from '@atendo/shared';
import { useQuery } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';

/** GET /quick-messages/list for the composer's '/' picker (only fetched while the picker is open). */
export function useQuickMessages(enabled: boolean, searchParam: string) {
  return useQuery({
    queryKey: ['quickMessages', 'picker', searchParam],
    queryFn: ({ signal }) =>
      orEmpty(
        api.get<QuickMessageDto[]>('/quick-messages/list', { query: { searchParam: searchParam || undefined }, signal }),
        [],
      ),
    enabled,
    staleTime: 30_000,
  });
}
