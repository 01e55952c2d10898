import type { ChatbotDto, ChatbotOptionInput, QueueBody, QueueDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useFileListOptions, useIntegrationOptions, usePromptOptions } from '../../hooks/useTargetOptions';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { useCompanySettingValue } from '../settings/useSettings';
import { useUserList } from '../users/useUsers';
import { queueKeys } from './keys';

export { queueKeys };

export function useQueues(enabled = true) {
  return useQuery({ queryKey: queueKeys.list, queryFn: ({ signal }) => api.get<QueueDto[]>('/queue', { signal }), enabled });
}

export function useQueue(id: number | null) {
  return useQuery({
    queryKey: queueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<QueueDto>(`/queue/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export type QueueForm = Partial<QueueBody>;

export function useSaveQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: QueueForm }) =>
      id ? api.put<QueueDto>(`/queue/${id}`, values) : api.post<QueueDto>('/queue', values),
    onSuccess: (queue) => {
      client.setQueryData<QueueDto[]>(queueKeys.list, (list) => upsertQueue(list, queue));
      client.setQueryData(queueKeys.detail(queue.id), queue);
    },
  });
}

export function useDeleteQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queue/${id}`),
    onSuccess: (_, id) => client.setQueryData<QueueDto[]>(queueKeys.list, (list) => list?.filter((q) => q.id !== id)),
  });
}

export function useChatbot(id: number) {
  return useQuery({
    queryKey: queueKeys.chatbot(id),
    queryFn: ({ signal }) => api.get<ChatbotDto>(`/chatbot/${id}`, { signal }),
  });
}

export function useSaveChatbot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: Omit<ChatbotOptionInput, 'id'> }) =>
      api.put<ChatbotDto>(`/chatbot/${id}`, values),
    onSuccess: (bot) => client.setQueryData(queueKeys.chatbot(bot.id), bot),
  });
}

export function upsertQueue(list: QueueDto[] | undefined, queue: QueueDto): QueueDto[] | undefined {
  if (!list) return list;
  const next = list.some((q) => q.id === queue.id) ? list.map((q) => (q.id === queue.id ? queue : q)) : [...list, queue];
  return next.sort((a, b) => (a.orderQueue ?? 1e9) - (b.orderQueue ?? 1e9) || a.name.localeCompare(b.name));
}

/** company-{id}-queue: the list (and an open detail) follow other admins' changes live. */
export function useQueueEvents() {
  const client = useQueryClient();
  useSocketEvent('queue', (e) => {
    if (e.action === 'delete' && e.queueId) {
      client.setQueryData<QueueDto[]>(queueKeys.list, (list) => list?.filter((q) => q.id !== e.queueId));
      return;
    }
    const queue = e.queue as QueueDto | undefined;
    if (!queue) return;
    client.setQueryData<QueueDto[]>(queueKeys.list, (list) => upsertQueue(list, queue));
    client.setQueryData(queueKeys.detail(queue.id), queue);
  });
}

export interface Named {
  id: number;
  name: string;
}

/** Chatbot and queue targets: users, and (when their features exist) integrations and file lists. */
export function useTargets(opts: { integrations: boolean; prompts?: boolean }) {
  const users = useUserList();
  const integrations = useIntegrationOptions(opts.integrations);
  const files = useFileListOptions();
  const prompts = usePromptOptions(opts.prompts ?? false);
  return {
    users: users.data ?? [],
    integrations: integrations.data ?? [],
    files: files.data ?? [],
    prompts: prompts.data ?? [],
  };
}

/** The company's schedule type decides where service hours are edited (seed 001 §2). */
export function useScheduleType() {
  return useCompanySettingValue('scheduleType');
}
