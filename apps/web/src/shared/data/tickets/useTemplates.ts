import type { CustomerWindowDto, MessageTemplateListDto, TemplateSendBody } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useSocketEvent } from '../../socket/useSocketEvent';
import type { Message } from './types';
import { ticketKeys } from './keys';
import { upsertMessage } from './useTicketEvents';

const templateKeys = {
  list: (whatsappId: number) => ['whatsapp', whatsappId, 'templates'] as const,
  window: (ticketId: number) => ['tickets', 'customer-window', ticketId] as const,
};

/** GET /tickets/:id/customer-window — the Cloud API's 24-hour window; asked again when the customer writes. */
export function useCustomerWindow(ticketId: number, enabled: boolean) {
  const client = useQueryClient();
  useSocketEvent('appMessage', (event) => {
    const m = event.message as { ticketId?: number; fromMe?: boolean } | undefined;
    if (enabled && event.action === 'create' && m?.ticketId === ticketId && !m.fromMe) {
      void client.invalidateQueries({ queryKey: templateKeys.window(ticketId) });
    }
  });
  return useQuery({
    queryKey: templateKeys.window(ticketId),
    queryFn: ({ signal }) => api.get<CustomerWindowDto>(`/tickets/${ticketId}/customer-window`, { signal }),
    enabled,
  });
}

/** Milliseconds left until `closesAt`, ticking every second (0 once closed or when there is none). */
export function useCountdown(closesAt: string | null | undefined, now: () => number = Date.now) {
  const left = () => (closesAt ? Math.max(0, new Date(closesAt).getTime() - now()) : 0);
  const [ms, setMs] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads closesAt, the only input
  useEffect(() => {
    setMs(left());
    if (!closesAt) return;
    const id = setInterval(() => setMs(left()), 1000);
    return () => clearInterval(id);
  }, [closesAt]);
  return ms;
}

/** GET /whatsapp/:id/templates — the connection's templates as last synced from Meta. */
export function useMessageTemplates(whatsappId: number | null | undefined) {
  return useQuery({
    queryKey: templateKeys.list(whatsappId ?? 0),
    queryFn: ({ signal }) => api.get<MessageTemplateListDto>(`/whatsapp/${whatsappId}/templates`, { signal }),
    enabled: Boolean(whatsappId),
  });
}

/** POST /whatsapp/:id/templates/sync — asks Meta for the account's templates now. */
export function useSyncTemplates(whatsappId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageTemplateListDto>(`/whatsapp/${whatsappId}/templates/sync`),
    onSuccess: (list) => client.setQueryData(templateKeys.list(whatsappId), list),
  });
}

/** POST /messages/template/:ticketId — the stored message goes into the conversation at once (ack 0). */
export function useSendTemplate(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateSendBody) => api.post<Message>(`/messages/template/${ticketId}`, body),
    onSuccess: (message) => {
      if (message && typeof message.id === 'number') upsertMessage(client, message, true);
      void client.invalidateQueries({ queryKey: ticketKeys.messages(ticketId) });
    },
  });
}
