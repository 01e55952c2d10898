import type {
  ChannelAdapter,
  ContactCard,
  DownloadedMedia,
  FileMediaType,
  InboundMedia,
  OutboundContent,
  OutboundMessage,
  SendResult,
} from '../types';
import { ChannelError } from '../types';
import { MessengerClient, type MessengerClientOptions } from './client';
import { METADATA_PREFIX, type MessengerChannel } from './map';

/** What the adapter needs from a `facebook` / `instagram` connection row. */
export interface MessengerConnection {
  id: number;
  channel: MessengerChannel;
  /** The Page access token (`tokenMeta`); Instagram messaging is sent with the linked Page's token. */
  pageToken: string;
}

export interface MessengerAdapterOptions extends MessengerClientOptions {
  maxDownloadBytes?: number;
}

const ATTACHMENT_TYPE: Record<FileMediaType, string> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  application: 'file',
};

/** Quick replies: at most 13, titles of at most 20 characters (Messenger Platform limits). */
const quickReplies = (items: { id: string; title: string }[]) =>
  items.slice(0, 13).map((b) => ({ content_type: 'text', title: b.title.slice(0, 20), payload: b.id || b.title }));

/** One Facebook Page or Instagram account seen as a `ChannelAdapter`. Stateless. */
export class MessengerAdapter implements ChannelAdapter {
  readonly channel: MessengerChannel;
  readonly connectionId: number;
  readonly client: MessengerClient;
  private readonly token: string;
  private readonly maxDownloadBytes: number;

  constructor(connection: MessengerConnection, opts: MessengerAdapterOptions = {}) {
    if (!connection.pageToken) throw new ChannelError('Page connection without a Page access token', false, 'NOT_CONFIGURED');
    this.channel = connection.channel;
    this.connectionId = connection.id;
    this.token = connection.pageToken;
    this.client = new MessengerClient(opts);
    this.maxDownloadBytes = opts.maxDownloadBytes ?? 64 * 1024 * 1024;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const recipient = { id: message.to };
    const { content } = message;
    if (content.type === 'reaction') {
      await this.client.send(this.token, {
        recipient,
        sender_action: content.emoji ? 'react' : 'unreact',
        payload: { message_id: content.targetExternalId, ...(content.emoji ? { reaction: 'love' } : {}) },
      });
      return { externalId: `reaction.${content.targetExternalId}.out.${message.reference ?? Date.now()}`, recipient: message.to };
    }
    const extra: Record<string, unknown> = {};
    if (message.reference) extra.metadata = `${METADATA_PREFIX}${message.reference}`;
    if (message.quotedExternalId) extra.reply_to = { mid: message.quotedExternalId };

    if (content.type === 'media') {
      // Attachments carry no caption on Messenger: the caption goes first as its own text.
      if (content.caption?.trim())
        await this.client.send(this.token, { recipient, messaging_type: 'RESPONSE', message: { text: content.caption } });
      const type = ATTACHMENT_TYPE[content.mediaType];
      const file = content.file;
      const res =
        file.kind === 'bytes'
          ? await this.client.sendFile(
              this.token,
              {
                recipient,
                messaging_type: 'RESPONSE',
                message: { attachment: { type, payload: { is_reusable: false } }, ...extra },
              },
              { data: file.data, mimeType: file.mimeType, filename: file.filename },
            )
          : await this.client.send(this.token, {
              recipient,
              messaging_type: 'RESPONSE',
              message: {
                attachment: {
                  type,
                  payload: file.kind === 'link' ? { url: file.url, is_reusable: true } : { attachment_id: file.id },
                },
                ...extra,
              },
            });
      return result(res, message.to);
    }
    const res = await this.client.send(this.token, {
      recipient,
      messaging_type: 'RESPONSE',
      message: { ...textMessage(content), ...extra },
    });
    return result(res, message.to);
  }

  async markRead(_externalId: string, from?: string): Promise<void> {
    if (!from) return;
    await this.client.send(this.token, { recipient: { id: from }, sender_action: 'mark_seen' });
  }

  async downloadMedia(media: InboundMedia): Promise<DownloadedMedia> {
    if (!media.url) throw new ChannelError('Messenger attachment without url', false, 'NO_MEDIA_URL');
    const file = await this.client.download(media.url, this.maxDownloadBytes);
    return { data: file.data, mimeType: media.mimeType ?? file.mimeType, filename: media.filename, sha256: file.sha256 };
  }
}

function result(res: { message_id?: string; recipient_id?: string }, to: string): SendResult {
  if (!res.message_id) throw new ChannelError('Send API answered without a message id', true, 'NO_MESSAGE_ID');
  return { externalId: res.message_id, recipient: res.recipient_id ?? to };
}

/** Every non-file content as a Messenger message: text, with quick replies for buttons and lists. */
export function textMessage(
  content: Exclude<OutboundContent, { type: 'media' } | { type: 'reaction' }>,
): Record<string, unknown> {
  switch (content.type) {
    case 'text':
      return { text: content.body };
    case 'location': {
      const where = [content.name, content.address].filter(Boolean).join(' - ');
      const link = `https://maps.google.com/maps?q=${content.latitude}%2C${content.longitude}`;
      return { text: where ? `${where}\n${link}` : link };
    }
    case 'contacts':
      return { text: content.contacts.map(cardText).join('\n\n') };
    case 'interactive': {
      const it = content.interactive;
      const text = [it.header, it.body, it.footer].filter(Boolean).join('\n\n');
      const items = it.kind === 'buttons' ? it.buttons : it.sections.flatMap((s) => s.rows);
      return { text, quick_replies: quickReplies(items) };
    }
    case 'template':
      throw new ChannelError('WhatsApp templates cannot be sent on Messenger or Instagram', false, 'CHANNEL_NOT_SUPPORTED');
  }
}

function cardText(c: ContactCard) {
  return [c.name.formatted, ...(c.phones ?? []).map((p) => p.phone), ...(c.emails ?? []).map((e) => e.email)].join('\n');
}
