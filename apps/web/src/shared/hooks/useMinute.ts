import { useSyncExternalStore } from 'react';

/** One timer for every subscriber: the current time, moved on twice a minute (waiting times, countdowns). */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useMinute(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
