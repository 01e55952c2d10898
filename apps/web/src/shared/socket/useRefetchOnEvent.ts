import type { CompanyEventMap, CompanyEventName } from '@atendo/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketEvent } from './useSocketEvent';

/**
 * Reads `queryKey` again after a burst of `event`s: the first event starts a `delayMs` wait, the others in it are
 * folded in, then one invalidation (the dashboard's live counters, the report's page). `when` lets only the events
 * that can change the data start the wait.
 */
export function useRefetchOnEvent<E extends CompanyEventName>(
  event: E,
  queryKey: QueryKey,
  delayMs: number,
  when?: (payload: CompanyEventMap[E]) => boolean,
) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent(event, (payload) => {
    if (timer.current || (when && !when(payload))) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: key.current });
    }, delayMs);
  });
}
