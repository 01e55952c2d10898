import { type HelpDto, type HelpPage, helpEmbedUrl } from '@atendo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { appKeys } from './keys';

/** GET /helps/list: the platform's help videos (every signed-in user reads them). */
export function useHelpsList() {
  return useQuery({
    queryKey: appKeys.helps,
    queryFn: ({ signal }) => api.get<HelpDto[]>('/helps/list', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The embeddable video of a page's tutorial (the help whose page it is); null while there is none. */
export function useHelpVideo(page: HelpPage): string | null {
  const { data } = useHelpsList();
  const help = data?.find((h) => h.page === page);
  return help ? helpEmbedUrl(help.video) : null;
}
