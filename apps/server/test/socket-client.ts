import { io, type Socket } from 'socket.io-client';

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
  const waiters: { match: (e: string) => boolean; resolve: (p: unknown) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload });
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
    }
  });
  return {
    events,
    names: () => events.map((e) => e.event),
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
