import { useConnections } from '../data/connections/useConnections';
import { useTagList } from '../data/tags/useTags';
import { useUserList } from '../data/users/useUsers';

export interface Option {
  id: number;
  name: string;
  color?: string | null;
}

/** The company's tags for the inbox filter and the ticket's tag picker. */
export function useTagOptions(enabled = true) {
  return useTagList({ kanban: false }, enabled);
}

/** The company's connections (id, name, channel) for filters and the new-ticket dialog: the connections page's cache. */
export function useConnectionOptions(enabled = true) {
  return useConnections(enabled);
}

/** The company's users with their queues (GET /users/list). */
export function useUserOptions(enabled = true) {
  return useUserList(enabled);
}
