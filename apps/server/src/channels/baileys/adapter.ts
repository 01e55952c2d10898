import { phoneNumberVariants } from '@atendo/shared';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from '@whiskeysockets/baileys';
import type {
  ChannelAdapter,
  ContactCard,
  DownloadedMedia,
  InboundMedia,
  OutboundContent,
  OutboundFile,
  OutboundMessage,
  SendResult,
} from '../types';
import { ChannelError } from '../types';
import { messageFromHandle, toJid } from './map';
import type { BaileysSessionManager } from './sessions';
import { withTimeout } from './sessions';

export type MediaDownloader = (message: WAMessage, reupload?: (m: WAMessage) => Promise<WAMessage>) => Promise<Buffer>;

/** Baileys' own download (decrypts the file from WhatsApp's CDN; asks the phone to re-upload an expired one). */
export const baileysDownloader: MediaDownloader = async (message, reupload) => {
  const { downloadMediaMessage } = await import('@whiskeysockets/baileys');
  const { default: pino } = await import('pino');
  const logger = pino({ level: 'silent' });
  return downloadMediaMessage(message, 'buffer', {}, reupload ? { logger, reuploadRequest: reupload } : undefined);
};

const JID_HELD_MS = 24 * 60 * 60_000;
/** `connectionId:digits` → the jid WhatsApp answered for a Brazilian mobile (BaileysAdapter.jidOf). */
const brazilianJids = new Map<string, { jid: string; at: number }>();

function rememberJid(key: string, jid: string) {
  if (brazilianJids.size >= 10_000) brazilianJids.clear();
  brazilianJids.set(key, { jid, at: Date.now() });
}

/** A QR connection seen as a `ChannelAdapter`: sends through the socket this process owns. */
export class BaileysAdapter implements ChannelAdapter {
  readonly channel = 'whatsapp' as const;

  constructor(
    readonly connectionId: number,
    private readonly manager: BaileysSessionManager,
    private readonly download: MediaDownloader = baileysDownloader,
  ) {}

  private socket() {
    const session = this.manager.session(this.connectionId);
    if (!session?.sock || session.status !== 'CONNECTED') {
      // Another process may own the session, or it is reconnecting: a later attempt may succeed.
      throw new ChannelError('the WhatsApp session is not running in this process', true, 'WAPP_NOT_CONNECTED', 5_000);
    }
    return session.sock;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const sock = this.socket();
    const jid = await this.jidOf(sock, message.to);
    const content = await this.content(jid, message.content);
    const options: MiscMessageGenerationOptions = {};
    if (message.quotedExternalId) {
      const quoted = await this.storedMessage(message.quotedExternalId);
      options.quoted = {
        key: { remoteJid: jid, id: message.quotedExternalId, fromMe: quoted?.fromMe ?? false },
        message: { conversation: quoted?.body ?? '' },
      } as WAMessage;
    }
    let sent: WAMessage | undefined;
    try {
      sent = await withTimeout(sock.sendMessage(jid, content, options), this.manager.opts.sendTimeoutMs);
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new ChannelError(
        `WhatsApp send failed: ${(err as Error).message}`,
        true,
        code === 'TIMEOUT' ? 'TIMEOUT' : 'NETWORK',
        undefined,
        {
          cause: err,
        },
      );
    }
    if (!sent?.key?.id) throw new ChannelError('WhatsApp did not answer a message id', true, 'NO_ID');
    return { externalId: sent.key.id, recipient: jid };
  }

  /**
   * The jid a send goes to. A Brazilian mobile is asked of WhatsApp once (then held a day): an older account is known
   * without its ninth digit, a newer one with it, and a number is stored with it (decision 111) — a send to the other
   * form reaches no one. Anything else, or no answer, goes to the number as stored.
   */
  private async jidOf(sock: ReturnType<BaileysAdapter['socket']>, to: string): Promise<string> {
    const jid = toJid(to);
    const digits = jid.split('@')[0];
    if (to.includes('@') || phoneNumberVariants(digits).length < 2 || !sock.onWhatsApp) return jid;
    const key = `${this.connectionId}:${digits}`;
    const hit = brazilianJids.get(key);
    if (hit && Date.now() - hit.at < JID_HELD_MS) return hit.jid;
    const found = await withTimeout(sock.onWhatsApp(jid), this.manager.opts.sendTimeoutMs).catch(() => undefined);
    const known = found?.find((r) => r.exists)?.jid;
    if (!known) return jid;
    rememberJid(key, known);
    return known;
  }

  async checkNumbers(numbers: readonly string[]): Promise<{ number: string; exists: boolean }[]> {
    const sock = this.socket();
    if (!sock.onWhatsApp) throw new ChannelError('this WhatsApp session cannot look numbers up', false, 'NOT_SUPPORTED');
    const digits = numbers.map((n) => n.replace(/\D/g, '')).filter(Boolean);
    if (digits.length === 0) return [];
    const found = await withTimeout(
      sock.onWhatsApp(...digits.map((n) => `${n}@s.whatsapp.net`)),
      this.manager.opts.sendTimeoutMs,
    );
    // WhatsApp answers the numbers it knows (its jid may differ from the one asked: a ninth digit added or dropped).
    const known = new Set((found ?? []).filter((r) => r.exists).map((r) => r.jid.split('@')[0].replace(/\D/g, '')));
    return digits.map((number) => {
      // A Brazilian mobile is known under either form (decision 111's variants); what WhatsApp answered is the jid a
      // send to it will take (jidOf), so a campaign's check asks once.
      const forms = phoneNumberVariants(number);
      const hit = forms.find((v) => known.has(v));
      if (hit && forms.length > 1) rememberJid(`${this.connectionId}:${number}`, `${hit}@s.whatsapp.net`);
      return { number, exists: hit !== undefined };
    });
  }

  async markRead(externalId: string, from?: string): Promise<void> {
    const sock = this.socket();
    const key = from ? { remoteJid: toJid(from), id: externalId, fromMe: false } : await this.readKey(externalId);
    if (!key) return;
    await withTimeout(sock.readMessages([key]), this.manager.opts.sendTimeoutMs);
  }

  /** The key WhatsApp needs for a read receipt: the chat (the ticket's contact) and, in a group, who wrote. */
  private async readKey(externalId: string) {
    const r = await this.storedMessage(externalId);
    if (!r || r.fromMe) return null;
    return {
      remoteJid: toJid(r.chat),
      id: externalId,
      fromMe: false,
      ...(r.participant ? { participant: toJid(r.participant) } : {}),
    };
  }

  async downloadMedia(media: InboundMedia): Promise<DownloadedMedia> {
    if (!media.id) throw new ChannelError('WhatsApp media without handle', false, 'NO_MEDIA_ID');
    let message: WAMessage;
    try {
      message = messageFromHandle(media.id);
    } catch {
      throw new ChannelError('WhatsApp media handle is invalid', false, 'NO_MEDIA_ID');
    }
    const sock = this.manager.session(this.connectionId)?.sock;
    try {
      const data = await this.download(message, sock?.updateMediaMessage?.bind(sock));
      return { data: new Uint8Array(data), mimeType: media.mimeType ?? 'application/octet-stream', filename: media.filename };
    } catch (err) {
      const status = (err as { output?: { statusCode?: number } }).output?.statusCode;
      // 404/410: expired on WhatsApp's CDN and nobody to re-upload it.
      const gone = status === 404 || status === 410;
      throw new ChannelError(`WhatsApp media download failed: ${(err as Error).message}`, !gone, gone ? 'MEDIA_GONE' : 'NETWORK');
    }
  }

  private storedMessage(externalId: string) {
    return this.manager.opts.ingest.storedMessage(this.connectionId, externalId);
  }

  private async content(jid: string, c: OutboundContent): Promise<AnyMessageContent> {
    switch (c.type) {
      case 'text':
        return { text: c.body };
      case 'media': {
        const file = fileOf(c.file);
        const mimetype = c.file.mimeType ?? 'application/octet-stream';
        switch (c.mediaType) {
          case 'image':
            return { image: file, caption: c.caption, mimetype };
          case 'video':
            return { video: file, caption: c.caption, mimetype };
          case 'audio':
            // Voice notes are sent as push-to-talk (the composer records them; seed 000 §9).
            return { audio: file, mimetype, ptt: /ogg|opus|mpeg|mp3/.test(mimetype) };
          case 'sticker':
            return { sticker: file, mimetype };
          default:
            return { document: file, mimetype, fileName: c.file.filename ?? 'file', caption: c.caption };
        }
      }
      case 'reaction': {
        const target = await this.storedMessage(c.targetExternalId);
        return { react: { text: c.emoji, key: { remoteJid: jid, id: c.targetExternalId, fromMe: target?.fromMe ?? false } } };
      }
      case 'location':
        return {
          location: { degreesLatitude: c.latitude, degreesLongitude: c.longitude, name: c.name, address: c.address },
        };
      case 'contacts':
        return {
          contacts: {
            displayName: c.contacts.map((k) => k.name.formatted).join(', '),
            contacts: c.contacts.map((k) => ({ displayName: k.name.formatted, vcard: vcardOf(k) })),
          },
        };
      case 'interactive': {
        // WhatsApp no longer shows buttons and lists sent from a linked device: numbered options as text.
        const it = c.interactive;
        const options =
          it.kind === 'buttons'
            ? it.buttons.map((b, i) => `${i + 1}. ${b.title}`)
            : it.sections.flatMap((s) => s.rows.map((r) => `• ${r.title}${r.description ? ` — ${r.description}` : ''}`));
        const text = [it.header ? `*${it.header}*` : '', it.body, '', ...options, it.footer ? `\n_${it.footer}_` : '']
          .filter((l, i, a) => l !== '' || (i > 0 && a[i - 1] !== ''))
          .join('\n')
          .trim();
        return { text };
      }
      case 'template':
        throw new ChannelError('templates are a WhatsApp Cloud API feature', false, 'NOT_SUPPORTED');
    }
  }
}

function fileOf(f: OutboundFile): Buffer | { url: string } {
  if (f.kind === 'bytes') return Buffer.from(f.data);
  if (f.kind === 'link') return { url: f.url };
  throw new ChannelError('a WhatsApp QR connection cannot send a Cloud API media id', false, 'NOT_SUPPORTED');
}

function vcardOf(k: ContactCard) {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${k.name.formatted}`];
  if (k.org?.company) lines.push(`ORG:${k.org.company}`);
  for (const p of k.phones ?? []) {
    const digits = (p.waId ?? p.phone).replace(/\D/g, '');
    lines.push(`TEL;type=CELL;type=VOICE;waid=${digits}:${p.phone}`);
  }
  for (const e of k.emails ?? []) lines.push(`EMAIL:${e.email}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}
