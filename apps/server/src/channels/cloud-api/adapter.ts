import type {
  ChannelAdapter,
  ContactCard,
  DownloadedMedia,
  FileMediaType,
  InboundMedia,
  OutboundContent,
  OutboundFile,
  OutboundMessage,
  SendResult,
} from '../types';
import { ChannelError } from '../types';
import { GraphClient, type GraphClientOptions, type GraphSendPayload } from './graph-client';

/** What the adapter needs from a `whatsappapi` connection row. */
export interface CloudApiConnection {
  id: number;
  phoneNumberId: string;
  accessToken: string;
}

export interface CloudApiAdapterOptions {
  baseUrl?: string;
  version?: string;
  timeoutMs?: number;
  /** Company download limit (seed 001 §9, default 64 MB). */
  maxDownloadBytes?: number;
  fetch?: typeof fetch;
}

/** The Cloud API type key of a file media type (documents are `document` there, `application` here). */
const GRAPH_MEDIA_KEY: Record<FileMediaType, string> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  sticker: 'sticker',
};

/** One Cloud API business number seen as a `ChannelAdapter`. Stateless: a new one per use is fine. */
export class CloudApiAdapter implements ChannelAdapter {
  readonly channel = 'whatsappapi' as const;
  readonly connectionId: number;
  readonly client: GraphClient;
  private readonly maxDownloadBytes: number;

  constructor(connection: CloudApiConnection, opts: CloudApiAdapterOptions = {}) {
    if (!connection.phoneNumberId || !connection.accessToken) {
      throw new ChannelError('Cloud API connection without phone number id or access token', false, 'NOT_CONFIGURED');
    }
    this.connectionId = connection.id;
    const clientOpts: GraphClientOptions = {
      baseUrl: opts.baseUrl,
      version: opts.version,
      accessToken: connection.accessToken,
      phoneNumberId: connection.phoneNumberId,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
    };
    this.client = new GraphClient(clientOpts);
    this.maxDownloadBytes = opts.maxDownloadBytes ?? 64 * 1024 * 1024;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    let content = message.content;
    // Bytes the product holds go to Meta's media store first; the message then refers to the media id.
    if (content.type === 'media' && content.file.kind === 'bytes') {
      const { data, mimeType, filename } = content.file;
      const id = await this.client.uploadMedia(data, mimeType, filename);
      content = { ...content, file: { kind: 'id', id, mimeType, filename } };
    }
    const payload = toGraphPayload({ ...message, content });
    const res = await this.client.sendMessage(payload);
    return { externalId: res.messages[0].id, recipient: res.contacts?.[0]?.wa_id };
  }

  async markRead(externalId: string): Promise<void> {
    await this.client.markRead(externalId);
  }

  async downloadMedia(media: InboundMedia): Promise<DownloadedMedia> {
    if (!media.id) throw new ChannelError('Cloud API media without id', false, 'NO_MEDIA_ID');
    const file = await this.client.downloadMedia(media.id, this.maxDownloadBytes);
    return { data: file.data, mimeType: media.mimeType ?? file.mimeType, filename: media.filename, sha256: file.sha256 };
  }
}

/** Translates an outbound message into the Cloud API send body. Files must be `id` or `link` by now. */
export function toGraphPayload(message: OutboundMessage): GraphSendPayload {
  const to = message.to.replace(/[^\d]/g, '') || message.to;
  const payload: GraphSendPayload = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    ...contentPayload(message.content),
  };
  if (message.quotedExternalId) payload.context = { message_id: message.quotedExternalId };
  // Echoed back in every status webhook of this message.
  if (message.reference && message.content.type !== 'reaction') payload.biz_opaque_callback_data = message.reference;
  return payload;
}

function contentPayload(content: OutboundContent): { type: string; [k: string]: unknown } {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: { body: content.body, preview_url: content.previewUrl ?? false } };
    case 'media': {
      const key = GRAPH_MEDIA_KEY[content.mediaType];
      const obj: Record<string, unknown> = fileRef(content.file);
      // Meta refuses captions on audio and stickers.
      if (content.caption && key !== 'audio' && key !== 'sticker') obj.caption = content.caption;
      if (key === 'document' && content.file.filename) obj.filename = content.file.filename;
      return { type: key, [key]: obj };
    }
    case 'reaction':
      return { type: 'reaction', reaction: { message_id: content.targetExternalId, emoji: content.emoji } };
    case 'location':
      return {
        type: 'location',
        location: dropUndefined({
          latitude: content.latitude,
          longitude: content.longitude,
          name: content.name,
          address: content.address,
        }),
      };
    case 'contacts':
      return { type: 'contacts', contacts: content.contacts.map(contactPayload) };
    case 'interactive': {
      const it = content.interactive;
      const common = dropUndefined({
        header: it.header ? { type: 'text', text: it.header } : undefined,
        body: { text: it.body },
        footer: it.footer ? { text: it.footer } : undefined,
      });
      if (it.kind === 'buttons') {
        return {
          type: 'interactive',
          interactive: {
            type: 'button',
            ...common,
            action: { buttons: it.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
          },
        };
      }
      return {
        type: 'interactive',
        interactive: {
          type: 'list',
          ...common,
          action: {
            button: it.buttonText,
            sections: it.sections.map((s) =>
              dropUndefined({
                title: s.title,
                rows: s.rows.map((r) => dropUndefined({ id: r.id, title: r.title, description: r.description })),
              }),
            ),
          },
        },
      };
    }
    case 'template':
      return {
        type: 'template',
        template: dropUndefined({
          name: content.template.name,
          language: { code: content.template.language },
          components: content.template.components,
        }),
      };
  }
}

function fileRef(file: OutboundFile): Record<string, unknown> {
  if (file.kind === 'id') return { id: file.id };
  if (file.kind === 'link') return { link: file.url };
  throw new ChannelError('file bytes must be uploaded before the send', false, 'INTERNAL');
}

function contactPayload(c: ContactCard) {
  const [first, ...rest] = c.name.formatted.split(' ');
  return dropUndefined({
    name: dropUndefined({
      formatted_name: c.name.formatted,
      // Meta wants at least one of first/last name besides the formatted one.
      first_name: c.name.first ?? first,
      last_name: c.name.last ?? (rest.length ? rest.join(' ') : undefined),
    }),
    phones: c.phones?.map((p) => dropUndefined({ phone: p.phone, wa_id: p.waId, type: p.type })),
    emails: c.emails?.map((e) => dropUndefined({ email: e.email, type: e.type })),
    org: c.org ? dropUndefined({ company: c.org.company, title: c.org.title }) : undefined,
    urls: c.urls?.map((u) => dropUndefined({ url: u.url, type: u.type })),
  });
}

function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
