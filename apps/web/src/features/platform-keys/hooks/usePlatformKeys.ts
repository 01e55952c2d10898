import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/data/settings/keys';

/** One cache with the settings page's global list (GET /settings; secrets come masked). */
const GLOBAL_KEY = settingsKeys.global;

export function usePlatformKeyValues() {
  return useQuery({
    queryKey: GLOBAL_KEY,
    queryFn: ({ signal }) => api.get<{ key: string; value: string }[]>('/settings', { signal }),
  });
}

/** PUT /settings/{key} for each changed key of a provider; the answers (masked) replace the cached values. */
export function useSavePlatformKeys() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { key: string; value: string }[]) => {
      const saved: { key: string; value: string }[] = [];
      for (const c of changes)
        saved.push(await api.put<{ key: string; value: string }>(`/settings/${c.key}`, { value: c.value }));
      return saved;
    },
    onSuccess: (saved) =>
      qc.setQueryData<{ key: string; value: string }[]>(GLOBAL_KEY, (list) => {
        const next = [...(list ?? [])];
        for (const s of saved) {
          const i = next.findIndex((x) => x.key === s.key);
          if (i >= 0) next[i] = s;
          else next.push(s);
        }
        return next;
      }),
  });
}
