/**
 * In-process domain events (docs/architecture.md "The event spine"): what happened — a message stored, a ticket
 * closed, a campaign finished — is published once, after its transaction committed, and whatever reacts subscribes in
 * src/composition.ts. The map of events is declared once (src/domain-events.ts); this file only carries them.
 *
 * Two kinds of subscriber:
 * - `on`: runs inside the publishing call, which awaits it (realtime frames, metrics) — cheap work only;
 * - `after`: runs once the publisher has moved on (the webhook already answered), one at a time per `key` in the
 *   order of publishing (e.g. per ticket: two messages of one ticket never run automation at the same time).
 * A subscriber's failure is logged and never reaches the publisher: what happened has happened. Reactions that must
 * survive a crash keep their own durable marker (the automation's `messages.automation`), as this queue is memory.
 */

type Handler<P> = (payload: P) => Promise<void> | void;

interface Deferred<P> {
  handler: Handler<P>;
  key?: (payload: P) => string | number;
}

export type EventErrorLog = (err: unknown, event: string) => void;

export class DomainEventBus<M extends { [K in keyof M]: object }> {
  private readonly inline = new Map<keyof M, Handler<never>[]>();
  private readonly deferred = new Map<keyof M, Deferred<never>[]>();
  /** The tail of each key's chain of reactions. */
  private readonly lanes = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  private readonly published = new Map<keyof M, number>();

  constructor(private onError: EventErrorLog = () => {}) {}

  /** Where a failing subscriber is reported (buildApp: the log and a counter). */
  reportFailuresTo(onError: EventErrorLog) {
    this.onError = onError;
  }

  /** Runs in the publishing call (awaited by it). */
  on<K extends keyof M>(name: K, handler: Handler<M[K]>) {
    const list = this.inline.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.inline.set(name, list);
  }

  /** Runs after the publishing call; with `key`, one at a time per key, in publishing order. */
  after<K extends keyof M>(name: K, handler: Handler<M[K]>, opts: { key?: (payload: M[K]) => string | number } = {}) {
    const list = this.deferred.get(name) ?? [];
    list.push({ handler, key: opts.key } as Deferred<never>);
    this.deferred.set(name, list);
  }

  /** Publishes one event (after commit): awaits the `on` subscribers, queues the `after` ones. */
  async publish<K extends keyof M>(name: K, payload: M[K]): Promise<void> {
    this.published.set(name, (this.published.get(name) ?? 0) + 1);
    for (const [i, d] of (this.deferred.get(name) ?? []).entries()) {
      const run = () => this.guard(name, d.handler as Handler<M[K]>, payload);
      if (!d.key) {
        this.track(Promise.resolve().then(run));
        continue;
      }
      const lane = `${String(name)}#${i}:${d.key(payload as never)}`;
      const next = (this.lanes.get(lane) ?? Promise.resolve()).then(run);
      this.lanes.set(lane, next);
      this.track(next);
      void next.then(() => {
        if (this.lanes.get(lane) === next) this.lanes.delete(lane);
      });
    }
    for (const handler of this.inline.get(name) ?? []) await this.guard(name, handler as Handler<M[K]>, payload);
  }

  /** Resolves once every queued reaction — and whatever those published in turn — has run (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** How many events of each name were published by this process (GET /metrics). */
  counts(): { event: string; count: number }[] {
    return [...this.published].map(([event, count]) => ({ event: String(event), count }));
  }

  private async guard<P>(name: keyof M, handler: Handler<P>, payload: P) {
    try {
      await handler(payload);
    } catch (err) {
      this.onError(err, String(name));
    }
  }

  private track(p: Promise<void>) {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }
}
