import { io, type Socket } from 'socket.io-client';
import type { RealtimePublisher } from '../src/platform/realtime-port';

/** The test-only event `drained` publishes; recorders keep it out of what they heard. */
const SENTINEL = 'test-sentinel';

/** A browser-like client: company namespace, token in `auth`, user id in the query. */
export function openSocket(url: string, companyId: number | string, token: string | undefined, userId?: number): Socket {
  return io(`${url}/${companyId}`, {
    auth: token === undefined ? {} : { token },
    query: userId === undefined ? {} : { userId: String(userId) },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
}

/** The sockets a test file opens: `track` each, `drain` them after each test to close them. */
export function socketTracker() {
  const open: Socket[] = [];
  return {
    track: (s: Socket) => {
      open.push(s);
      return s;
    },
    /** Every tracked socket, taken out of the list. */
    drain: () => open.splice(0),
  };
}

/** Resolves when connected; rejects with the server's refusal (its message is the error code). */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export async function connect(url: string, companyId: number, token: string, userId?: number) {
  return connected(openSocket(url, companyId, token, userId));
}

/** Records every event a socket receives, in order. */
export function recorder(socket: Socket) {
  const events: { event: string; payload: unknown }[] = [];
  const waiters: { match: (e: string, p: unknown) => boolean; resolve: (p: unknown) => void }[] = [];
  const sentinels: unknown[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (event.endsWith(`-${SENTINEL}`)) sentinels.push(payload);
    else events.push({ event, payload });
    for (const w of [...waiters]) {
      if (w.match(event, payload)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
    }
  });
  return {
    events,
    names: () => events.map((e) => e.event),
    /** Resolves when the sentinel `id` of `drained` has arrived. */
    sentinel(event: string, id: number, timeoutMs = 5000): Promise<void> {
      const seen = (p: unknown) => (p as { id?: number } | null)?.id === id;
      if (sentinels.some(seen)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`sentinel ${id} not heard within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match: (e, p) => e === event && seen(p),
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    /** The next (or an already received) event of that name. */
    wait(event: string, timeoutMs = 5000): Promise<unknown> {
      const seen = events.find((e) => e.event === event);
      if (seen) return Promise.resolve(seen.payload);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match: (e) => e === event,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      });
    },
  };
}

export function emitWithAck(socket: Socket, event: string, ...args: unknown[]): Promise<{ ok: boolean; error?: string }> {
  return socket.timeout(5000).emitWithAck(event, ...args);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sentinelSeq = 0;

/**
 * Absence proven, not slept on: once every reaction to what happened has run (`settled`), a sentinel is published to
 * the whole company and each recorder waits for it. socket.io delivers one socket's events in the order they were
 * published (through the Redis adapter too), so whatever the test's actions sent to those sockets has arrived by then:
 * an event still missing was never sent.
 */
export async function drained(
  t: { settled(): Promise<void>; deps: { realtime: RealtimePublisher } },
  companyId: number,
  ...recorders: ReturnType<typeof recorder>[]
) {
  await t.settled();
  const id = ++sentinelSeq;
  (t.deps.realtime.publish as (companyId: number, event: string, payload: unknown) => void)(companyId, SENTINEL, { id });
  await Promise.all(recorders.map((r) => r.sentinel(`company-${companyId}-${SENTINEL}`, id)));
}

/**
 * Waits (polling, not sleeping) until events published on `t` reach the recorders: across instances, until the Redis
 * adapter's subscriptions are in place. A sentinel is published again every 50 ms until one of them is heard.
 */
export async function reaching(
  t: { deps: { realtime: RealtimePublisher } },
  companyId: number,
  ...recorders: ReturnType<typeof recorder>[]
) {
  for (const end = Date.now() + 5000; ; ) {
    const id = ++sentinelSeq;
    (t.deps.realtime.publish as (companyId: number, event: string, payload: unknown) => void)(companyId, SENTINEL, { id });
    try {
      await Promise.all(recorders.map((r) => r.sentinel(`company-${companyId}-${SENTINEL}`, id, 50)));
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
    }
  }
}
