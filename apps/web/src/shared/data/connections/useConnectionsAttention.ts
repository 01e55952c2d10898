import { CONNECTION_ATTENTION_DELAY_MS, CONNECTION_ATTENTION_STATUSES } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, orEmpty } from '../../api/client';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { connectionKeys } from './keys';

/** A connection as the shell sees it (seed 000 §3 "Connection (session view)"). */
export interface SessionConnection {
  id: number;
  status: string;
  updatedAt?: string;
  qrcode?: string | null;
  retries?: number;
}

export const SESSION_CONNECTIONS_KEY = connectionKeys.session;

export function needsAttention(connections: Pick<SessionConnection, 'status'>[]): boolean {
  return connections.some((c) => (CONNECTION_ATTENTION_STATUSES as readonly string[]).includes(c.status));
}

/** Whether any connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT, OPENING), checked 2 s after load and kept live. */
export function useConnectionsAttention(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setArmed(true), CONNECTION_ATTENTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);

  const query = useQuery({
    queryKey: SESSION_CONNECTIONS_KEY,
    enabled: enabled && armed,
    queryFn: () => orEmpty(api.get<SessionConnection[]>('/whatsapp/', { query: { session: 0 } }), []),
    retry: false,
  });

  useSocketEvent('whatsappSession', (event) => {
    const session = event.session as Partial<SessionConnection> | undefined;
    if (!session?.id) return;
    queryClient.setQueryData<SessionConnection[]>(SESSION_CONNECTIONS_KEY, (list) =>
      list?.map((c) => (c.id === session.id ? { ...c, ...session } : c)),
    );
  });
  useSocketEvent('whatsapp', (event) => {
    if (event.action === 'delete') {
      queryClient.setQueryData<SessionConnection[]>(SESSION_CONNECTIONS_KEY, (list) =>
        list?.filter((c) => c.id !== event.whatsappId),
      );
      return;
    }
    const updated = event.whatsapp as Partial<SessionConnection> | undefined;
    if (!updated?.id) return;
    queryClient.setQueryData<SessionConnection[]>(SESSION_CONNECTIONS_KEY, (list) => {
      if (!list) return list;
      const exists = list.some((c) => c.id === updated.id);
      return exists ? list.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)) : [...list, updated as SessionConnection];
    });
  });

  return enabled && armed && Array.isArray(query.data) && needsAttention(query.data);
}
