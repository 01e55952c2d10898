import type { QueueIntegrationBody, QueueIntegrationDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { queueIntegrationKeys } from './keys';

const KEY = queueIntegrationKeys.page;

/** GET /queueIntegration (queueIntegrations, hasMore) kept live by company-{id}-queueIntegration events. */
export function useQueueIntegrationsPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<QueueIntegrationDto>({
    queryKey: KEY,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api
        .get<{ queueIntegrations: QueueIntegrationDto[]; hasMore: boolean }>('/queueIntegration', {
          query: { searchParam: searchParam || undefined, pageNumber },
          signal,
        })
        .then((r) => ({ records: r.queueIntegrations, hasMore: r.hasMore })),
  });
  useSocketEvent('queueIntegration', (e) => {
    if (e.action === 'delete' && e.integrationId) removeRecord<QueueIntegrationDto>(qc, KEY, e.integrationId, (r) => r.id);
    else if (e.queueIntegration)
      upsertRecord<QueueIntegrationDto>(qc, KEY, e.queueIntegration as QueueIntegrationDto, (r) => r.id);
    void qc.invalidateQueries({ queryKey: queueIntegrationKeys.options });
  });
  return table;
}

export function useSaveQueueIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QueueIntegrationBody }) =>
      id
        ? api.put<QueueIntegrationDto>(`/queueIntegration/${id}`, body)
        : api.post<QueueIntegrationDto>('/queueIntegration', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueIntegrationKeys.options }),
  });
}

export function useDeleteQueueIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queueIntegration/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueIntegrationKeys.options }),
  });
}

/** POST /queueIntegration/testSession: one detectIntent with the Dialogflow credentials. */
export function useTestDialogflowSession() {
  return useMutation({
    mutationFn: (body: { projectName: string; jsonContent: string; language: string }) =>
      api.post<{ ok: boolean; fulfillmentText: string }>('/queueIntegration/testSession', body),
  });
}
