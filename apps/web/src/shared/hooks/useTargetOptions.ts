import { useQuery } from '@tanstack/react-query';
import { api, orEmpty } from '../api/client';

export interface NamedOption {
  id: number;
  name: string;
}

/**
 * Keys of the pickers' lists of prompts, queue integrations and file lists, shared by the queue, connection and
 * chatbot editors; the integrations and file-list features refresh them on their live events and saves.
 */
export const targetKeys = {
  prompts: ['prompts', 'options'] as const,
  integrations: ['queueIntegration', 'options'] as const,
  files: ['files', 'options'] as const,
};

/** GET `path`: a list answered bare or wrapped ({ prompts: [...] }); empty while the feature is not built. */
function useOptions(queryKey: readonly string[], path: string, wrapper: string, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      orEmpty(
        api
          .get<NamedOption[] | Record<string, NamedOption[]>>(path, { signal })
          .then((r) => (Array.isArray(r) ? r : (r[wrapper] ?? []))),
        [],
      ),
    enabled,
    retry: false,
  });
}

export const usePromptOptions = (enabled = true) => useOptions(targetKeys.prompts, '/prompt', 'prompts', enabled);

export const useIntegrationOptions = (enabled = true) =>
  useOptions(targetKeys.integrations, '/queueIntegration', 'queueIntegrations', enabled);

export const useFileListOptions = (enabled = true) => useOptions(targetKeys.files, '/files', 'files', enabled);
