import type { CompanyEventMap, CompanyEventName } from '@atendo/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from './useSocketEvent';

const pending = new WeakMap<QueryClient, Map<string, ReturnType<typeof setTimeout>>>();

/**
 * Reads `queryKey` again after a burst: the first call starts a `delayMs` wait, the calls for the same key during it
 * are folded in, then one invalidation — which starts after every event of the burst, so none is missed. Shared by
 * every listener of the key (two events feeding one list cost one read).
 */
export function invalidateSoon(client: QueryClient, queryKey: QueryKey, delayMs: number, exact = false) {
  let timers = pending.get(client);
  if (!timers) {
    timers = new Map();
    pending.set(client, timers);
  }
  const id = JSON.stringify(queryKey);
  if (timers.has(id)) return;
  const own = timers;
  own.set(
    id,
    setTimeout(() => {
      own.delete(id);
      void client.invalidateQueries({ queryKey, exact });
    }, delayMs),
  );
}

/**
 * `invalidateSoon(queryKey)` on each `event` (the dashboard's live counters, the report's page, the kanban). `when`
 * lets only the events that can change the data count.
 */
export function useRefetchOnEvent<E extends CompanyEventName>(
  event: E,
  queryKey: QueryKey,
  delayMs: number,
  when?: (payload: CompanyEventMap[E]) => boolean,
) {
  const client = useQueryClient();
  useSocketEvent(event, (payload) => {
    if (!when || when(payload)) invalidateSoon(client, queryKey, delayMs);
  });
}
