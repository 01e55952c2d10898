/**
 * Baileys sessions of this process. Each QR connection is owned by exactly one process through its lease row
 * (`baileys_sessions`): the owner renews it every few seconds; a connection whose owner stopped renewing is taken
 * over by the next process that looks. Commands for a connection another process owns (retry, new QR, logout) are
 * left on its lease row and carried out by that owner on its next renewal.
 *
 * Statuses (seed 001 §4): OPENING while the socket starts, qrcode with the QR (retries = QR shown so far),
 * PAIRING once scanned, CONNECTED, TIMEOUT while reconnecting with back-off, DISCONNECTED when stopped
 * (logged out, QR never scanned, too many failed reconnects, disconnected by an admin).
 */
import { randomUUID } from 'node:crypto';
import type { ImportMessagesEvent } from '@atendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import type { IngestPort } from '../types';
import { clearAuthState } from './auth-state';
import { type Command, Session } from './session';
import type { SocketFactory } from './socket';
import * as store from './store';

export { type Command, Session, withTimeout } from './session';

export interface SessionManagerOptions {
  db: Db;
  ingest: IngestPort;
  socketFactory: SocketFactory;
  /** `importMessages-{companyId}` progress (seed 001 §7). */
  publishImport?: (companyId: number, payload: ImportMessagesEvent) => void;
  logger?: FastifyBaseLogger;
  /** This process' name on the lease rows (random by default). */
  owner?: string;
  leaseTtlMs?: number;
  renewEveryMs?: number;
  /** A send that the socket does not answer within this time fails as retryable (a stalled socket never blocks the queue). */
  sendTimeoutMs?: number;
  /** Reconnect back-off: base × 2^(n-1), capped; DISCONNECTED after `maxReconnects` failures in a row. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxReconnects?: number;
  /** How long the import waits after pairing ('preparing', seed 001 §9: 35 s). */
  importPreparingMs?: number;
}

/**
 * Lease 20 s renewed every 5 s: a connection whose process died is taken over within 25 s (the lease runs out, then
 * the next pass of another process claims it), and a live owner may miss three renewals in a row before losing it.
 */
const DEFAULTS = {
  leaseTtlMs: 20_000,
  renewEveryMs: 5_000,
  sendTimeoutMs: 20_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  maxReconnects: 10,
  importPreparingMs: 35_000,
};

export class BaileysSessionManager {
  readonly owner: string;
  readonly opts: SessionManagerOptions & typeof DEFAULTS;
  private readonly sessions = new Map<number, Session>();
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private closed = false;
  /** Set by start()/tick(): this process runs sockets. A send-only process (JOBS=off) only leaves commands. */
  private hosting = false;
  private readonly ownershipListeners: ((gained: number[], lost: number[]) => unknown)[] = [];
  /** The connections last announced to the ownership listeners. */
  private announced = new Set<number>();

  constructor(opts: SessionManagerOptions) {
    this.opts = { ...DEFAULTS, ...opts };
    this.owner = opts.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  get db() {
    return this.opts.db;
  }

  /** Replaces the socket factory (tests: a fake socket). */
  useSocketFactory(factory: SocketFactory) {
    this.opts.socketFactory = factory;
  }

  /**
   * Tells `listener` which connections this process starts and stops running (checked after every lease pass and
   * command): the composition root has the process work the send queue of the connections it owns.
   */
  onOwnership(listener: (gained: number[], lost: number[]) => unknown) {
    this.ownershipListeners.push(listener);
  }

  private async announceOwnership() {
    const now = new Set(this.closed ? [] : this.sessions.keys());
    const gained = [...now].filter((id) => !this.announced.has(id));
    const lost = [...this.announced].filter((id) => !now.has(id));
    this.announced = now;
    if (gained.length === 0 && lost.length === 0) return;
    for (const listener of this.ownershipListeners) {
      try {
        await listener(gained, lost);
      } catch (err) {
        this.opts.logger?.error({ err, gained, lost }, 'baileys ownership listener failed');
      }
    }
  }

  /** Starts the lease loop: renew what we hold, take what nobody holds. */
  start() {
    if (this.timer || this.closed) return;
    this.hosting = true;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.renewEveryMs);
    this.timer.unref();
  }

  /** One pass of the lease loop (the interval calls it; tests call it directly). */
  tick(): Promise<void> {
    this.hosting = true;
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async runTick() {
    if (this.closed) return;
    try {
      const held = [...this.sessions.keys()];
      const renewed = await store.renewLeases(this.db, { owner: this.owner, ids: held, ttlMs: this.opts.leaseTtlMs });
      for (const id of held) {
        const session = this.sessions.get(id);
        if (!session) continue;
        if (!renewed.has(id)) {
          this.sessions.delete(id);
          if (!(await store.connectionExists(this.db, id))) {
            // The connection was deleted: this device is removed from the phone too.
            await session.logout().catch(() => undefined);
            continue;
          }
          // Someone else took it (we were too slow to renew): let go, no logout.
          this.opts.logger?.warn({ connectionId: id }, 'baileys lease lost: closing the socket');
          await session.close();
          continue;
        }
        await session.refreshSettings();
        const command = renewed.get(id);
        if (command) await this.run(id, command as Command);
      }
      for (const id of await store.claimableConnections(this.db, this.owner)) {
        if (this.closed) return;
        if (this.sessions.has(id)) continue;
        if (!(await store.acquireLease(this.db, { whatsappId: id, owner: this.owner, ttlMs: this.opts.leaseTtlMs }))) continue;
        const command = (await store.takeCommand(this.db, id)) as Command | null;
        await this.run(id, command ?? 'restart');
      }
    } catch (err) {
      this.opts.logger?.error({ err }, 'baileys lease loop failed');
    }
    await this.announceOwnership();
  }

  /** Stops renewing without letting go (a process that froze or died): its leases expire and others take over. */
  halt() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Graceful shutdown: sockets closed without logging out, leases released so another process takes over at once. */
  async stop() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking?.catch(() => undefined);
    const all = [...this.sessions.entries()];
    this.sessions.clear();
    await Promise.all(
      all.map(async ([id, s]) => {
        await s.close();
        await store.releaseLease(this.db, { whatsappId: id, owner: this.owner }).catch(() => undefined);
      }),
    );
    await this.announceOwnership();
  }

  /** The live socket of a connection this process owns (the adapter sends through it). */
  session(connectionId: number): Session | undefined {
    return this.sessions.get(connectionId);
  }

  owns(connectionId: number) {
    return this.sessions.has(connectionId);
  }

  // ─── commands (routes) ─────────────────────────────────────────────────────

  /** POST /whatsappsession/:id — start again, keeping the pairing. */
  retry(connectionId: number) {
    return this.command(connectionId, 'restart');
  }

  /** PUT /whatsappsession/:id — forget the pairing and show a new QR code. */
  newQr(connectionId: number) {
    return this.command(connectionId, 'newqr');
  }

  /** DELETE /whatsappsession/:id — log out on WhatsApp, forget the pairing, DISCONNECTED. */
  disconnect(connectionId: number) {
    return this.command(connectionId, 'logout');
  }

  private async command(connectionId: number, command: Command) {
    try {
      await this.carryOut(connectionId, command);
    } finally {
      await this.announceOwnership();
    }
  }

  private async carryOut(connectionId: number, command: Command) {
    if (this.owns(connectionId)) return this.run(connectionId, command);
    if (command === 'logout' && !(await store.leaseOwner(this.db, connectionId))) {
      // Nobody runs it: forgetting the pairing needs no socket (and a pending restart is dropped).
      await store.takeCommand(this.db, connectionId);
      await clearAuthState(this.db, connectionId);
      await this.opts.ingest.connectionState({ connectionId, status: 'DISCONNECTED', qrcode: '', retries: 0 });
      return;
    }
    if (
      this.hosting &&
      !this.closed &&
      (await store.acquireLease(this.db, { whatsappId: connectionId, owner: this.owner, ttlMs: this.opts.leaseTtlMs }))
    ) {
      return this.run(connectionId, command);
    }
    // Another live process owns it: it carries the command out on its next renewal.
    await store.requestCommand(this.db, connectionId, command);
  }

  private async run(connectionId: number, command: Command) {
    let session = this.sessions.get(connectionId);
    if (command === 'logout') {
      if (session) {
        this.sessions.delete(connectionId);
        await session.logout();
      } else {
        await clearAuthState(this.db, connectionId);
        await this.opts.ingest.connectionState({ connectionId, status: 'DISCONNECTED', qrcode: '', retries: 0 });
      }
      await store.releaseLease(this.db, { whatsappId: connectionId, owner: this.owner });
      return;
    }
    if (command === 'newqr') {
      if (session) await session.close();
      await clearAuthState(this.db, connectionId);
    } else if (session) {
      await session.close();
    }
    const conn = await store.loadSessionConnection(this.db, connectionId);
    if (!conn) {
      this.sessions.delete(connectionId);
      await store.releaseLease(this.db, { whatsappId: connectionId, owner: this.owner });
      return;
    }
    session = new Session(this, conn);
    this.sessions.set(connectionId, session);
    try {
      await session.open();
    } catch (err) {
      // The socket could not even be made (Baileys failed to load, the database hiccuped): stopped, the admin retries.
      this.opts.logger?.error({ err, connectionId }, 'baileys session failed to start');
      this.sessions.delete(connectionId);
      await session.close();
      await store.releaseLease(this.db, { whatsappId: connectionId, owner: this.owner }).catch(() => undefined);
      await this.opts.ingest
        .connectionState({ connectionId, status: 'DISCONNECTED', qrcode: '', retries: 0 })
        .catch(() => undefined);
    }
  }

  /** A session ended for good (logged out, QR expired, gave up reconnecting): the lease goes, the row stays. */
  async forget(connectionId: number, session: Session) {
    if (this.sessions.get(connectionId) !== session) return;
    this.sessions.delete(connectionId);
    await store.releaseLease(this.db, { whatsappId: connectionId, owner: this.owner });
  }
}
