/**
 * Builders of WhatsApp Cloud API webhook notifications, as Meta posts them (object `whatsapp_business_account`).
 * Each `inbound.*` builder returns one `messages[]` item; `envelope` wraps messages/statuses into a notification.
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;

export interface BusinessNumber {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wabaId?: string;
}

export interface InboundOptions {
  from: string;
  /** Defaults to a fresh `wamid.…`. */
  id?: string;
  /** Unix seconds or a Date; default now. */
  timestamp?: number | Date;
  /** Reply context: the message replied to. */
  context?: { id: string; from?: string; forwarded?: boolean; frequentlyForwarded?: boolean };
  /** Click-to-WhatsApp ad referral. */
  referral?: Json;
}

export function newWamid(): string {
  return `wamid.${randomBytes(18).toString('base64url')}`;
}

export function unixSeconds(t?: number | Date): string {
  if (t instanceof Date) return String(Math.floor(t.getTime() / 1000));
  if (typeof t === 'number') return String(t > 1e12 ? Math.floor(t / 1000) : Math.floor(t));
  return String(Math.floor(Date.now() / 1000));
}

/** The fields every `messages[]` item has. */
export interface MessageHead {
  id: string;
  from: string;
  timestamp: string;
  type: string;
}

function base(o: InboundOptions, type: string): MessageHead & Json {
  const m: MessageHead & Json = { from: o.from, id: o.id ?? newWamid(), timestamp: unixSeconds(o.timestamp), type };
  if (o.context) {
    const ctx: Json = { from: o.context.from ?? '15550000000', id: o.context.id };
    if (o.context.forwarded) ctx.forwarded = true;
    if (o.context.frequentlyForwarded) ctx.frequently_forwarded = true;
    m.context = ctx;
  }
  if (o.referral) m.referral = o.referral;
  return m;
}

interface MediaOptions extends InboundOptions {
  mediaId: string;
  mimeType?: string;
  sha256?: string;
}

/** One `messages[]` item per inbound type the Cloud API delivers. */
export const inbound = {
  text: (o: InboundOptions & { body: string }) => ({ ...base(o, 'text'), text: { body: o.body } }),
  image: (o: MediaOptions & { caption?: string }) => ({
    ...base(o, 'image'),
    image: clean({ id: o.mediaId, mime_type: o.mimeType ?? 'image/jpeg', sha256: o.sha256, caption: o.caption }),
  }),
  audio: (o: MediaOptions & { voice?: boolean }) => ({
    ...base(o, 'audio'),
    audio: clean({ id: o.mediaId, mime_type: o.mimeType ?? 'audio/ogg; codecs=opus', sha256: o.sha256, voice: o.voice }),
  }),
  video: (o: MediaOptions & { caption?: string }) => ({
    ...base(o, 'video'),
    video: clean({ id: o.mediaId, mime_type: o.mimeType ?? 'video/mp4', sha256: o.sha256, caption: o.caption }),
  }),
  document: (o: MediaOptions & { filename?: string; caption?: string }) => ({
    ...base(o, 'document'),
    document: clean({
      id: o.mediaId,
      mime_type: o.mimeType ?? 'application/pdf',
      sha256: o.sha256,
      filename: o.filename,
      caption: o.caption,
    }),
  }),
  sticker: (o: MediaOptions & { animated?: boolean }) => ({
    ...base(o, 'sticker'),
    sticker: clean({ id: o.mediaId, mime_type: o.mimeType ?? 'image/webp', sha256: o.sha256, animated: o.animated ?? false }),
  }),
  location: (o: InboundOptions & { latitude: number; longitude: number; name?: string; address?: string; url?: string }) => ({
    ...base(o, 'location'),
    location: clean({ latitude: o.latitude, longitude: o.longitude, name: o.name, address: o.address, url: o.url }),
  }),
  contacts: (
    o: InboundOptions & {
      contacts: {
        formattedName: string;
        firstName?: string;
        lastName?: string;
        phones?: { phone: string; waId?: string; type?: string }[];
        emails?: string[];
        company?: string;
      }[];
    },
  ) => ({
    ...base(o, 'contacts'),
    contacts: o.contacts.map((c) =>
      clean({
        name: clean({ formatted_name: c.formattedName, first_name: c.firstName, last_name: c.lastName }),
        phones: c.phones?.map((p) => clean({ phone: p.phone, wa_id: p.waId, type: p.type ?? 'CELL' })),
        emails: c.emails?.map((email) => ({ email, type: 'WORK' })),
        org: c.company ? { company: c.company } : undefined,
      }),
    ),
  }),
  buttonReply: (o: InboundOptions & { buttonId: string; title: string }) => ({
    ...base(o, 'interactive'),
    interactive: { type: 'button_reply', button_reply: { id: o.buttonId, title: o.title } },
  }),
  listReply: (o: InboundOptions & { rowId: string; title: string; description?: string }) => ({
    ...base(o, 'interactive'),
    interactive: { type: 'list_reply', list_reply: clean({ id: o.rowId, title: o.title, description: o.description }) },
  }),
  nfmReply: (o: InboundOptions & { name?: string; body?: string; response: Json | string }) => ({
    ...base(o, 'interactive'),
    interactive: {
      type: 'nfm_reply',
      nfm_reply: {
        name: o.name ?? 'flow',
        body: o.body ?? 'Sent',
        response_json: typeof o.response === 'string' ? o.response : JSON.stringify(o.response),
      },
    },
  }),
  /** A quick-reply button of a template message. */
  button: (o: InboundOptions & { text: string; payload?: string }) => ({
    ...base(o, 'button'),
    button: { text: o.text, payload: o.payload ?? o.text },
  }),
  reaction: (o: InboundOptions & { messageId: string; emoji?: string }) => ({
    ...base(o, 'reaction'),
    reaction: clean({ message_id: o.messageId, emoji: o.emoji }),
  }),
  order: (
    o: InboundOptions & {
      catalogId: string;
      text?: string;
      items: { productRetailerId: string; quantity: number; itemPrice: number; currency: string }[];
    },
  ) => ({
    ...base(o, 'order'),
    order: clean({
      catalog_id: o.catalogId,
      text: o.text,
      product_items: o.items.map((i) => ({
        product_retailer_id: i.productRetailerId,
        quantity: i.quantity,
        item_price: i.itemPrice,
        currency: i.currency,
      })),
    }),
  }),
  system: (o: InboundOptions & { body: string; systemType?: string; newWaId?: string }) => ({
    ...base(o, 'system'),
    system: clean({ body: o.body, type: o.systemType ?? 'user_changed_number', new_wa_id: o.newWaId }),
  }),
  unsupported: (o: InboundOptions) => ({
    ...base(o, 'unsupported'),
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
  }),
  /** A type this product has never heard of (forward compatibility). */
  unknown: (o: InboundOptions & { type: string; content?: Json }) => ({ ...base(o, o.type), [o.type]: o.content ?? {} }),
};

export type CloudStatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** One `statuses[]` item. */
export function status(
  name: CloudStatusName,
  o: {
    id: string;
    recipient: string;
    timestamp?: number | Date;
    error?: { code: number; title: string; details?: string };
    /** `biz_opaque_callback_data` the message was sent with. */
    reference?: string;
  },
): Json {
  const s: Json = { id: o.id, status: name, timestamp: unixSeconds(o.timestamp), recipient_id: o.recipient };
  if (o.reference) s.biz_opaque_callback_data = o.reference;
  if (name !== 'failed' && name !== 'read') {
    s.conversation = { id: 'c0ffee', origin: { type: 'service' } };
    s.pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
  }
  if (name === 'failed') {
    const e = o.error ?? { code: 131026, title: 'Message undeliverable', details: 'Message undeliverable' };
    s.errors = [
      {
        code: e.code,
        title: e.title,
        message: e.title,
        error_data: { details: e.details ?? e.title },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ];
  }
  return s;
}

/** Wraps messages, statuses and errors into one notification for one business number. */
export function envelope(
  number: BusinessNumber,
  parts: { messages?: Json[]; statuses?: Json[]; errors?: Json[]; contacts?: { waId: string; name?: string }[] },
): Json {
  const value: Json = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: number.displayPhoneNumber ?? '15550000000', phone_number_id: number.phoneNumberId },
  };
  const contacts = parts.contacts ?? uniqueSenders(parts.messages ?? []);
  if (contacts.length) value.contacts = contacts.map((c) => ({ profile: { name: c.name ?? c.waId }, wa_id: c.waId }));
  if (parts.messages?.length) value.messages = parts.messages;
  if (parts.statuses?.length) value.statuses = parts.statuses;
  if (parts.errors?.length) value.errors = parts.errors;
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: number.wabaId ?? '100000000000001', changes: [{ value, field: 'messages' }] }],
  };
}

function uniqueSenders(messages: Json[]): { waId: string; name?: string }[] {
  const seen = new Set<string>();
  for (const m of messages) if (typeof m.from === 'string') seen.add(m.from);
  return [...seen].map((waId) => ({ waId }));
}

function clean<T extends Json>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
