import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { STORAGE_KEYS, setItem, useStorageItem } from '../storage';
import { appKeys } from './keys';

/** The API's version (GET /version), remembered in this browser so it shows at once on the next visit. */
export function useVersion(): string | null {
  const stored = useStorageItem(STORAGE_KEYS.version);
  const query = useQuery({
    queryKey: appKeys.version,
    queryFn: async () => {
      const data = await api.get<{ version: string }>('/version');
      if (data?.version) setItem(STORAGE_KEYS.version, data.version);
      return data?.version ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data ?? stored;
}
