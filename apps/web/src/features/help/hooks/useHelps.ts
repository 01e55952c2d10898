import type { HelpBodyInput, HelpDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { appKeys } from '../../../shared/hooks/keys';

export { useHelpsList } from '../../../shared/hooks/useHelps';

/** POST /helps or PUT /helps/:id (super admin); the list every page reads follows. */
export function useSaveHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: HelpBodyInput }) =>
      id ? api.put<HelpDto>(`/helps/${id}`, body) : api.post<HelpDto>('/helps', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.helps }),
  });
}

export function useDeleteHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/helps/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: appKeys.helps }),
  });
}
