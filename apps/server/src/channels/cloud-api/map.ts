/**
 * Pure mapping of WhatsApp Cloud API webhook notifications into `InboundEvent`s. No I/O: the caller says which
 * connection a `phone_number_id` belongs to.
 */
import type {
  InboundChannelError,
  InboundEvent,
  InboundMedia,
  InboundMessage,
  InboundStatus,
  MessageAck,
  MessageMediaType,
} from '../types';
import type {
  CloudChangeValue,
  CloudContactCard,
  CloudContactProfile,
  CloudError,
  CloudMediaObject,
  CloudMessage,
  CloudStatus,
  CloudWebhookPayload,
} from './webhook-types';

/** One `changes[]` item of a notification, with the business number it is for. */
export interface CloudChangeRef {
  /** WhatsApp Business Account id (`entry.id`). */
  wabaId?: string;
  field: string;
  phoneNumberId: string;
  value: CloudChangeValue;
}

const HANDLED_FIELDS = new Set(['messages', 'smb_message_echoes']);

/** Lists the changes of a notification that carry messages or statuses, grouped by nothing, in delivery order. */
export function listChanges(payload: unknown): CloudChangeRef[] {
  if (!isObject(payload)) return [];
  const body = payload as CloudWebhookPayload;
  if (body.object !== undefined && body.object !== 'whatsapp_business_account') return [];
  const out: CloudChangeRef[] = [];
  for (const entry of arrayOf(body.entry)) {
    if (!isObject(entry)) continue;
    for (const change of arrayOf(entry.changes)) {
      if (!isObject(change) || !isObject(change.value)) continue;
      const field = typeof change.field === 'string' ? change.field : 'messages';
      if (!HANDLED_FIELDS.has(field)) continue;
      const phoneNumberId = str(change.value.metadata?.phone_number_id);
      if (!phoneNumberId) continue;
      out.push({ wabaId: str(entry.id), field, phoneNumberId, value: change.value });
    }
  }
  return out;
}

/** Maps every change of a notification; changes for phone numbers `connectionIdFor` does not know are skipped. */
export function mapWebhook(
  payload: unknown,
  connectionIdFor: (phoneNumberId: string) => number | undefined,
): { events: InboundEvent[]; unknownPhoneNumberIds: string[] } {
  const events: InboundEvent[] = [];
  const unknown: string[] = [];
  for (const change of listChanges(payload)) {
    const connectionId = connectionIdFor(change.phoneNumberId);
    if (connectionId === undefined) {
      if (!unknown.includes(change.phoneNumberId)) unknown.push(change.phoneNumberId);
      continue;
    }
    events.push(...mapChange(change, connectionId));
  }
  return { events, unknownPhoneNumberIds: unknown };
}

/** Maps one change: its messages (or echoes) first, in the order given, then its statuses, then its errors. */
export function mapChange(change: Pick<CloudChangeRef, 'field' | 'value'>, connectionId: number): InboundEvent[] {
  const { value } = change;
  const events: InboundEvent[] = [];
  const echo = change.field === 'smb_message_echoes';
  const messages = echo ? arrayOf(value.message_echoes) : arrayOf(value.messages);
  for (const m of messages) {
    if (!isObject(m)) continue;
    const mapped = mapMessage(m, arrayOf(value.contacts), connectionId, echo);
    if (mapped) events.push(mapped);
  }
  for (const s of arrayOf(value.statuses)) {
    if (!isObject(s)) continue;
    const mapped = mapStatus(s, connectionId);
    if (mapped) events.push(mapped);
  }
  for (const e of arrayOf(value.errors)) {
    if (!isObject(e)) continue;
    const err: InboundChannelError = {
      kind: 'error',
      channel: 'whatsappapi',
      connectionId,
      timestamp: new Date(),
      code: e.code !== undefined ? String(e.code) : undefined,
      reason: describeCloudError(e),
    };
    events.push(err);
  }
  return events;
}

const ACK_BY_STATUS: Record<string, Exclude<MessageAck, 0>> = { sent: 1, delivered: 2, read: 3, played: 4 };

export function mapStatus(s: CloudStatus, connectionId: number): InboundStatus | undefined {
  const externalId = str(s.id);
  const status = str(s.status);
  if (!externalId || !status) return undefined;
  const base = {
    kind: 'status' as const,
    channel: 'whatsappapi' as const,
    connectionId,
    externalId,
    timestamp: parseTimestamp(s.timestamp),
    recipient: digits(s.recipient_id),
    ...(str(s.biz_opaque_callback_data) ? { reference: str(s.biz_opaque_callback_data) } : {}),
  };
  if (status === 'failed') {
    const first = arrayOf(s.errors).find(isObject);
    return {
      ...base,
      failure: {
        code: first?.code !== undefined ? String(first.code) : undefined,
        reason: first ? describeCloudError(first) : 'failed',
      },
    };
  }
  const ack = ACK_BY_STATUS[status];
  if (!ack) return undefined; // e.g. the retired `deleted` status
  return { ...base, ack };
}

/** "Title (code): details" — the text shown beside a failed message. */
export function describeCloudError(e: CloudError): string {
  const title = str(e.title) ?? str(e.message) ?? 'Error';
  const details = str(e.error_data?.details);
  const code = e.code !== undefined ? ` (${e.code})` : '';
  return details && details !== title ? `${title}${code}: ${details}` : `${title}${code}`;
}

/** Types that carry no conversation content and open no ticket. */
const IGNORED_TYPES = new Set(['request_welcome']);

export function mapMessage(
  m: CloudMessage,
  profiles: CloudContactProfile[],
  connectionId: number,
  echo = false,
): InboundMessage | undefined {
  const externalId = str(m.id);
  const type = str(m.type) ?? 'unknown';
  if (!externalId || IGNORED_TYPES.has(type)) return undefined;
  const from = digits(echo ? m.to : m.from);
  if (!from) return undefined;
  const profile = profiles.find((p) => isObject(p) && digits(p.wa_id) === from) ?? (echo ? undefined : profiles[0]);
  const content = mapContent(m, type);
  const msg: InboundMessage = {
    kind: 'message',
    channel: 'whatsappapi',
    connectionId,
    externalId,
    from,
    contactName: str(profile?.profile?.name),
    isGroup: false,
    fromMe: echo,
    timestamp: parseTimestamp(m.timestamp),
    mediaType: content.mediaType,
    body: content.body,
  };
  if (content.media) msg.media = content.media;
  const quoted = content.quotedExternalId ?? str(m.context?.id);
  if (quoted) msg.quotedExternalId = quoted;
  if (m.context?.forwarded || m.context?.frequently_forwarded) msg.isForwarded = true;
  const data: Record<string, unknown> = { ...content.data };
  if (isObject(m.referral)) data.referral = m.referral;
  if (isObject(m.context?.referred_product)) data.referredProduct = m.context.referred_product;
  if (Object.keys(data).length > 0) msg.dataJson = data;
  return msg;
}

interface MappedContent {
  mediaType: MessageMediaType;
  body: string;
  media?: InboundMedia;
  data?: Record<string, unknown>;
  quotedExternalId?: string;
}

const MEDIA_TYPE_OF: Record<string, MessageMediaType> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
  sticker: 'sticker',
};

function mapContent(m: CloudMessage, type: string): MappedContent {
  switch (type) {
    case 'text':
      return { mediaType: 'text', body: str(m.text?.body) ?? '' };
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker': {
      const obj = m[type];
      if (!isObject(obj) || !str(obj.id)) return unsupported(type, m.errors, 'media object without id');
      const media = mapMedia(obj);
      const body = media.caption ?? (type === 'document' ? media.filename : undefined) ?? '';
      return { mediaType: MEDIA_TYPE_OF[type], body, media };
    }
    case 'location': {
      const loc = m.location;
      const latitude = num(loc?.latitude);
      const longitude = num(loc?.longitude);
      if (latitude === undefined || longitude === undefined) return unsupported(type, m.errors, 'location without coordinates');
      const name = str(loc?.name);
      const address = str(loc?.address);
      const body = [name, address].filter(Boolean).join(' - ') || `${latitude}, ${longitude}`;
      return { mediaType: 'location', body, data: compact({ latitude, longitude, name, address, url: str(loc?.url) }) };
    }
    case 'contacts': {
      const cards = arrayOf(m.contacts).filter(isObject).map(mapContactCard);
      if (cards.length === 0) return unsupported(type, m.errors, 'contacts message without contacts');
      return {
        mediaType: 'contact',
        body: cards.map((c) => c.name.formatted).join(', '),
        data: { contacts: cards, vcards: cards.map(toVCard) },
      };
    }
    case 'interactive':
      return mapInteractive(m);
    case 'button': {
      const text = str(m.button?.text) ?? str(m.button?.payload) ?? '';
      return {
        mediaType: 'interactive',
        body: text,
        data: { reply: compact({ type: 'template_button', id: str(m.button?.payload), title: text }) },
      };
    }
    case 'reaction': {
      const target = str(m.reaction?.message_id);
      if (!target) return unsupported(type, m.errors, 'reaction without target');
      // An empty or missing emoji means the customer removed their reaction.
      const emoji = str(m.reaction?.emoji) ?? '';
      return { mediaType: 'reaction', body: emoji, data: { targetExternalId: target, emoji }, quotedExternalId: target };
    }
    case 'order': {
      const items = arrayOf(m.order?.product_items)
        .filter(isObject)
        .map((i) =>
          compact({
            productRetailerId: str(i.product_retailer_id),
            quantity: num(i.quantity),
            itemPrice: num(i.item_price),
            currency: str(i.currency),
          }),
        );
      const text = str(m.order?.text);
      const count = items.reduce((n, i) => n + ((i.quantity as number | undefined) ?? 1), 0);
      const currency = items.find((i) => i.currency)?.currency as string | undefined;
      const total = items.reduce((t, i) => t + ((i.itemPrice as number) ?? 0) * ((i.quantity as number) ?? 1), 0);
      return {
        mediaType: 'order',
        body: text ?? `${count} ${count === 1 ? 'item' : 'itens'}`,
        data: compact({ catalogId: str(m.order?.catalog_id), text, items, total: round2(total), currency }),
      };
    }
    case 'system': {
      const sys = m.system;
      return {
        mediaType: 'system',
        body: str(sys?.body) ?? '',
        data: compact({
          systemType: str(sys?.type),
          newWaId: digits(sys?.new_wa_id),
          waId: digits(sys?.wa_id),
          identity: str(sys?.identity),
        }),
      };
    }
    case 'unsupported':
      return unsupported(type, m.errors);
    default:
      return unsupported(type, m.errors, 'unknown message type');
  }
}

function mapInteractive(m: CloudMessage): MappedContent {
  const it = m.interactive;
  const type = str(it?.type);
  if (type === 'button_reply' && it?.button_reply) {
    const title = str(it.button_reply.title) ?? '';
    return {
      mediaType: 'interactive',
      body: title,
      data: { reply: compact({ type: 'button', id: str(it.button_reply.id), title }) },
    };
  }
  if (type === 'list_reply' && it?.list_reply) {
    const title = str(it.list_reply.title) ?? '';
    return {
      mediaType: 'interactive',
      body: title,
      data: {
        reply: compact({ type: 'list', id: str(it.list_reply.id), title, description: str(it.list_reply.description) }),
      },
    };
  }
  if (type === 'nfm_reply' && it?.nfm_reply) {
    const raw = str(it.nfm_reply.response_json);
    let response: unknown = raw;
    if (raw) {
      try {
        response = JSON.parse(raw);
      } catch {
        response = raw; // keep the text when the flow sent something that is not JSON
      }
    }
    return {
      mediaType: 'interactive',
      body: str(it.nfm_reply.body) ?? '',
      data: { reply: compact({ type: 'flow', name: str(it.nfm_reply.name), response }) },
    };
  }
  return unsupported('interactive', m.errors, `interactive reply of type ${type ?? 'unknown'}`);
}

function unsupported(originalType: string, errors: CloudError[] | undefined, note?: string): MappedContent {
  const errs = arrayOf(errors)
    .filter(isObject)
    .map((e) => compact({ code: e.code, title: str(e.title), details: str(e.error_data?.details) }));
  return {
    mediaType: 'unsupported',
    body: '',
    data: compact({ originalType, note, errors: errs.length ? errs : undefined }),
  };
}

function mapMedia(obj: CloudMediaObject): InboundMedia {
  const media: InboundMedia = { id: str(obj.id) };
  const mimeType = str(obj.mime_type);
  if (mimeType) media.mimeType = mimeType;
  const sha256 = str(obj.sha256);
  if (sha256) media.sha256 = sha256;
  const caption = str(obj.caption);
  if (caption) media.caption = caption;
  const filename = str(obj.filename);
  if (filename) media.filename = filename;
  if (obj.voice === true) media.voice = true;
  if (obj.animated === true) media.animated = true;
  return media;
}

function mapContactCard(c: CloudContactCard) {
  const first = str(c.name?.first_name);
  const last = str(c.name?.last_name);
  const phones = arrayOf(c.phones)
    .filter(isObject)
    .map((p) => compact({ phone: str(p.phone) ?? '', waId: digits(p.wa_id), type: str(p.type) }))
    .filter((p) => p.phone || p.waId);
  const emails = arrayOf(c.emails)
    .filter(isObject)
    .map((e) => compact({ email: str(e.email) ?? '', type: str(e.type) }))
    .filter((e) => e.email);
  const formatted =
    str(c.name?.formatted_name) ?? ([first, last].filter(Boolean).join(' ') || (phones[0]?.phone as string) || '');
  const org = isObject(c.org) ? compact({ company: str(c.org.company), title: str(c.org.title) }) : undefined;
  return compact({
    name: compact({ formatted, first, last }),
    phones: phones.length ? phones : undefined,
    emails: emails.length ? emails : undefined,
    org: org && Object.keys(org).length ? org : undefined,
    birthday: str(c.birthday),
  }) as {
    name: { formatted: string; first?: string; last?: string };
    phones?: { phone: string; waId?: string; type?: string }[];
    emails?: { email: string; type?: string }[];
    org?: { company?: string; title?: string };
  };
}

function vEscape(s: string) {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
}

/** A vCard 3.0 for a contact card, as WhatsApp clients write them (`waid` parameter on the phone). */
export function toVCard(c: ReturnType<typeof mapContactCard>): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${vEscape(c.name.last ?? '')};${vEscape(c.name.first ?? c.name.formatted)};;;`];
  lines.push(`FN:${vEscape(c.name.formatted)}`);
  if (c.org?.company) lines.push(`ORG:${vEscape(c.org.company)}`);
  if (c.org?.title) lines.push(`TITLE:${vEscape(c.org.title)}`);
  for (const p of c.phones ?? []) {
    const type = p.type ? `;type=${p.type.toUpperCase()}` : '';
    lines.push(p.waId ? `TEL${type};waid=${p.waId}:${p.phone || `+${p.waId}`}` : `TEL${type}:${p.phone}`);
  }
  for (const e of c.emails ?? []) lines.push(`EMAIL${e.type ? `;type=${e.type.toUpperCase()}` : ''}:${e.email}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}

// ─── small readers ───────────────────────────────────────────────────────────

function isObject<T>(v: T): v is NonNullable<T> & object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function arrayOf<T>(v: T[] | undefined | null): T[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v.length > 0 ? v : undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A WhatsApp id as digits only ("+55 11 9…" → "5511…"). */
export function digits(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  const d = s.replace(/\D/g, '');
  return d.length ? d : undefined;
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}

/** Unix seconds (as the Cloud API sends them, in a string) → Date; now when absent or garbled. */
export function parseTimestamp(v: unknown): Date {
  const n = num(v);
  if (n === undefined || n <= 0) return new Date();
  return new Date(n < 1e12 ? n * 1000 : n);
}

function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
