import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WriteCoalescer } from './realtime-writes';

/** What engine.io's socket does with a packet: buffer it, then flush the buffer to the transport in one send. */
function connection() {
  const tcp = { corked: 0, writes: [] as string[][], pending: [] as string[] };
  const frames: string[] = [];
  let onClose = () => {};
  const conn = {
    transport: {
      socket: {
        _socket: {
          cork: () => {
            tcp.corked++;
          },
          uncork: () => {
            tcp.corked--;
            if (tcp.corked === 0 && tcp.pending.length) tcp.writes.push(tcp.pending.splice(0));
          },
        },
      },
    },
    flush() {
      // ws corks around each frame too: a frame written uncorked is a write of its own
      for (const f of frames.splice(0)) {
        tcp.corked++;
        tcp.pending.push(f);
        conn.transport.socket._socket.uncork();
      }
    },
    send(frame: string) {
      frames.push(frame);
      conn.flush();
    },
    once(_event: 'close', listener: () => void) {
      onClose = listener;
    },
    close: () => onClose(),
  };
  return { conn, tcp, frames };
}

describe('WriteCoalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the first frame at once and what follows within the window as one write, in order', () => {
    const writes = new WriteCoalescer(25);
    const { conn, tcp } = connection();
    writes.attach(conn);
    conn.send('a');
    expect(tcp.writes).toEqual([['a']]);
    conn.send('b');
    conn.send('c');
    vi.advanceTimersByTime(10);
    conn.send('d');
    expect(tcp.writes).toEqual([['a']]);
    vi.advanceTimersByTime(15);
    expect(tcp.writes).toEqual([['a'], ['b', 'c', 'd']]);
    // just written: the next frame waits for the next tick
    conn.send('e');
    expect(tcp.writes).toHaveLength(2);
    vi.advanceTimersByTime(25);
    expect(tcp.writes).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    // after a quiet spell a frame goes at once again
    vi.advanceTimersByTime(100);
    conn.send('f');
    expect(tcp.writes.at(-1)).toEqual(['f']);
    expect(tcp.corked).toBe(0);
  });

  it('serves every waiting socket on one tick', () => {
    const writes = new WriteCoalescer(25);
    const sockets = [connection(), connection(), connection()];
    for (const s of sockets) {
      writes.attach(s.conn);
      s.conn.send('hello');
      s.conn.send('1');
      s.conn.send('2');
    }
    vi.advanceTimersByTime(25);
    for (const s of sockets) expect(s.tcp.writes).toEqual([['hello'], ['1', '2']]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('forgets a socket that closed while waiting', () => {
    const writes = new WriteCoalescer(25);
    const { conn, tcp, frames } = connection();
    writes.attach(conn);
    conn.send('a');
    conn.send('b');
    conn.close();
    vi.advanceTimersByTime(25);
    expect(tcp.writes).toEqual([['a']]);
    expect(frames).toEqual(['b']);
  });

  it('leaves the socket alone with a window of 0', () => {
    const writes = new WriteCoalescer(0);
    const { conn, tcp } = connection();
    writes.attach(conn);
    conn.send('a');
    conn.send('b');
    expect(tcp.writes).toEqual([['a'], ['b']]);
  });
});
