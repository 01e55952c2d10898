import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { typebotKeys } from './keys';

/** The Typebot builder URL the platform admin configured (global setting typebotUrl); '' when there is none. */
export function useTypebotBuilderUrl() {
  return useQuery({
    queryKey: typebotKeys.builderUrl,
    queryFn: ({ signal }) =>
      api.get<{ key: string; value: string }>('/setting/typebotUrl', { signal }).then((r) => r.value ?? ''),
    staleTime: 60_000,
  });
}
