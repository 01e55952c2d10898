/**
 * Fewer, larger socket writes under load (issue 29 item 7). Every event socket.io broadcasts is one websocket frame
 * per entitled socket, and each frame was its own `writev` — a quarter of an API process's CPU in bench/realtime.
 * Here a socket that has just been written lets the window pass before its next write: what arrives meanwhile waits
 * in engine.io's own write buffer and goes out, in order, as one corked write (several frames, one syscall). The
 * first event after a quiet spell is written at once, so a lone message costs no latency; under load each socket is
 * written at most once per window. The frames and the protocol do not change: any socket.io client reads them.
 */

/** The part of an engine.io socket this uses: its flush (writes the buffer to the transport) and the raw TCP socket. */
interface EngineConnection {
  flush(): void;
  readonly transport?: { readonly socket?: { readonly _socket?: { cork(): void; uncork(): void } } };
  once(event: 'close', listener: () => void): unknown;
}

export class WriteCoalescer {
  /** Sockets waiting for the next tick, with their own flush. */
  private pending = new Map<EngineConnection, () => void>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {}

  /** Takes over the connection's flush; a window of 0 leaves it as it is. */
  attach(raw: unknown) {
    if (this.windowMs <= 0) return;
    const conn = raw as EngineConnection;
    const flush = conn.flush.bind(conn);
    let writtenAt = Number.NEGATIVE_INFINITY;
    const write = () => {
      writtenAt = performance.now();
      // Nested corks: ws corks and uncorks around each frame; the outer cork makes all of them one writev.
      const tcp = conn.transport?.socket?._socket;
      tcp?.cork();
      try {
        flush();
      } finally {
        tcp?.uncork();
      }
    };
    conn.flush = () => {
      if (this.pending.has(conn)) return;
      if (performance.now() - writtenAt >= this.windowMs) return write();
      this.pending.set(conn, write);
      this.arm();
    };
    conn.once('close', () => this.pending.delete(conn));
  }

  private arm() {
    if (this.timer) return;
    this.timer = setTimeout(() => this.tick(), this.windowMs);
    this.timer.unref();
  }

  /** One timer for every waiting socket: each is written once, with everything it gathered. */
  private tick() {
    this.timer = undefined;
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const write of due) write();
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
