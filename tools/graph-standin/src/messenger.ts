/**
 * Builders of Messenger Platform webhooks (Facebook Pages: object `page`; Instagram messaging: object `instagram`),
 * in Meta's wire format. Each `messenger.*` builder returns one `entry[].messaging[]` item; `messengerEnvelope`
 * wraps items into a notification for one Page (or Instagram professional account).
 */
import { randomBytes } from 'node:crypto';
import type { Json } from './builders';

export type MessengerObject = 'page' | 'instagram';

/** A Messenger/Instagram message id as Meta writes them (`m_…` on Messenger, a long base64 on Instagram). */
export function newMid(): string {
  return `m_${randomBytes(24).toString('base64url')}`;
}

/** Milliseconds since the epoch, as Messenger timestamps are. */
export function epochMs(t?: number | Date): number {
  if (t instanceof Date) return t.getTime();
  if (typeof t === 'number') return t < 1e12 ? t * 1000 : t;
  return Date.now();
}

export interface MessengerOptions {
  /** The customer: a PSID (Messenger) or IGSID (Instagram). */
  from: string;
  /** The Page id (Messenger) or Instagram professional account id. */
  to: string;
  mid?: string;
  timestamp?: number | Date;
  /** The message replied to. */
  replyTo?: string;
}

function head(o: MessengerOptions): Json {
  return { sender: { id: o.from }, recipient: { id: o.to }, timestamp: epochMs(o.timestamp) };
}

function msg(o: MessengerOptions, fields: Json): Json {
  const message: Json = { mid: o.mid ?? newMid(), ...fields };
  if (o.replyTo) message.reply_to = { mid: o.replyTo };
  return { ...head(o), message };
}

export type AttachmentType = 'image' | 'video' | 'audio' | 'file' | 'sticker' | 'story_mention' | 'share' | 'ig_reel';

export const messenger = {
  text: (o: MessengerOptions & { text: string; quickReplyPayload?: string }) =>
    msg(o, o.quickReplyPayload ? { text: o.text, quick_reply: { payload: o.quickReplyPayload } } : { text: o.text }),

  attachment: (o: MessengerOptions & { type: AttachmentType; url: string; text?: string; stickerId?: number }) => {
    const payload: Json = { url: o.url };
    if (o.stickerId) payload.sticker_id = o.stickerId;
    const type = o.type === 'sticker' ? 'image' : o.type;
    const fields: Json = { attachments: [{ type, payload }] };
    if (o.text) fields.text = o.text;
    return msg(o, fields);
  },

  /** Messenger shares a location as a `location` attachment with coordinates (older clients). */
  location: (o: MessengerOptions & { lat: number; long: number; title?: string }) =>
    msg(o, {
      attachments: [
        { type: 'location', title: o.title ?? 'Localização', payload: { coordinates: { lat: o.lat, long: o.long } } },
      ],
    }),

  /** An Instagram story reply: the customer answered one of the business's stories. */
  storyReply: (o: MessengerOptions & { text: string; storyUrl: string; storyId?: string }) =>
    msg(o, { text: o.text, reply_to: { story: { url: o.storyUrl, id: o.storyId ?? String(Date.now()) } } }),

  /** The customer reacted to (or removed a reaction from) a message. */
  reaction: (
    o: Omit<MessengerOptions, 'mid' | 'replyTo'> & { targetMid: string; emoji?: string; action?: 'react' | 'unreact' },
  ) => ({
    ...head(o),
    reaction: {
      mid: o.targetMid,
      action: o.action ?? 'react',
      ...(o.action === 'unreact' ? {} : { reaction: 'other', emoji: o.emoji ?? '❤️' }),
    },
  }),

  /** A message the business sent (from the Page inbox, the phone app, or through the Send API): `is_echo`. */
  echo: (o: {
    page: string;
    to: string;
    text?: string;
    mid?: string;
    timestamp?: number | Date;
    appId?: string;
    metadata?: string;
  }) => {
    const message: Json = { mid: o.mid ?? newMid(), is_echo: true };
    if (o.appId) message.app_id = Number(o.appId);
    if (o.metadata) message.metadata = o.metadata;
    if (o.text !== undefined) message.text = o.text;
    return { sender: { id: o.page }, recipient: { id: o.to }, timestamp: epochMs(o.timestamp), message };
  },

  /** The customer deleted a message (Instagram `is_deleted`). */
  deleted: (o: MessengerOptions & { mid: string }) => ({ ...head(o), message: { mid: o.mid, is_deleted: true } }),

  /** A button of a template or the persistent menu was tapped. */
  postback: (o: MessengerOptions & { title: string; payload: string }) => ({
    ...head(o),
    postback: { mid: o.mid ?? newMid(), title: o.title, payload: o.payload },
  }),

  /** Messenger delivery receipt for messages the business sent. */
  delivery: (o: Omit<MessengerOptions, 'mid' | 'replyTo'> & { mids: string[] }) => ({
    ...head(o),
    delivery: { mids: o.mids, watermark: epochMs(o.timestamp) },
  }),

  /** Instagram read receipt of one message (Messenger sends only a watermark). */
  read: (o: Omit<MessengerOptions, 'mid' | 'replyTo'> & { mid?: string }) => ({
    ...head(o),
    read: o.mid ? { mid: o.mid } : { watermark: epochMs(o.timestamp) },
  }),
};

/** A notification for one Page / Instagram account carrying these `messaging[]` items. */
export function messengerEnvelope(object: MessengerObject, entryId: string, messaging: Json[], time?: number): Json {
  return { object, entry: [{ id: entryId, time: time ?? Date.now(), messaging }] };
}
