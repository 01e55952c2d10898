import type { QuickMessageDto } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';
import { quickMessageKeys } from '../../../shared/data/quick-messages/keys';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

/**
 * GET /quick-messages/list for the composer's '/' picker (only fetched while the picker is open), kept live:
 * a quick message a colleague shares (company-{id}-quickemessage) shows without a reload (issue 16 item 7).
 */
export function useQuickMessages(enabled: boolean, searchParam: string) {
  const qc = useQueryClient();
  useSocketEvent('quickemessage', () => {
    void qc.invalidateQueries({ queryKey: quickMessageKeys.pickers });
  });
  return useQuery({
    queryKey: quickMessageKeys.picker(searchParam),
    queryFn: ({ signal }) =>
      orEmpty(
        api.get<QuickMessageDto[]>('/quick-messages/list', { query: { searchParam: searchParam || undefined }, signal }),
        [],
      ),
    enabled,
    staleTime: 30_000,
  });
}
