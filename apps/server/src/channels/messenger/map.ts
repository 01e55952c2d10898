/**
 * Pure mapping of Messenger Platform webhooks (object `page` for Facebook Pages, `instagram` for Instagram
 * professional accounts) into `InboundEvent`s. No I/O: the caller says which connections an entry belongs to.
 */
import type { InboundEvent, InboundMedia, InboundMessage, MessageMediaType } from '../types';

export type MessengerChannel = 'facebook' | 'instagram';

/** Send API `message.metadata` Atendo puts on its own sends: its echo is then a delivery report, not a new message. */
export const METADATA_PREFIX = 'atendo:';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);

/** The channel of a notification's `object`, or null for notifications this adapter does not serve. */
export function channelOfObject(object: unknown): MessengerChannel | null {
  if (object === 'page') return 'facebook';
  if (object === 'instagram') return 'instagram';
  return null;
}

export interface MessengerEntryRef {
  channel: MessengerChannel;
  /** Page id or Instagram professional account id (`entry.id`). */
  entryId: string;
  messaging: Obj[];
}

/** The entries of a notification with their `messaging[]` items (Instagram `changes` of field messages too). */
export function listEntries(payload: unknown): MessengerEntryRef[] {
  if (!isObj(payload)) return [];
  const channel = channelOfObject(payload.object);
  if (!channel) return [];
  const out: MessengerEntryRef[] = [];
  for (const entry of arr(payload.entry)) {
    if (!isObj(entry)) continue;
    const entryId = str(entry.id);
    if (!entryId) continue;
    const messaging = arr(entry.messaging).filter(isObj);
    // The Instagram API with Instagram Login delivers messages as `changes: [{field: 'messages', value}]`.
    for (const change of arr(entry.changes)) {
      if (isObj(change) && change.field === 'messages' && isObj(change.value)) messaging.push(change.value);
    }
    if (messaging.length) out.push({ channel, entryId, messaging });
  }
  return out;
}

/** Maps every entry; entries no connection serves are listed in `unknownEntries`. */
export function mapMessengerWebhook(
  payload: unknown,
  connectionsFor: (channel: MessengerChannel, entryId: string) => number[],
): { events: InboundEvent[]; unknownEntries: string[] } {
  const events: InboundEvent[] = [];
  const unknownEntries: string[] = [];
  for (const entry of listEntries(payload)) {
    const ids = connectionsFor(entry.channel, entry.entryId);
    if (!ids.length) {
      unknownEntries.push(entry.entryId);
      continue;
    }
    for (const connectionId of ids) {
      for (const item of entry.messaging) events.push(...mapMessaging(item, entry.channel, entry.entryId, connectionId));
    }
  }
  return { events, unknownEntries };
}

const ATTACHMENT_TYPES: Record<string, MessageMediaType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'application',
  story_mention: 'image',
};

/** Maps one `messaging[]` item: a message (or echo, deletion), a reaction, a postback, a delivery or read receipt. */
export function mapMessaging(item: Obj, channel: MessengerChannel, entryId: string, connectionId: number): InboundEvent[] {
  const sender = str(isObj(item.sender) ? item.sender.id : undefined);
  const recipient = str(isObj(item.recipient) ? item.recipient.id : undefined);
  const tsRaw = Number(item.timestamp);
  const timestamp = Number.isFinite(tsRaw) && tsRaw > 0 ? new Date(tsRaw < 1e12 ? tsRaw * 1000 : tsRaw) : new Date();
  const base = { channel, connectionId, timestamp };
  if (!sender) return [];

  if (isObj(item.message)) {
    const m = item.message;
    const mid = str(m.mid);
    if (!mid) return [];
    if (m.is_deleted === true) return [{ ...base, kind: 'revoke', externalId: mid }];
    const echo = m.is_echo === true || sender === entryId;
    const metadata = str(m.metadata);
    if (echo && metadata?.startsWith(METADATA_PREFIX)) {
      // Our own send coming back: it confirms the send (ack 1) and lets a late send answer find its message.
      return [{ ...base, kind: 'status', externalId: mid, reference: metadata.slice(METADATA_PREFIX.length), ack: 1, recipient }];
    }
    const customer = echo ? recipient : sender;
    if (!customer) return [];
    return mapMessage(m, mid, { ...base, from: customer, fromMe: echo });
  }

  if (isObj(item.reaction)) {
    const r = item.reaction;
    const target = str(r.mid);
    if (!target) return [];
    const emoji = r.action === 'unreact' ? '' : (str(r.emoji) ?? reactionEmoji(str(r.reaction)));
    const customer = sender === entryId ? recipient : sender;
    if (!customer) return [];
    return [
      {
        ...base,
        kind: 'message',
        externalId: `reaction.${target}.${sender}.${timestamp.getTime()}`,
        from: customer,
        fromMe: sender === entryId,
        isGroup: false,
        mediaType: 'reaction',
        body: emoji,
        quotedExternalId: target,
        dataJson: { targetExternalId: target, emoji, reaction: str(r.reaction) ?? null },
      },
    ];
  }

  if (isObj(item.postback)) {
    const p = item.postback;
    const title = str(p.title) ?? str(p.payload) ?? '';
    return [
      {
        ...base,
        kind: 'message',
        externalId: str(p.mid) ?? `postback.${sender}.${timestamp.getTime()}`,
        from: sender,
        fromMe: false,
        isGroup: false,
        mediaType: 'interactive',
        body: title,
        dataJson: {
          reply: { type: 'postback', id: str(p.payload) ?? null, title },
          ...(isObj(p.referral) ? { referral: p.referral } : {}),
        },
      },
    ];
  }

  if (isObj(item.delivery)) {
    return arr(item.delivery.mids)
      .map(str)
      .filter((x): x is string => !!x)
      .map((mid) => ({ ...base, kind: 'status' as const, externalId: mid, ack: 2 as const, recipient: sender }));
  }

  if (isObj(item.read)) {
    // Instagram names the message read; Messenger gives only a watermark (not mapped: no message id).
    const mid = str(item.read.mid);
    return mid ? [{ ...base, kind: 'status', externalId: mid, ack: 3, recipient: sender }] : [];
  }
  return [];
}

type MessageBase = Pick<InboundMessage, 'channel' | 'connectionId' | 'timestamp' | 'from' | 'fromMe'>;

function mapMessage(m: Obj, mid: string, base: MessageBase): InboundMessage[] {
  const text = str(m.text) ?? '';
  const replyTo = isObj(m.reply_to) ? m.reply_to : undefined;
  const story = replyTo && isObj(replyTo.story) ? replyTo.story : undefined;
  const common = {
    ...base,
    kind: 'message' as const,
    isGroup: false,
    quotedExternalId: replyTo ? str(replyTo.mid) : undefined,
  };
  const extra: Obj = {};
  if (story) extra.storyReply = { url: str(story.url) ?? null, id: str(story.id) ?? null };
  if (isObj(m.quick_reply)) extra.quickReply = { payload: str(m.quick_reply.payload) ?? null };
  if (isObj(m.referral)) extra.referral = m.referral;
  if (m.is_unsupported === true) {
    return [
      { ...common, externalId: mid, mediaType: 'unsupported', body: '', dataJson: { ...extra, originalType: 'unsupported' } },
    ];
  }

  const attachments = arr(m.attachments).filter(isObj);
  if (!attachments.length) {
    const quick = isObj(m.quick_reply);
    return [
      {
        ...common,
        externalId: mid,
        mediaType: quick ? 'interactive' : 'text',
        body: text,
        dataJson: quick
          ? { ...extra, reply: { type: 'quick_reply', id: str((m.quick_reply as Obj).payload) ?? null, title: text } }
          : Object.keys(extra).length
            ? extra
            : undefined,
      },
    ];
  }

  // One message per attachment (Messenger groups several photos in one mid); the text goes with the first.
  return attachments.map((a, i): InboundMessage => {
    const externalId = i === 0 ? mid : `${mid}.${i}`;
    const type = str(a.type) ?? 'fallback';
    const payload = isObj(a.payload) ? a.payload : {};
    const url = str(payload.url);
    const body = i === 0 ? text : '';
    const data: Obj = { ...extra };
    if (type === 'location' && isObj(payload.coordinates)) {
      const lat = Number(payload.coordinates.lat);
      const lng = Number(payload.coordinates.long);
      return {
        ...common,
        externalId,
        mediaType: 'location',
        body: str(a.title) ?? `${lat}, ${lng}`,
        dataJson: { ...data, latitude: lat, longitude: lng, name: str(a.title) ?? null, url: str(a.url) ?? null },
      };
    }
    let mediaType = ATTACHMENT_TYPES[type];
    if (type === 'image' && payload.sticker_id !== undefined) mediaType = 'sticker';
    if (type === 'story_mention') data.storyMention = true;
    if (mediaType && url) {
      const media: InboundMedia = { url, caption: body || undefined };
      if (mediaType === 'sticker') media.animated = false;
      return { ...common, externalId, mediaType, body, media, dataJson: Object.keys(data).length ? data : undefined };
    }
    // Shares, reels, templates and fallbacks: a link with its title.
    const link = url ?? str(a.url) ?? '';
    const title = str(a.title) ?? str(payload.title) ?? '';
    return {
      ...common,
      externalId,
      mediaType: link ? 'linkPreview' : 'unsupported',
      body: body || [title, link].filter(Boolean).join(' '),
      dataJson: { ...data, attachmentType: type, url: link || null, title: title || null },
    };
  });
}

/** Older Messenger reactions name the reaction instead of giving the emoji. */
function reactionEmoji(name?: string) {
  switch (name) {
    case 'smile':
      return '😆';
    case 'angry':
      return '😠';
    case 'sad':
      return '😢';
    case 'wow':
      return '😮';
    case 'like':
      return '👍';
    case 'dislike':
      return '👎';
    default:
      return '❤️';
  }
}
