/**
 * TEST ONLY. A Baileys socket that dials tools/baileys-standin (a stand-in of WhatsApp's servers) instead of
 * WhatsApp, so tests that run real API processes (npm run test:scale) can drive QR connections with recorded
 * Baileys events across processes. Selected by BAILEYS_STANDIN_URL, which the configuration refuses when
 * NODE_ENV=production and accepts only on a loopback address (src/config.ts): it adds no way in to the API (the
 * process dials out, as Baileys does), and a production process cannot be started with it.
 *
 * Wire: newline-delimited JSON over TCP, described in tools/baileys-standin/src/index.ts.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { AnyMessageContent, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { BaileysEventSource, BaileysSocketLike, SocketFactory, SocketFactoryOptions } from './socket';

/** JSON carries Buffers as `{ type: 'Buffer', data: [...] }` (Buffer#toJSON): back to Buffers, as Baileys gives them. */
const revive = (_key: string, value: unknown) =>
  value &&
  typeof value === 'object' &&
  (value as { type?: unknown }).type === 'Buffer' &&
  Array.isArray((value as { data?: unknown }).data)
    ? Buffer.from((value as { data: number[] }).data)
    : value;

/** The loopback address of a `tcp://host:port` stand-in URL; throws on anything else. */
export function standinAddress(url: string): { host: string; port: number } {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (u.protocol !== 'tcp:' || !u.port) throw new Error('BAILEYS_STANDIN_URL must look like tcp://127.0.0.1:PORT');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error('BAILEYS_STANDIN_URL must be a loopback address (the stand-in is a test tool)');
  }
  return { host, port: Number(u.port) };
}

class StandinSocket implements BaileysSocketLike {
  private readonly emitter = new EventEmitter();
  readonly ev: BaileysEventSource = {
    on: (event, listener) => void this.emitter.on(event, listener as (...a: unknown[]) => void),
    off: (event, listener) => void this.emitter.off(event, listener as (...a: unknown[]) => void),
    removeAllListeners: (event) => void (event ? this.emitter.removeAllListeners(event) : this.emitter.removeAllListeners()),
  };
  user: { id: string; lid?: string; name?: string } | undefined;
  private readonly tcp: net.Socket;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private rid = 0;
  private ended = false;

  constructor(address: { host: string; port: number }, opts: SocketFactoryOptions, owner: string) {
    this.tcp = net.connect(address.port, address.host);
    this.tcp.setEncoding('utf8');
    this.tcp.on('connect', () => this.write({ t: 'hello', connectionId: opts.connectionId, owner }));
    let buffered = '';
    this.tcp.on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim()) this.receive(JSON.parse(line, revive));
      }
    });
    this.tcp.on('error', () => undefined);
    this.tcp.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('the stand-in connection closed'));
      this.pending.clear();
      // The server went away: Baileys reports the connection closed (428) and the session reconnects with back-off.
      if (!this.ended) {
        this.ended = true;
        this.emitter.emit('connection.update', {
          connection: 'close',
          lastDisconnect: {
            error: Object.assign(new Error('Connection Closed'), { output: { statusCode: 428 } }),
            date: new Date(),
          },
        });
      }
    });
  }

  private write(msg: unknown) {
    if (!this.tcp.destroyed) this.tcp.write(`${JSON.stringify(msg)}\n`);
  }

  private receive(msg: {
    t: string;
    event?: string;
    payload?: unknown;
    user?: StandinSocket['user'];
    rid?: number;
    result?: unknown;
    error?: string;
  }) {
    if (msg.t === 'ev' && msg.event) {
      if (msg.user) this.user = msg.user;
      const u = msg.payload as { lastDisconnect?: { error?: { output?: unknown } } } | undefined;
      if (u?.lastDisconnect?.error) {
        // An error object as Baileys' Boom carries it (output.statusCode).
        u.lastDisconnect.error = Object.assign(new Error('closed'), u.lastDisconnect.error);
      }
      if (msg.event === 'connection.update' && (msg.payload as { connection?: string }).connection === 'close') this.ended = true;
      this.emitter.emit(msg.event, msg.payload);
    } else if (msg.t === 'res' && msg.rid !== undefined) {
      const p = this.pending.get(msg.rid);
      this.pending.delete(msg.rid);
      if (msg.error) p?.reject(new Error(msg.error));
      else p?.resolve(msg.result);
    }
  }

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.ended) return Promise.reject(new Error('the socket is closed'));
    const rid = ++this.rid;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(rid, { resolve: resolve as (v: unknown) => void, reject });
      this.write({ t: 'call', rid, method, args });
    });
  }

  sendMessage(jid: string, content: AnyMessageContent): Promise<WAMessage | undefined> {
    return this.call('sendMessage', jid, content);
  }
  async readMessages(keys: WAMessageKey[]) {
    await this.call('readMessages', keys);
  }
  async rejectCall(callId: string, callFrom: string) {
    await this.call('rejectCall', callId, callFrom);
  }
  async logout() {
    await this.call('logout');
    this.end(undefined);
  }
  groupMetadata(jid: string): Promise<{ subject?: string }> {
    return this.call('groupMetadata', jid);
  }
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined> {
    return this.call('onWhatsApp', ...jids);
  }
  end(_error: Error | undefined) {
    this.ended = true;
    this.tcp.end();
  }
}

/** The socket factory of BAILEYS_STANDIN_URL (test only; see the file's header). `owner` names this process to the stand-in. */
export function standinSocketFactory(url: string, owner: string): SocketFactory {
  const address = standinAddress(url);
  return (opts) => new StandinSocket(address, opts, owner);
}
