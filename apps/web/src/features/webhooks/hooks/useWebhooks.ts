import type {
  UpdateWebhookEndpointBody,
  WebhookDeliveriesPageDto,
  WebhookDeliveryDto,
  WebhookEndpointBody,
  WebhookEndpointDto,
} from '@atendo/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { webhookKeys } from './keys';

/** A delivery as the log shows it (dates travel as ISO strings). */
export type WebhookDelivery = Omit<WebhookDeliveryDto, 'createdAt' | 'lastAttemptAt'> & {
  createdAt: string;
  lastAttemptAt: string | null;
};
export type WebhookEndpoint = Omit<WebhookEndpointDto, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
type DeliveriesPage = Omit<WebhookDeliveriesPageDto, 'records'> & { records: WebhookDelivery[] };

/** GET /webhook-endpoints: the company's endpoints (admins, plan useExternalApi). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>('/webhook-endpoints', { signal }),
  });
}

/** GET /webhook-endpoints/:id/deliveries: the log, newest first, refreshed while it is open (attempts run in the background). */
export function useWebhookDeliveries(endpointId: number | null, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId ?? 0, page),
    queryFn: ({ signal }) =>
      api.get<DeliveriesPage>(`/webhook-endpoints/${endpointId}/deliveries`, { query: { pageNumber: page }, signal }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

/** GET /webhook-endpoints/:id/secret, read only when the admin asks to see it. */
export function useWebhookSecret(endpointId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.secret(endpointId),
    queryFn: ({ signal }) => api.get<{ secret: string }>(`/webhook-endpoints/${endpointId}/secret`, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) => api.post<WebhookEndpoint & { secret: string }>('/webhook-endpoints', body),
    onSuccess: (created) => {
      qc.setQueryData(webhookKeys.secret(created.id), { secret: created.secret });
      void qc.invalidateQueries({ queryKey: webhookKeys.endpoints() });
    },
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookEndpointBody }) =>
      api.put<WebhookEndpoint>(`/webhook-endpoints/${id}`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/webhook-endpoints/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.all }),
    onError: toastError,
  });
}

/** POST /webhook-endpoints/:id/test: a `webhook.test` delivery, then the log refreshes. */
export function useSendTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<WebhookDelivery>(`/webhook-endpoints/${id}/test`),
    onSuccess: (_d, id) => void qc.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(id) }),
    onError: toastError,
  });
}

/** POST /webhook-endpoints/:id/deliveries/:deliveryId/resend: the same event id once more. */
export function useResendWebhookDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      api.post<WebhookDelivery>(`/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`),
    onSuccess: (_d, v) => void qc.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(v.endpointId) }),
    onError: toastError,
  });
}
