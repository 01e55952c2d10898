import type { AllConnectionsItem, FacebookConnectBody, UpdateWhatsappBody, WhatsappDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useIntegrationOptions, usePromptOptions } from '../../hooks/useTargetOptions';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { useCompanySettingValue } from '../settings/useSettings';
import { connectionKeys } from './keys';
import { SESSION_CONNECTIONS_KEY, type SessionConnection } from './useConnectionsAttention';

/** Dates travel as ISO strings. */
export type Connection = Omit<WhatsappDto, 'createdAt' | 'updatedAt' | 'importOldMessages' | 'importRecentMessages'> & {
  createdAt: string;
  updatedAt: string;
  importOldMessages: string | null;
  importRecentMessages: string | null;
};

export { connectionKeys };

export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionKeys.list,
    queryFn: ({ signal }) => api.get<Connection[]>('/whatsapp/', { query: { session: 0 }, signal }),
    enabled,
  });
}

export function useConnection(id: number | null) {
  return useQuery({
    queryKey: connectionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Connection>(`/whatsapp/${id}`, { query: { session: 0 }, signal }),
    enabled: Boolean(id),
  });
}

function upsert(list: Connection[] | undefined, c: Connection) {
  if (!list) return list;
  const next = list.some((x) => x.id === c.id) ? list.map((x) => (x.id === c.id ? { ...x, ...c } : x)) : [...list, c];
  return next.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Only one connection is the default: the server moved the flag, the list follows. */
function withDefault(list: Connection[] | undefined, c: Connection) {
  const next = upsert(list, c);
  return c.isDefault ? next?.map((x) => (x.id === c.id ? x : { ...x, isDefault: false })) : next;
}

export type ConnectionBody = UpdateWhatsappBody & { channel?: Connection['channel'] };

export function useSaveConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ConnectionBody }) =>
      id ? api.put<Connection>(`/whatsapp/${id}`, values) : api.post<Connection>('/whatsapp', values),
    onSuccess: (c) => {
      client.setQueryData<Connection[]>(connectionKeys.list, (list) => withDefault(list, c));
      client.setQueryData(connectionKeys.detail(c.id), c);
    },
  });
}

export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_, id) => client.setQueryData<Connection[]>(connectionKeys.list, (list) => list?.filter((c) => c.id !== id)),
  });
}

export function useGreetingMedia() {
  const client = useQueryClient();
  const done = (c: Connection) => {
    client.setQueryData<Connection[]>(connectionKeys.list, (list) => upsert(list, c));
    client.setQueryData(connectionKeys.detail(c.id), c);
  };
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<Connection>(`/whatsapp/${id}/media-upload`, form);
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<Connection>(`/whatsapp/${id}/media-upload`),
    onSuccess: done,
  });
  return { upload, remove };
}

/** Session actions of seed 001 §4: retry (POST), new QR (PUT), disconnect (DELETE) on /whatsappsession/:id. */
export type SessionAction = 'retry' | 'newQr' | 'disconnect';
export function useSessionAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) =>
      action === 'retry'
        ? api.post(`/whatsappsession/${id}`)
        : action === 'newQr'
          ? api.put(`/whatsappsession/${id}`)
          : api.delete(`/whatsappsession/${id}`),
  });
}

export function useFacebookConnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FacebookConnectBody) => api.post<Connection[]>('/facebook', body),
    onSuccess: (list) => {
      for (const c of list) client.setQueryData<Connection[]>(connectionKeys.list, (l) => upsert(l, c));
    },
  });
}

/** company-{id}-whatsapp and -whatsappSession keep the table (and an open QR dialog) live. */
export function useConnectionEvents() {
  const client = useQueryClient();
  useSocketEvent('whatsapp', (e) => {
    if (e.action === 'delete' && e.whatsappId) {
      client.setQueryData<Connection[]>(connectionKeys.list, (list) => list?.filter((c) => c.id !== e.whatsappId));
      return;
    }
    const c = e.whatsapp as Connection | undefined;
    if (!c?.id) return;
    client.setQueryData<Connection[]>(connectionKeys.list, (list) => withDefault(list, c));
    client.setQueryData<Connection>(connectionKeys.detail(c.id), (old) => (old ? { ...old, ...c } : old));
  });
  useSocketEvent('whatsappSession', (e) => {
    const s = e.session as Partial<SessionConnection> | undefined;
    if (!s?.id) return;
    const patch = (c: Connection): Connection => ({
      ...c,
      status: s.status ?? c.status,
      qrcode: s.qrcode ?? '',
      retries: s.retries ?? c.retries,
      updatedAt: s.updatedAt ?? c.updatedAt,
    });
    client.setQueryData<Connection[]>(connectionKeys.list, (list) => list?.map((c) => (c.id === s.id ? patch(c) : c)));
    client.setQueryData<Connection>(connectionKeys.detail(s.id), (old) => (old ? patch(old) : old));
    client.setQueryData<SessionConnection[]>(SESSION_CONNECTIONS_KEY, (list) =>
      list?.map((c) => (c.id === s.id ? { ...c, ...s } : c)),
    );
  });
}

export function useAllConnections() {
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: ({ signal }) =>
      api.get<(Omit<AllConnectionsItem, 'updatedAt'> & { updatedAt: string })[]>('/whatsapp/all/', {
        query: { session: 0 },
        signal,
      }),
  });
}

/** Every company's id and name (super users): /allConnections lists each, with zeros when it has no connection. */
export function useCompanyNames(enabled = true) {
  return useQuery({
    queryKey: connectionKeys.companies,
    queryFn: ({ signal }) => api.get<Named[]>('/companies/list', { signal }),
    enabled,
  });
}

export interface Named {
  id: number;
  name: string;
}

/** Prompts and queue integrations for the integrations tab (empty while their features are not built). */
export function useConnectionTargets(opts: { prompts: boolean; integrations: boolean }) {
  const prompts = usePromptOptions(opts.prompts);
  const integrations = useIntegrationOptions(opts.integrations);
  return { prompts: prompts.data ?? [], integrations: integrations.data ?? [] };
}

/** A company setting read through GET /companySettingOne (userRating, scheduleType). */
export function useCompanySetting(column: 'userRating' | 'scheduleType') {
  return useCompanySettingValue(column);
}

/** POST /whatsapp-restart/ — every connection of the company restarts. */
export function useRestartConnections() {
  return useMutation({ mutationFn: () => api.post('/whatsapp-restart/') });
}

/** POST /closedimported/:id — the tickets imported from the phone's history are closed. */
export function useCloseImported() {
  return useMutation({ mutationFn: (id: number) => api.post(`/closedimported/${id}`) });
}
