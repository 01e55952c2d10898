import { type CompanyEventMap, type CompanyEventName, companyEventName, type GlobalEventMap } from '@atendo/shared';
import { useEffect, useRef } from 'react';
import { useSocket } from './context';

type Listener = (...args: unknown[]) => void;

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * Listen to `company-{companyId}-{event}` while mounted. Feature hooks use it to update the
 * TanStack Query cache in one place per domain:
 *   useSocketEvent('tag', (e) => e.action === 'delete' ? removeRecord(...) : upsertRecord(...))
 */
export function useSocketEvent<E extends CompanyEventName>(event: E, handler: (payload: CompanyEventMap[E]) => void): void {
  const { socket, companyId } = useSocket();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket || companyId === null) return;
    const name = companyEventName(companyId, event);
    const listener: Listener = (payload) => latest.current(payload as CompanyEventMap[E]);
    socket.on(name, listener as never);
    return () => {
      socket.off(name, listener as never);
    };
  }, [socket, companyId, event, latest]);
}

/** Events whose wire name is not company-scoped (e.g. 'company-announcement'). */
export function useGlobalSocketEvent<E extends keyof GlobalEventMap>(
  event: E,
  handler: (payload: GlobalEventMap[E]) => void,
): void {
  const { socket } = useSocket();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return;
    const listener: Listener = (payload) => latest.current(payload as GlobalEventMap[E]);
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [socket, event, latest]);
}
