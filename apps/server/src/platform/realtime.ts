import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  type CompanyEventMap,
  type CompanyEventName,
  companyEventName,
  type GlobalEventMap,
  type ImportMessagesEvent,
  TICKET_STATUSES,
} from '@atendo/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type Namespace, Server, type Socket } from 'socket.io';
import { authenticate, type ContextLoader, enforceAccess, type TokenService } from './auth';
import { isSubscriptionExpired, type TenantContext } from './context';
import { AppError } from './errors';
import type { App } from './http';
import { isAllowedOrigin, type OriginPolicy } from './origins';
import { EVENTS_FOR_EXPIRED, type RealtimePublisher, rooms } from './realtime-port';
import { WriteCoalescer } from './realtime-writes';

/** Business answers the gateway needs; given by the modules at wiring time (the gateway holds no rules). */
export interface RealtimeHandlers {
  /** Rooms a socket joins on connect besides user:{id}: its queues, noqueue, admins. */
  roomsFor(ctx: TenantContext): Promise<string[]>;
  /** The client's presence ping (userStatus): mark online and tell the admins. */
  userStatus(ctx: TenantContext): Promise<void>;
  /** Whether the user may follow a ticket's room (joinChatBox); company isolation is already given by the namespace. */
  canJoinTicket?(ctx: TenantContext, ticketId: number): Promise<boolean>;
  /** The user's last socket (in every process) closed and stayed closed for the grace: offline, and the admins see it. */
  userOffline?(ctx: TenantContext): Promise<void>;
}

/** How long a user may have no socket before going offline: a page reload reconnects well within it. */
export const PRESENCE_GRACE_MS = 5_000;

/** Runs `fn` after `ms` and returns its cancel; tests pass a clock they drive themselves. */
export type Scheduler = (fn: () => Promise<void>, ms: number) => () => void;

const timerScheduler: Scheduler = (fn, ms) => {
  const timer = setTimeout(() => void fn(), ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface SocketGatewayOptions {
  /** The web origins CORS lets in, with credentials (platform/origins.ts). */
  origins: OriginPolicy;
  tokens: TokenService;
  loadContext: ContextLoader;
  handlers: RealtimeHandlers;
  logger?: FastifyBaseLogger;
  /** Several processes: a Redis adapter fans events out; `redisKey` prefixes its channels. */
  redisUrl?: string;
  redisKey?: string;
  /** Minimum time between two userStatus writes of one socket. */
  userStatusThrottleMs?: number;
  /** Wait between a user's last socket closing and marking them offline (PRESENCE_GRACE_MS). */
  presenceGraceMs?: number;
  /** Timer of the presence grace (setTimeout unless a test drives it). */
  schedule?: Scheduler;
  /** A socket written less than this long ago gathers what follows into one write (realtime-writes.ts); 0 = off. */
  flushWindowMs?: number;
}

interface SocketData {
  ctx: TenantContext;
  rooms: string[];
  lastUserStatus?: number;
}

type AppSocket = Socket<ClientToServerEvents, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>;

const NAMESPACE = /^\/\d{1,10}$/;
/** socket.io's ParentNamespace (not exported by the package): creates children that inherit its middleware. */
type ParentNamespace = Namespace & { createChild(name: string): Namespace };
const TICKET_ID = /^\d{1,10}$/;

type Ack = (answer: { ok: boolean; error?: string }) => void;
/** Client emits may carry an acknowledgement callback as last argument; answer it when present. */
function ackOf(args: unknown[]): Ack {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : () => {};
}

/**
 * The only code that touches socket.io. One namespace per company (`/{companyId}`), created on demand
 * as a child of a parent namespace so the handshake check always applies; events are emitted as
 * `company-{id}-{event}` to the whole namespace or to rooms (see `rooms`).
 */
export class SocketGateway implements RealtimePublisher {
  readonly io: Server;
  private parent: ParentNamespace;
  private redis: Redis[] = [];
  /** Global events (every company) travel on their own Redis channel: each process emits them to its own sockets. */
  private globalChannel?: string;
  /** Tells this process' own signals from other processes' on the global channel. */
  private readonly instanceId = randomUUID();
  private readonly signalHandlers = new Map<string, ((payload: object) => void)[]>();
  private closed = false;
  /** Pending offline checks by `companyId:userId`: a newer disconnect of the user replaces the older one. */
  private offlineChecks = new Map<string, () => void>();
  private readonly writes: WriteCoalescer;

  constructor(private opts: SocketGatewayOptions) {
    this.writes = new WriteCoalescer(opts.flushWindowMs ?? 0);
    this.io = new Server({
      cors: (req, done) =>
        done(null, { origin: isAllowedOrigin(opts.origins, req.headers.origin, req.headers.host), credentials: true }),
      serveClient: false,
      // One JSON event should never be large; a client sending more is cut off.
      maxHttpBufferSize: 64 * 1024,
      connectTimeout: 10_000,
    });
    // The default namespace serves nothing: refuse it so nobody idles there unauthenticated.
    this.io.of('/').use((_socket, next) => next(Object.assign(new Error('ERR_NOT_FOUND'), { data: { error: 'ERR_NOT_FOUND' } })));
    this.parent = this.io.of(NAMESPACE) as unknown as ParentNamespace;
    this.parent.use((socket, next) => {
      this.handshake(socket as AppSocket)
        .then(() => next())
        .catch((err) => {
          const code = err instanceof AppError ? err.code : 'ERR_SESSION_EXPIRED';
          if (!(err instanceof AppError)) opts.logger?.warn({ err }, 'socket handshake failed');
          next(Object.assign(new Error(code), { data: { error: code } }));
        });
    });
    this.parent.on('connection', (socket: AppSocket) => this.onConnection(socket));
  }

  /** Attaches to the API's HTTP server (same origin and port as the API). */
  attach(server: HttpServer) {
    this.io.attach(server);
    this.io.engine.on('connection', (conn: unknown) => this.writes.attach(conn));
  }

  /** Connects the Redis adapter (REDIS_URL): events published in any process reach sockets of every process. */
  async useRedis(url: string, key = this.opts.redisKey ?? 'atendo-io') {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => this.opts.logger?.error({ err }, 'realtime redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    const globalSub = pub.duplicate();
    globalSub.on('error', (err) => this.opts.logger?.error({ err }, 'realtime redis error'));
    await globalSub.connect();
    this.globalChannel = `${key}#global`;
    await globalSub.subscribe(this.globalChannel);
    globalSub.on('message', (channel: string, message: string) => {
      if (channel !== this.globalChannel) return;
      try {
        const { event, payload, signal, from } = JSON.parse(message) as {
          event?: string;
          payload: unknown;
          signal?: string;
          from?: string;
        };
        if (signal) {
          if (from !== this.instanceId) this.deliverSignal(signal, payload as object);
          return;
        }
        if (event === 'company-announcement') this.emitLocalGlobal(event, payload as GlobalEventMap[typeof event]);
      } catch (err) {
        this.opts.logger?.warn({ err }, 'realtime global event unreadable');
      }
    });
    this.redis = [pub, sub, globalSub];
    this.io.adapter(createAdapter(pub, sub, { key }));
  }

  private async handshake(socket: AppSocket) {
    const companyId = Number(socket.nsp.name.slice(1));
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const ctx = await authenticate(this.opts.tokens, this.opts.loadContext, typeof token === 'string' ? token : null);
    // Another company's namespace is refused like a bad token: nothing tells it exists.
    if (ctx.companyId !== companyId) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claimed = socket.handshake.query.userId;
    if (claimed !== undefined && String(claimed) !== String(ctx.user.id)) throw new AppError('ERR_SESSION_EXPIRED', 401);
    // An expired subscription still hears its payment events (the finance page); an inactive company does not.
    enforceAccess(ctx, { allowExpired: true });
    socket.data.ctx = ctx;
    // Rooms are decided before the connection is accepted: the client emits (joinNotification, userStatus)
    // right on 'connect', and events published from then on must find the socket in its rooms.
    // An expired company's socket joins no audience room: it waits for its payment (reconnecting after it).
    socket.data.rooms = isSubscriptionExpired(ctx.company)
      ? [rooms.user(ctx.user.id), rooms.expired()]
      : [rooms.user(ctx.user.id), ...(await this.opts.handlers.roomsFor(ctx))];
  }

  /** Synchronous on purpose: rooms and handlers are in place before any client emit is read. */
  private onConnection(socket: AppSocket) {
    const { ctx } = socket.data;
    socket.join(socket.data.rooms);

    socket.on('joinNotification', (...args: unknown[]) => {
      socket.join(rooms.notification());
      ackOf(args)({ ok: true });
    });
    socket.on('leaveNotification', (...args: unknown[]) => {
      socket.leave(rooms.notification());
      ackOf(args)({ ok: true });
    });
    socket.on('joinTickets', (...args: unknown[]) => {
      const status = args[0];
      if (typeof status !== 'string' || !(TICKET_STATUSES as readonly string[]).includes(status)) {
        return ackOf(args)({ ok: false, error: 'ERR_VALIDATION' });
      }
      socket.join(rooms.status(status));
      ackOf(args)({ ok: true });
    });
    socket.on('leaveTickets', (...args: unknown[]) => {
      const status = args[0];
      if (typeof status !== 'string' || !(TICKET_STATUSES as readonly string[]).includes(status)) {
        return ackOf(args)({ ok: false, error: 'ERR_VALIDATION' });
      }
      socket.leave(rooms.status(status));
      ackOf(args)({ ok: true });
    });
    socket.on('joinChatBox', (...args: unknown[]) => {
      const raw = args[0];
      const ack = ackOf(args);
      if ((typeof raw !== 'string' && typeof raw !== 'number') || !TICKET_ID.test(String(raw)) || Number(raw) <= 0) {
        return ack({ ok: false, error: 'ERR_VALIDATION' });
      }
      const ticketId = Number(raw);
      // Without a rule nobody follows a ticket room: the room carries the ticket's messages.
      const check = this.opts.handlers.canJoinTicket?.(ctx, ticketId) ?? Promise.resolve(false);
      check
        .then((ok) => {
          if (!ok) return ack({ ok: false, error: 'ERR_NO_TICKET_FOUND' });
          socket.join(rooms.ticket(ticketId));
          ack({ ok: true });
        })
        .catch((err) => {
          this.opts.logger?.error({ err }, 'joinChatBox failed');
          ack({ ok: false, error: 'ERR_INTERNAL' });
        });
    });
    socket.on('joinChatBoxLeave', (...args: unknown[]) => {
      const raw = args[0];
      if ((typeof raw !== 'string' && typeof raw !== 'number') || !TICKET_ID.test(String(raw))) {
        return ackOf(args)({ ok: false, error: 'ERR_VALIDATION' });
      }
      socket.leave(rooms.ticket(Number(raw)));
      ackOf(args)({ ok: true });
    });
    socket.on('disconnect', () => this.scheduleOfflineCheck(socket));
    socket.on('userStatus', (...args: unknown[]) => {
      const ack = ackOf(args);
      const now = Date.now();
      const throttle = this.opts.userStatusThrottleMs ?? 5_000;
      if (socket.data.lastUserStatus && now - socket.data.lastUserStatus < throttle) return ack({ ok: true });
      socket.data.lastUserStatus = now;
      this.opts.handlers
        .userStatus(ctx)
        .then(() => ack({ ok: true }))
        .catch((err) => {
          this.opts.logger?.error({ err }, 'userStatus failed');
          ack({ ok: false, error: 'ERR_INTERNAL' });
        });
    });
  }

  /**
   * After the grace, a user with no socket left in any process (fetchSockets asks every process through
   * the adapter) goes offline. A reconnect within the grace is found by that check, so a reload never
   * shows offline; closing the gateway (shutdown) marks nobody.
   */
  private scheduleOfflineCheck(socket: AppSocket) {
    if (this.closed) return;
    const { ctx } = socket.data;
    const nsp = socket.nsp;
    const key = `${ctx.companyId}:${ctx.user.id}`;
    this.offlineChecks.get(key)?.();
    const schedule = this.opts.schedule ?? timerScheduler;
    const cancel = schedule(async () => {
      if (this.offlineChecks.get(key) === cancel) this.offlineChecks.delete(key);
      if (this.closed) return;
      try {
        const left = await nsp.in(rooms.user(ctx.user.id)).fetchSockets();
        if (left.length > 0 || this.closed) return;
        await this.opts.handlers.userOffline?.(ctx);
      } catch (err) {
        // another process did not answer in time: the per-minute sweep decides instead
        this.opts.logger?.warn({ err }, 'presence check failed');
      }
    }, this.opts.presenceGraceMs ?? PRESENCE_GRACE_MS);
    this.offlineChecks.set(key, cancel);
  }

  /** The company's namespace; created as a child of the parent (never `io.of(name)`, which would skip the handshake check). */
  private namespace(companyId: number): Namespace | undefined {
    const name = `/${companyId}`;
    const existing = this.io._nsps.get(name);
    if (existing) return existing;
    // No local socket: only another process can have listeners, and only through Redis.
    if (this.redis.length === 0) return undefined;
    return this.parent.createChild(name);
  }

  publish<K extends CompanyEventName>(companyId: number, event: K, payload: CompanyEventMap[K], to?: string[]) {
    if (this.closed || !Number.isSafeInteger(companyId) || companyId <= 0) return;
    if (to && to.length === 0) return; // no room means nobody, never everybody
    const nsp = this.namespace(companyId);
    if (!nsp) return;
    const wire = companyEventName(companyId, event);
    // Sockets of an expired subscription hear only what the finance page needs, whatever rooms they joined.
    const target = EVENTS_FOR_EXPIRED.includes(event) ? nsp : nsp.except(rooms.expired());
    if (to) target.to(to).emit(wire, payload);
    else target.emit(wire, payload);
  }

  publishImportMessages(companyId: number, payload: ImportMessagesEvent) {
    if (this.closed || !Number.isSafeInteger(companyId) || companyId <= 0) return;
    this.namespace(companyId)?.except(rooms.expired()).emit(`importMessages-${companyId}`, payload);
  }

  /** `company-announcement` to every company's sockets, in this process and (through Redis) every other. */
  publishGlobal<K extends keyof GlobalEventMap>(event: K, payload: GlobalEventMap[K]) {
    if (this.closed) return;
    const [pub] = this.redis;
    if (pub && this.globalChannel) {
      pub.publish(this.globalChannel, JSON.stringify({ event, payload })).catch((err) => {
        this.opts.logger?.error({ err }, 'realtime global publish failed');
      });
      return;
    }
    this.emitLocalGlobal(event, payload);
  }

  /**
   * A signal between the API processes, not for sockets (`setup.changed`: drop your caches): the other processes'
   * handlers hear it through Redis; this process already acted on it. Without Redis there is no other process.
   */
  relaySignal(name: string, payload: object) {
    const [pub] = this.redis;
    if (this.closed || !pub || !this.globalChannel) return;
    pub.publish(this.globalChannel, JSON.stringify({ signal: name, payload, from: this.instanceId })).catch((err) => {
      this.opts.logger?.error({ err, signal: name }, 'realtime signal relay failed');
    });
  }

  /** What this process does when another process relays `name`. */
  onSignal(name: string, handler: (payload: object) => void) {
    const list = this.signalHandlers.get(name) ?? [];
    list.push(handler);
    this.signalHandlers.set(name, list);
  }

  private deliverSignal(name: string, payload: object) {
    for (const handler of this.signalHandlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.opts.logger?.error({ err, signal: name }, 'realtime signal handler failed');
      }
    }
  }

  /** Every company namespace of this process (`/{id}`): local only, each process reaches its own sockets. */
  private emitLocalGlobal<K extends keyof GlobalEventMap>(event: K, payload: GlobalEventMap[K]) {
    if (this.closed) return;
    for (const [name, nsp] of this.io._nsps) if (/^\/\d+$/.test(name)) nsp.local.emit(event, payload);
  }

  /** Ends a user's sockets in every process — on the next tick, so an event published just before reaches them first. */
  disconnectUser(companyId: number, userId: number) {
    setImmediate(() => {
      if (this.closed) return;
      this.namespace(companyId)?.in(rooms.user(userId)).disconnectSockets(true);
    });
  }

  setUserRooms(companyId: number, userId: number, change: { leave: string[]; join: string[] }) {
    const nsp = this.namespace(companyId);
    if (!nsp) return;
    if (change.leave.length) nsp.in(rooms.user(userId)).socketsLeave(change.leave);
    if (change.join.length) nsp.in(rooms.user(userId)).socketsJoin(change.join);
  }

  /** Sockets connected to this process in the company namespaces (GET /metrics). */
  localSockets(): number {
    let n = 0;
    for (const [name, nsp] of this.io._nsps) if (/^\/\d+$/.test(name)) n += nsp.sockets.size;
    return n;
  }

  /** Attaches to the app's HTTP server and closes the sockets first when the app closes (so HTTP can drain). */
  register(app: App) {
    this.attach(app.server);
    app.addHook('preClose', async () => {
      await this.close();
    });
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    for (const cancel of this.offlineChecks.values()) cancel();
    this.offlineChecks.clear();
    this.writes.close();
    // Closes every socket and the adapters; the HTTP server is closed by Fastify.
    await new Promise<void>((resolve) => {
      this.io.close(() => resolve());
    }).catch(() => {});
    await Promise.all(this.redis.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
