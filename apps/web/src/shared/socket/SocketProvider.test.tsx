import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';

type Listener = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
  emitted: [] as string[],
  url: '',
  options: {} as Record<string, unknown>,
  connected: true,
}));

vi.mock('socket.io-client', () => ({
  io: (url: string, options: Record<string, unknown>) => {
    fake.url = url;
    fake.options = options;
    return {
      get connected() {
        return fake.connected;
      },
      on: (name: string, fn: Listener) => {
        if (!fake.listeners.has(name)) fake.listeners.set(name, new Set());
        fake.listeners.get(name)?.add(fn);
      },
      off: (name: string, fn: Listener) => fake.listeners.get(name)?.delete(fn),
      emit: (name: string) => fake.emitted.push(name),
      disconnect: vi.fn(),
    };
  },
}));

const fire = (name: string, payload?: unknown) => {
  for (const fn of fake.listeners.get(name) ?? []) fn(payload);
};

import { SocketProvider } from './SocketProvider';
import { useSocketEvent } from './useSocketEvent';

function TagWatcher({ onTag }: { onTag: (p: unknown) => void }) {
  useSocketEvent('tag', onTag);
  return null;
}

describe('SocketProvider', () => {
  beforeEach(() => {
    fake.listeners.clear();
    fake.emitted = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('joins the company namespace, pings userStatus every 5 minutes, routes typed events', () => {
    const onTag = vi.fn();
    const user = makeUser({ id: 7, companyId: 2 });
    render(
      <SnackbarProvider>
        <SocketProvider user={user}>
          <TagWatcher onTag={onTag} />
        </SocketProvider>
      </SnackbarProvider>,
    );
    expect(fake.url).toMatch(/:8080\/2$/);
    expect(fake.options).toMatchObject({
      query: { userId: '7' },
      reconnectionDelay: 1000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    act(() => fire('connect'));
    expect(fake.emitted).toEqual(['joinNotification', 'userStatus']);
    act(() => vi.advanceTimersByTime(300_000));
    expect(fake.emitted.filter((e) => e === 'userStatus')).toHaveLength(2);
    act(() => fire('company-2-tag', { action: 'create', tag: { id: 1 } }));
    expect(onTag).toHaveBeenCalledWith({ action: 'create', tag: { id: 1 } });
  });

  it('another login of the same user: toast, then clear storage and reload after 1 s', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    localStorage.setItem('token', 'abc');
    render(
      <SnackbarProvider>
        <SocketProvider user={makeUser({ id: 7, companyId: 2 })}>{null}</SocketProvider>
      </SnackbarProvider>,
    );
    act(() => fire('company-2-auth', { action: 'logout', user: { id: 99 } }));
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).toBeNull();
    act(() => fire('company-2-auth', { action: 'logout', user: { id: 7 } }));
    expect(screen.getByText('Sua conta foi acessada em outro computador.')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
