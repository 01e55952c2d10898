import type { PlanBodyInput, PlanDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { appKeys } from '../../hooks/keys';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { planKeys } from './keys';

/** GET /plans/all (super admin), kept live by company-1-plan events. */
export function usePlans(enabled = true) {
  const qc = useQueryClient();
  useSocketEvent('plan', () => {
    void qc.invalidateQueries({ queryKey: planKeys.all });
    void qc.invalidateQueries({ queryKey: appKeys.publicPlans });
  });
  return useQuery({
    queryKey: planKeys.all,
    queryFn: ({ signal }) => api.get<PlanDto[]>('/plans/all', { signal }),
    enabled,
  });
}

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanBodyInput }) =>
      id ? api.put<PlanDto>(`/plans/${id}`, body) : api.post<PlanDto>('/plans', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useDeletePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/plans/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKeys.all }),
  });
}
