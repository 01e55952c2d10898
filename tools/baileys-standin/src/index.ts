/**
 * A stand-in of WhatsApp's servers for the Baileys (QR) channel, for tests that run real API processes (test:scale).
 * WhatsApp cannot be reached from CI and its wire protocol (Noise over a websocket) cannot be faked faithfully, so the
 * API processes use, instead of Baileys' socket, a socket that dials this server (BAILEYS_STANDIN_URL, refused when
 * NODE_ENV=production) and receives Baileys events — the recorded payload shapes the unit tests feed their fake
 * socket — as newline-delimited JSON over TCP. Like WhatsApp, it knows which process's socket is connected for a
 * device: a second socket for the same connection replaces the first (close 440), a paired device opens at once,
 * and what the sockets send is recorded with the process that sent it.
 *
 * Wire (one JSON object per line; Buffers as Node's `{ "type": "Buffer", "data": [...] }`):
 * - socket → server: `{ t: 'hello', connectionId, owner }`; `{ t: 'call', rid, method, args }` (sendMessage,
 *   readMessages, rejectCall, logout, onWhatsApp, groupMetadata) answered by `{ t: 'res', rid, result | error }`.
 * - server → socket: `{ t: 'ev', event, payload, user? }` (a Baileys event; `user` is set on the socket first).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface BaileysStandinSent {
  connectionId: number;
  owner: string;
  jid: string;
  content: Record<string, unknown>;
  id: string;
  at: number;
}

export interface StandinDevice {
  connectionId: number;
  /** The phone number the device was paired with; null until pair(). */
  number: string | null;
  /** The API process (lease owner) whose socket is connected now; null when none is. */
  owner: string | null;
  /** Every owner that connected, in order (a takeover adds one). */
  owners: string[];
  loggedOut: boolean;
}

interface Peer {
  socket: net.Socket;
  connectionId: number;
  owner: string;
}

export interface BaileysStandin {
  url: string;
  devices: Map<number, StandinDevice>;
  sent: BaileysStandinSent[];
  /** Sends held by holdNextSend (never answered, never delivered). */
  held: BaileysStandinSent[];
  /**
   * The next send of this text is held: never answered and not delivered (the socket's process dies before WhatsApp
   * took it). Lets a test kill a process while its send job is in flight.
   */
  holdNextSend(text: string): void;
  /** Shows a QR code, then pairs the device with `number` and opens the connection (as the phone's scan does). */
  pair(connectionId: number, number: string): void;
  /** A customer's text arriving on the connection (messages.upsert, type notify); answers the message id. */
  deliverText(connectionId: number, o: { from: string; body: string; pushName?: string; id?: string }): string;
  /** Any Baileys event to the socket connected for the connection. */
  emit(connectionId: number, event: string, payload: unknown): void;
  close(): Promise<void>;
}

const waId = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;

export function startBaileysStandin(opts: { port?: number; host?: string } = {}): Promise<BaileysStandin> {
  const devices = new Map<number, StandinDevice>();
  const peers = new Map<number, Peer>();
  const sent: BaileysStandinSent[] = [];
  const held: BaileysStandinSent[] = [];
  const toHold = new Set<string>();
  const all = new Set<net.Socket>();

  const write = (socket: net.Socket, msg: unknown) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(msg)}\n`);
  };
  const userOf = (d: StandinDevice) =>
    d.number ? { id: `${d.number}:7@s.whatsapp.net`, lid: `${d.number.slice(-10)}0000:7@lid`, name: 'Atendo' } : undefined;
  const device = (connectionId: number) => {
    let d = devices.get(connectionId);
    if (!d) {
      d = { connectionId, number: null, owner: null, owners: [], loggedOut: false };
      devices.set(connectionId, d);
    }
    return d;
  };
  const peerOf = (connectionId: number) => {
    const p = peers.get(connectionId);
    if (!p || p.socket.destroyed) throw new Error(`no socket is connected for connection ${connectionId}`);
    return p;
  };
  const emit = (connectionId: number, event: string, payload: unknown, user?: unknown) =>
    write(peerOf(connectionId).socket, { t: 'ev', event, payload, ...(user ? { user } : {}) });

  /** The answer to a call; `undefined`: never answered (a held send). */
  function answer(peer: Peer, msg: { rid: number; method: string; args: unknown[] }) {
    const d = device(peer.connectionId);
    switch (msg.method) {
      case 'sendMessage': {
        const [jid, content] = msg.args as [string, Record<string, unknown>];
        const id = waId();
        if (typeof content.text === 'string' && toHold.delete(content.text)) {
          held.push({ connectionId: peer.connectionId, owner: peer.owner, jid, content, id, at: Date.now() });
          return undefined;
        }
        sent.push({ connectionId: peer.connectionId, owner: peer.owner, jid, content, id, at: Date.now() });
        const text = typeof content.text === 'string' ? content.text : '';
        return {
          key: { remoteJid: jid, fromMe: true, id },
          message: { conversation: text },
          messageTimestamp: Math.floor(Date.now() / 1000),
          status: 1,
        };
      }
      case 'logout':
        d.loggedOut = true;
        d.number = null;
        return null;
      case 'onWhatsApp':
        return (msg.args as string[]).map((jid) => ({ jid, exists: true }));
      case 'groupMetadata':
        return { subject: 'Grupo' };
      default:
        return null; // readMessages, rejectCall: acknowledged
    }
  }

  const server = net.createServer((socket) => {
    all.add(socket);
    socket.setEncoding('utf8');
    let peer: Peer | undefined;
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (!line.trim()) continue;
        const msg = JSON.parse(line);
        if (msg.t === 'hello') {
          const connectionId = Number(msg.connectionId);
          const old = peers.get(connectionId);
          if (old && !old.socket.destroyed) {
            // WhatsApp lets one socket per device: the older one is told it was replaced.
            write(old.socket, {
              t: 'ev',
              event: 'connection.update',
              payload: { connection: 'close', lastDisconnect: { error: { output: { statusCode: 440 } }, date: new Date() } },
            });
            old.socket.end();
          }
          peer = { socket, connectionId, owner: String(msg.owner) };
          peers.set(connectionId, peer);
          const d = device(connectionId);
          d.owner = peer.owner;
          d.owners.push(peer.owner);
          // A paired device connects straight away; a new one waits for pair() (the QR scan).
          if (d.number) write(socket, { t: 'ev', event: 'connection.update', payload: { connection: 'open' }, user: userOf(d) });
        } else if (msg.t === 'call' && peer) {
          try {
            const result = answer(peer, msg);
            if (result !== undefined) write(socket, { t: 'res', rid: msg.rid, result });
          } catch (err) {
            write(socket, { t: 'res', rid: msg.rid, error: String((err as Error).message) });
          }
        }
      }
    });
    const gone = () => {
      all.delete(socket);
      if (peer && peers.get(peer.connectionId) === peer) {
        peers.delete(peer.connectionId);
        device(peer.connectionId).owner = null;
      }
    };
    socket.on('close', gone);
    socket.on('error', () => undefined);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const addr = server.address() as net.AddressInfo;
      resolve({
        url: `tcp://${opts.host ?? '127.0.0.1'}:${addr.port}`,
        devices,
        sent,
        held,
        holdNextSend: (text) => void toHold.add(text),
        pair(connectionId, number) {
          const d = device(connectionId);
          emit(connectionId, 'connection.update', { connection: 'connecting', qr: `2@${waId()},standin==` });
          d.number = number;
          d.loggedOut = false;
          emit(connectionId, 'connection.update', { isNewLogin: true, qr: undefined });
          emit(connectionId, 'connection.update', { connection: 'open' }, userOf(d));
        },
        deliverText(connectionId, o) {
          const id = o.id ?? waId();
          emit(connectionId, 'messages.upsert', {
            type: 'notify',
            messages: [
              {
                key: { remoteJid: `${o.from}@s.whatsapp.net`, fromMe: false, id },
                message: { conversation: o.body },
                messageTimestamp: Math.floor(Date.now() / 1000),
                pushName: o.pushName ?? 'Cliente',
                broadcast: false,
              },
            ],
          });
          return id;
        },
        emit: (connectionId, event, payload) => emit(connectionId, event, payload),
        close: () =>
          new Promise<void>((done) => {
            for (const s of all) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
