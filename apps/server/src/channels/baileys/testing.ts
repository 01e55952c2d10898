/**
 * Test stand-ins for WhatsApp's servers: a fake Baileys socket (an event emitter fed with recorded payload shapes)
 * and fixtures of Baileys events written from Baileys' own types (`WAMessage`, `WAMessageUpdate`, `WACallEvent`).
 */
import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  BaileysEventMap,
  proto,
  WACallEvent,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { BaileysEventSource, BaileysSocketLike, SocketFactory, SocketFactoryOptions } from './socket';

let idSeq = 0;
export const waId = (prefix = '3EB0') =>
  `${prefix}${Date.now().toString(16).toUpperCase()}${(++idSeq).toString(16).padStart(4, '0')}`;

export class FakeSocket implements BaileysSocketLike {
  private readonly emitter = new EventEmitter();
  readonly ev: BaileysEventSource = {
    on: (event, listener) => void this.emitter.on(event, listener as (...a: unknown[]) => void),
    off: (event, listener) => void this.emitter.off(event, listener as (...a: unknown[]) => void),
    removeAllListeners: (event) => void (event ? this.emitter.removeAllListeners(event) : this.emitter.removeAllListeners()),
  };
  user: { id: string; lid?: string } | undefined;
  readonly sent: { jid: string; content: AnyMessageContent; options?: unknown; id: string }[] = [];
  readonly read: WAMessageKey[][] = [];
  readonly rejected: { id: string; from: string }[] = [];
  loggedOut = false;
  ended = false;
  /** When set, sendMessage never answers (a stalled socket). */
  stall = false;

  constructor(readonly opts: SocketFactoryOptions) {}

  emit<T extends keyof BaileysEventMap>(event: T, payload: BaileysEventMap[T]) {
    this.emitter.emit(event, payload);
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: unknown): Promise<WAMessage | undefined> {
    if (this.stall) return new Promise<never>(() => undefined);
    const id = waId('3EB0OUT');
    this.sent.push({ jid, content, options, id });
    const text = (content as { text?: string }).text;
    return {
      key: { remoteJid: jid, fromMe: true, id },
      message: text !== undefined ? { conversation: text } : { extendedTextMessage: { text: '' } },
      messageTimestamp: Math.floor(Date.now() / 1000),
      status: 1,
    };
  }

  async readMessages(keys: WAMessageKey[]) {
    this.read.push(keys);
  }

  async rejectCall(callId: string, callFrom: string) {
    this.rejected.push({ id: callId, from: callFrom });
  }

  async logout() {
    this.loggedOut = true;
    this.end(undefined);
  }

  end(_error: Error | undefined) {
    this.ended = true;
  }

  async groupMetadata(_jid: string) {
    return { subject: 'Grupo' };
  }

  /** Numbers this fake "WhatsApp" knows (digits); onWhatsApp answers them as Baileys does (exists: true). */
  readonly onWhatsAppNumbers = new Set<string>();
  readonly lookups: string[][] = [];
  async onWhatsApp(...jids: string[]) {
    this.lookups.push(jids);
    // As WhatsApp does, a Brazilian mobile asked with or without its ninth digit is answered under the jid it has.
    const known = (n: string) =>
      [n, n.length === 13 && n.startsWith('55') ? n.slice(0, 4) + n.slice(5) : `${n.slice(0, 4)}9${n.slice(4)}`].find((v) =>
        this.onWhatsAppNumbers.has(v),
      );
    return jids
      .map((jid) => known(jid.split('@')[0]))
      .filter((n): n is string => Boolean(n))
      .map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: true }));
  }

  // ─── connection lifecycle as Baileys reports it ───────────────────────────
  qr(code = `2@${waId('QR')},fakeqr==`) {
    this.emit('connection.update', { connection: 'connecting', qr: code });
    return code;
  }
  paired() {
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
  }
  open(number = '5511900000000') {
    this.user = { id: `${number}:12@s.whatsapp.net`, lid: `98765432109876:12@lid` };
    this.emit('connection.update', { connection: 'open' });
  }
  close(statusCode: number) {
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() },
    });
  }
  upsert(messages: WAMessage[], type: 'notify' | 'append' = 'notify') {
    this.emit('messages.upsert', { messages, type });
  }
}

/** A socket factory that records every socket it made. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (opts) => {
    const s = new FakeSocket(opts);
    sockets.push(s);
    return s;
  };
  return { factory, sockets, last: (connectionId: number) => sockets.filter((s) => s.opts.connectionId === connectionId).at(-1) };
}

// ─── fixtures (Baileys payload shapes) ────────────────────────────────────────

export const pnJid = (digits: string) => `${digits}@s.whatsapp.net`;
export const lidJid = (digits: string) => `${digits}@lid`;

export interface MsgOpts {
  /** Chat jid (the customer's PN or LID jid, or a group). */
  chat: string;
  /** Alternative address of the chat (Baileys 7 remoteJidAlt). */
  chatAlt?: string;
  participant?: string;
  participantAlt?: string;
  fromMe?: boolean;
  pushName?: string;
  id?: string;
  at?: Date;
}

export function waMessage(o: MsgOpts, message: proto.IMessage): WAMessage {
  const key: WAMessageKey = {
    remoteJid: o.chat,
    fromMe: o.fromMe ?? false,
    id: o.id ?? waId(),
    ...(o.chatAlt ? { remoteJidAlt: o.chatAlt } : {}),
    ...(o.participant ? { participant: o.participant } : {}),
    ...(o.participantAlt ? { participantAlt: o.participantAlt } : {}),
  };
  return {
    key,
    message,
    messageTimestamp: Math.floor((o.at ?? new Date()).getTime() / 1000),
    pushName: o.pushName,
    broadcast: false,
  };
}

const mediaFields = (mimetype: string) => ({
  url: 'https://mmg.whatsapp.net/v/t62.7118-24/fake.enc',
  mimetype,
  fileSha256: Buffer.from('a'.repeat(32)),
  fileLength: 1234,
  mediaKey: Buffer.from('k'.repeat(32)),
  fileEncSha256: Buffer.from('e'.repeat(32)),
  directPath: '/v/t62.7118-24/fake.enc',
  mediaKeyTimestamp: Math.floor(Date.now() / 1000),
  jpegThumbnail: Buffer.from('thumb'),
});

/** One message of every type seed 000 §2 renders that WhatsApp carries. */
export const content = {
  text: (text: string): proto.IMessage => ({ conversation: text }),
  extendedText: (text: string, quotedId?: string): proto.IMessage => ({
    extendedTextMessage: { text, ...(quotedId ? { contextInfo: { stanzaId: quotedId, participant: '0@s.whatsapp.net' } } : {}) },
  }),
  linkPreview: (url: string): proto.IMessage => ({
    extendedTextMessage: {
      text: `olha ${url}`,
      matchedText: url,
      title: 'Atendo',
      description: 'Atendimento',
      jpegThumbnail: Buffer.from('x'),
    },
  }),
  image: (caption = ''): proto.IMessage => ({ imageMessage: { ...mediaFields('image/jpeg'), caption, height: 10, width: 10 } }),
  video: (caption = ''): proto.IMessage => ({ videoMessage: { ...mediaFields('video/mp4'), caption, seconds: 3 } }),
  ptt: (): proto.IMessage => ({ audioMessage: { ...mediaFields('audio/ogg; codecs=opus'), ptt: true, seconds: 4 } }),
  audio: (): proto.IMessage => ({ audioMessage: { ...mediaFields('audio/mpeg'), ptt: false, seconds: 40 } }),
  document: (fileName: string, caption?: string): proto.IMessage =>
    caption
      ? { documentWithCaptionMessage: { message: { documentMessage: { ...mediaFields('application/pdf'), fileName, caption } } } }
      : { documentMessage: { ...mediaFields('application/pdf'), fileName, title: fileName } },
  sticker: (): proto.IMessage => ({ stickerMessage: { ...mediaFields('image/webp'), isAnimated: false } }),
  location: (): proto.IMessage => ({
    locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: 'Praça da Sé', address: 'São Paulo' },
  }),
  contact: (name: string, digits: string): proto.IMessage => ({
    contactMessage: {
      displayName: name,
      vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;type=VOICE;waid=${digits}:+${digits}\nEND:VCARD`,
    },
  }),
  contacts: (people: [string, string][]): proto.IMessage => ({
    contactsArrayMessage: {
      displayName: `${people.length} contatos`,
      contacts: people.map(([name, digits]) => ({
        displayName: name,
        vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;waid=${digits}:+${digits}\nEND:VCARD`,
      })),
    },
  }),
  reaction: (target: WAMessageKey, emoji: string): proto.IMessage => ({
    reactionMessage: { key: target, text: emoji, senderTimestampMs: Date.now() },
  }),
  poll: (name: string, options: string[]): proto.IMessage => ({
    messageContextInfo: { messageSecret: Buffer.from('s'.repeat(32)) },
    pollCreationMessageV3: { name, options: options.map((optionName) => ({ optionName })), selectableOptionsCount: 1 },
  }),
  edit: (target: WAMessageKey, text: string): proto.IMessage => ({
    protocolMessage: { key: target, type: 14, editedMessage: { conversation: text }, timestampMs: Date.now() },
  }),
  revoke: (target: WAMessageKey): proto.IMessage => ({ protocolMessage: { key: target, type: 0 } }),
  viewOnce: (): proto.IMessage => ({
    viewOnceMessageV2: { message: { imageMessage: { ...mediaFields('image/jpeg'), viewOnce: true } } },
  }),
  listResponse: (rowId: string, title: string): proto.IMessage => ({
    listResponseMessage: { title, listType: 1, singleSelectReply: { selectedRowId: rowId }, description: 'Segunda a sexta' },
  }),
  buttonsResponse: (id: string, text: string): proto.IMessage => ({
    buttonsResponseMessage: { selectedButtonId: id, selectedDisplayText: text, type: 1 },
  }),
  event: (name: string, startTime: number): proto.IMessage => ({
    eventMessage: {
      name,
      description: 'Reunião mensal',
      startTime,
      joinLink: 'https://call.whatsapp.com/voice/x',
      isCanceled: false,
    },
  }),
  ephemeral: (inner: proto.IMessage): proto.IMessage => ({ ephemeralMessage: { message: inner } }),
};

export const statusUpdate = (key: WAMessageKey, status: number): WAMessageUpdate => ({ key, update: { status } });

export const callOffer = (from: string, o: { callerPn?: string; id?: string; isVideo?: boolean } = {}): WACallEvent => ({
  chatId: from,
  from,
  ...(o.callerPn ? { callerPn: o.callerPn } : {}),
  id: o.id ?? waId('CALL'),
  date: new Date(),
  isVideo: o.isVideo ?? false,
  isGroup: false,
  status: 'offer',
  offline: false,
});
