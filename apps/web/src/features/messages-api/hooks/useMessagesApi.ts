import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, buildUrl } from '../../../shared/api/client';
import { messagesApiKeys } from './keys';

export interface ApiToken {
  id: number;
  name: string;
  channel: string;
  token: string;
}

/** GET /messages-api/tokens: the company's connection tokens (admins only). */
export function useApiTokens(enabled: boolean) {
  return useQuery({
    queryKey: messagesApiKeys.tokens(),
    queryFn: ({ signal }) => api.get<ApiToken[]>('/messages-api/tokens', { signal }),
    enabled,
  });
}

export const SEND_PATH = '/api/messages/send';
export const sendUrl = () => buildUrl(SEND_PATH);

/**
 * The test forms' call: exactly what an outside system sends — the connection token as bearer, never the
 * signed-in session.
 */
export function useTestSend() {
  return useMutation({
    mutationFn: async ({ token, body }: { token: string; body: Record<string, string> | FormData }) => {
      const json = !(body instanceof FormData);
      const res = await fetch(sendUrl(), {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.trim()}`,
          Accept: 'application/json',
          ...(json ? { 'Content-Type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(body) : body,
      });
      const answer = await res.json().catch(() => null);
      if (!res.ok) throw new ApiError(res.status, answer);
      return answer as { mensagem: string; messageId: number; ticketId: number };
    },
  });
}
