import { vi } from 'vitest';

type Listener = (payload: unknown) => void;

/** A socket a test speaks through: `fire` delivers a server event to the listeners the code under test registered. */
export function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    connected: true,
    on: (name: string, fn: Listener) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)?.add(fn);
    },
    off: (name: string, fn: Listener) => listeners.get(name)?.delete(fn),
    emit: vi.fn(),
  };
  const fire = (name: string, payload: unknown) => {
    for (const fn of listeners.get(name) ?? []) fn(payload);
  };
  return { socket, fire };
}
