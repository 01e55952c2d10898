/**
 * What the sessions use of a Baileys socket, and the factory that makes one. Tests inject a factory that returns a
 * fake socket (an event emitter fed with recorded payloads): WhatsApp's servers cannot be reached from CI.
 */
import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys';

export interface BaileysEventSource {
  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
  off?<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
  removeAllListeners?(event?: keyof BaileysEventMap): void;
}

/** The part of `ReturnType<typeof makeWASocket>` Atendo calls. */
export interface BaileysSocketLike {
  ev: BaileysEventSource;
  user?: { id: string; lid?: string; name?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void;
  groupMetadata?(jid: string): Promise<{ subject?: string }>;
  /** Baileys' lookup of which phone numbers have WhatsApp (one query for many jids). */
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null | undefined> } };
}

export interface SocketFactoryOptions {
  connectionId: number;
  auth: AuthenticationState;
  /** Ask the phone for the full history (an import is configured on the connection). */
  syncFullHistory: boolean;
}

export type SocketFactory = (opts: SocketFactoryOptions) => BaileysSocketLike | Promise<BaileysSocketLike>;

/** The real socket (loaded on first use, so a process without QR connections never loads Baileys' crypto). */
export const baileysSocketFactory: SocketFactory = async ({ auth, syncFullHistory }) => {
  const { default: makeWASocket, Browsers, makeCacheableSignalKeyStore } = await import('@whiskeysockets/baileys');
  const { default: pino } = await import('pino');
  const logger = pino({ level: process.env.BAILEYS_LOG_LEVEL ?? 'silent' });
  const sock = makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    browser: Browsers.ubuntu('Atendo'),
    markOnlineOnConnect: false,
    // Full history only when an import is configured; otherwise Baileys' default (recent chunks, LID mappings).
    syncFullHistory,
    ...(syncFullHistory ? { shouldSyncHistoryMessage: () => true } : {}),
    generateHighQualityLinkPreview: false,
  });
  return sock as unknown as BaileysSocketLike;
};
