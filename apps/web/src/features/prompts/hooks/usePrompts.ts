import type { PromptBody, PromptDto, PromptListDto, PromptUsageDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { promptKeys } from './keys';

/** GET /prompt (seed 001 §7: response prompts), searched by name. */
export function usePrompts(searchParam = '') {
  return useQuery({
    queryKey: promptKeys.list(searchParam),
    queryFn: ({ signal }) =>
      api.get<PromptListDto>('/prompt', { query: { searchParam: searchParam || undefined }, signal }).then((r) => r.prompts),
  });
}

/** GET /prompt/usage: this month's tokens per prompt and the total (read again with every prompt event). */
export function usePromptUsage() {
  return useQuery({
    queryKey: promptKeys.usage,
    queryFn: ({ signal }) => api.get<PromptUsageDto>('/prompt/usage', { signal }),
  });
}

export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<PromptDto>(`/prompt/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** company-{id}-prompt: lists, pickers and the open form read again (create, update, delete). */
export function usePromptEvents() {
  const qc = useQueryClient();
  useSocketEvent('prompt', () => {
    void qc.invalidateQueries({ queryKey: promptKeys.all });
  });
}

export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PromptBody }) =>
      id ? api.put<PromptDto>(`/prompt/${id}`, body) : api.post<PromptDto>('/prompt', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/prompt/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

/** The form's "test the API": GET /api/external-proxy?url (the server fetches it through its SSRF guard). */
export function useExternalApiTest() {
  return useMutation({
    mutationFn: (url: string) => api.get<unknown>('/api/external-proxy', { query: { url, timeout: 30000 } }),
  });
}
