import { useQuery } from '@tanstack/react-query';
import { api, orEmpty } from '../api/client';

export interface NamedOption {
  id: number;
  name: string;
}

/**
 * Keys of the pickers' lists of prompts, queue integrations and file lists: features not built yet (their routes are
 * answered 404 by the client itself, read as empty). When a feature is built its keys move to its own folder.
 */
export const targetKeys = {
  prompts: ['prompts', 'options'] as const,
  integrations: ['queueIntegration', 'options'] as const,
  files: ['files', 'options'] as const,
};

/** A list the server answers bare or wrapped ({ prompts: [...] }). */
const listOf =
  <K extends string>(key: K) =>
  (r: NamedOption[] | Record<K, NamedOption[]>) =>
    Array.isArray(r) ? r : r[key];

export function usePromptOptions(enabled = true) {
  return useQuery({
    queryKey: targetKeys.prompts,
    queryFn: ({ signal }) =>
      orEmpty(api.get<NamedOption[] | { prompts: NamedOption[] }>('/prompt', { signal }).then(listOf('prompts')), []),
    enabled,
    retry: false,
  });
}

export function useIntegrationOptions(enabled = true) {
  return useQuery({
    queryKey: targetKeys.integrations,
    queryFn: ({ signal }) =>
      orEmpty(
        api
          .get<NamedOption[] | { queueIntegrations: NamedOption[] }>('/queueIntegration', { signal })
          .then(listOf('queueIntegrations')),
        [],
      ),
    enabled,
    retry: false,
  });
}

export function useFileListOptions(enabled = true) {
  return useQuery({
    queryKey: targetKeys.files,
    queryFn: ({ signal }) =>
      orEmpty(api.get<NamedOption[] | { files: NamedOption[] }>('/files', { signal }).then(listOf('files')), []),
    enabled,
    retry: false,
  });
}
