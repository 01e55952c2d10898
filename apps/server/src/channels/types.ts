/**
 * The channel adapter contract (DESIGN.md §4 "Inbound/Outbound messages").
 *
 * An adapter turns what a channel delivers (a Cloud API webhook, a Baileys socket event, a Messenger
 * webhook) into typed `InboundEvent`s and hands them to the `IngestPort` given to it at wiring time.
 * Adapters know nothing of tickets, contacts or companies beyond the connection id; `modules/` never
 * imports a particular adapter, only this file.
 */

import type { Channel, ConnectionStatus, FileMediaType, MessageAck, MessageMediaType } from '@atendo/shared';
import { FILE_MEDIA_TYPES } from '@atendo/shared';

export { FILE_MEDIA_TYPES, MESSAGE_MEDIA_TYPES } from '@atendo/shared';
/** `whatsapp` = QR session (Baileys); `whatsappapi` = WhatsApp Cloud API; `facebook`/`instagram` = Messenger Platform. */
export type { Channel, ConnectionStatus, FileMediaType, MessageAck, MessageMediaType };
export const isFileMediaType = (t: string): t is FileMediaType => (FILE_MEDIA_TYPES as readonly string[]).includes(t);

export const ACK = { pending: 0, sent: 1, delivered: 2, read: 3, played: 4 } as const satisfies Record<string, MessageAck>;

/**
 * A file attached to an inbound message, not yet downloaded. The product downloads it later through
 * `ChannelAdapter.downloadMedia` (so a webhook is answered without waiting for the file).
 */
export interface InboundMedia {
  /** The channel's handle for the file: a Cloud API media id, a serialized Baileys message key … */
  id?: string;
  /** A direct URL, for channels that give one (Messenger/Instagram attachments). */
  url?: string;
  mimeType?: string;
  filename?: string;
  size?: number;
  /** Hex or base64 digest as the channel gives it; checked after download when present. */
  sha256?: string;
  caption?: string;
  /** Audio recorded as a voice note (push-to-talk). */
  voice?: boolean;
  /** Animated sticker. */
  animated?: boolean;
}

/** A WhatsApp group the message was written in (the ticket's contact is the group). */
export interface InboundGroup {
  /** Group address, e.g. `120363025555555555@g.us` (Baileys). */
  id: string;
  name?: string;
}

interface InboundBase {
  channel: Channel;
  /** The `whatsapps.id` of the connection the event came in on; the company comes from that row. */
  connectionId: number;
  /** When the channel says it happened (UTC). */
  timestamp: Date;
}

/** One message written by the customer, or by the business outside Atendo (phone app, echo): `fromMe`. */
export interface InboundMessage extends InboundBase {
  kind: 'message';
  /** The channel's id of the message (`wamid.…`, Baileys key id, Messenger `mid`). Unique per connection. */
  externalId: string;
  /**
   * The customer's address on the channel: WhatsApp number in digits (E.164 without '+'), or PSID/IGSID.
   * For a `fromMe` message it is the recipient (still the customer). In a group it is the participant who wrote.
   */
  from: string;
  /** WhatsApp LID of the customer when the channel knows it (Baileys ≥ 7). */
  fromLid?: string;
  /** The customer's profile name as the channel reports it. */
  contactName?: string;
  isGroup: boolean;
  /** Present when `isGroup`. */
  group?: InboundGroup;
  fromMe: boolean;
  mediaType: MessageMediaType;
  /** What the list and the notification show: text, caption, reply title, emoji, "lat, lng"… Never undefined. */
  body: string;
  media?: InboundMedia;
  /** External id of the message this one replies to (or, for a reaction, the message reacted to). */
  quotedExternalId?: string;
  isForwarded?: boolean;
  /**
   * The structured part of the message, as plain JSON: location, contact cards, interactive reply, reaction
   * target and emoji, order, system notice, ad referral, unsupported-type details …
   */
  dataJson?: Record<string, unknown>;
}

/** A delivery report for a message the business sent. */
export interface InboundStatus extends InboundBase {
  kind: 'status';
  externalId: string;
  /** The customer the message went to, when the channel says. */
  recipient?: string;
  /** The `OutboundMessage.reference` the message was sent with, when the channel echoes it back (Cloud API does). */
  reference?: string;
  /** Present unless the send failed. */
  ack?: Exclude<MessageAck, 0>;
  /** Present when the channel reports the send as failed: the message is marked failed with `reason`. */
  failure?: { code?: string; reason: string };
}

/** The sender edited a message (WhatsApp edit, Messenger does not have it). */
export interface InboundEdit extends InboundBase {
  kind: 'edit';
  externalId: string;
  body: string;
}

/** The sender deleted a message for everyone. */
export interface InboundRevoke extends InboundBase {
  kind: 'revoke';
  externalId: string;
}

/** A channel-level problem reported asynchronously (Cloud API `value.errors`). Logged, never a message. */
export interface InboundChannelError extends InboundBase {
  kind: 'error';
  code?: string;
  reason: string;
}

export type InboundEvent = InboundMessage | InboundStatus | InboundEdit | InboundRevoke | InboundChannelError;

/** What ingest did with one event. */
export type IngestOutcome =
  | { kind: 'message'; messageId: number; ticketId: number; contactId: number; duplicate: boolean }
  | { kind: 'status' | 'edit' | 'revoke'; messageId?: number }
  | { kind: 'ignored'; reason: string };

export interface ConnectionStateUpdate {
  connectionId: number;
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The business number, when the session learns it. */
  number?: string;
}

/**
 * What an adapter calls. Implemented by `modules/ingest` and handed to adapters by the composition root (`src/composition.ts`).
 * Every method resolves only once what it was given is durably stored, and is idempotent.
 */
export interface IngestPort {
  /** Processes the events in the order given (the order the channel delivered them). */
  ingest(events: readonly InboundEvent[]): Promise<IngestOutcome[]>;
  connectionState(update: ConnectionStateUpdate): Promise<void>;
  /** WhatsApp identities: the number the company's contacts know a LID-only sender by (digits, or the LID itself). */
  numberForLid(companyId: number, lid: string): Promise<string | null>;
  /** WhatsApp told a LID's number: a contact first created under the LID takes the number, so both reach one contact. */
  learnLid(companyId: number, p: { lid: string; number: string }): Promise<void>;
  /** A history import stored messages in these tickets: marked imported and put in the import queue (when they have none). */
  markImported(companyId: number, ticketIds: number[], queueId: number | null): Promise<void>;
  /** Closes the connection's imported live tickets (the tickets domain's close) and tells the clients; answers how many. */
  closeImported(companyId: number, connectionId: number): Promise<number>;
  /** A message stored under the connection, as a reply, a reaction or a read receipt addresses it; null when unknown. */
  storedMessage(connectionId: number, externalId: string): Promise<StoredMessageRef | null>;
}

/** What an adapter may know of a stored message: who wrote it, its text, and its chat (and author in a group). */
export interface StoredMessageRef {
  fromMe: boolean;
  body: string;
  /** The ticket's contact address: the customer, or the group. */
  chat: string;
  /** In a group, the address of the participant who wrote it. */
  participant: string | null;
}

// ─── Outbound ────────────────────────────────────────────────────────────────

/** A file to send: bytes the product holds, a public link, or a handle already on the channel. */
export type OutboundFile =
  | { kind: 'bytes'; data: Uint8Array; mimeType: string; filename: string }
  | { kind: 'link'; url: string; mimeType?: string; filename?: string }
  | { kind: 'id'; id: string; mimeType?: string; filename?: string };

export interface ContactCard {
  name: { formatted: string; first?: string; last?: string };
  phones?: { phone: string; waId?: string; type?: string }[];
  emails?: { email: string; type?: string }[];
  org?: { company?: string; title?: string };
  urls?: { url: string; type?: string }[];
}

export interface InteractiveButtons {
  kind: 'buttons';
  body: string;
  header?: string;
  footer?: string;
  /** At most 3 on WhatsApp. */
  buttons: { id: string; title: string }[];
}

export interface InteractiveList {
  kind: 'list';
  body: string;
  header?: string;
  footer?: string;
  buttonText: string;
  sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
}

export interface TemplateMessage {
  name: string;
  language: string;
  /** Channel-native component parameters, passed through as given. */
  components?: Record<string, unknown>[];
  /** What the customer sees (header, body, footer filled): the stored message's text. Not sent to the channel. */
  text?: string;
}

export type OutboundContent =
  | { type: 'text'; body: string; previewUrl?: boolean }
  | { type: 'media'; mediaType: FileMediaType; file: OutboundFile; caption?: string }
  | { type: 'reaction'; targetExternalId: string; emoji: string }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { type: 'contacts'; contacts: ContactCard[] }
  | { type: 'interactive'; interactive: InteractiveButtons | InteractiveList }
  | { type: 'template'; template: TemplateMessage };

export interface OutboundMessage {
  /** The customer's address (number digits, PSID, group id). */
  to: string;
  content: OutboundContent;
  /** External id of the message replied to. */
  quotedExternalId?: string;
  /**
   * Atendo's own id of the message, reserved before sending. Channels that echo it in delivery reports
   * (Cloud API `biz_opaque_callback_data`) let a status find its message even before the send answered.
   */
  reference?: string;
}

export interface SendResult {
  /** The channel's id of the sent message; acks refer to it. */
  externalId: string;
  /** The address the channel resolved `to` into (Cloud API `wa_id`), when it says. */
  recipient?: string;
}

export interface DownloadedMedia {
  data: Uint8Array;
  mimeType: string;
  filename?: string;
  sha256?: string;
}

/**
 * Thrown by adapters when a channel operation fails. `retryable` tells the outbound job whether a later
 * attempt may succeed (network, 5xx, throttling) or not (invalid recipient, closed 24-hour window, bad parameter).
 */
export class ChannelError extends Error {
  override readonly name = 'ChannelError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The channel's own error code, as text (Graph API `131026`, `HTTP_503`, `NETWORK` …). */
    readonly code?: string,
    /** Suggested minimum wait before retrying, when the channel says. */
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The operations one connection offers. One instance per connection, made by its channel's factory. */
export interface ChannelAdapter {
  readonly channel: Channel;
  readonly connectionId: number;
  send(message: OutboundMessage): Promise<SendResult>;
  /** Tells the channel the customer's message was read (blue ticks on WhatsApp). */
  markRead(externalId: string, from?: string): Promise<void>;
  downloadMedia(media: InboundMedia): Promise<DownloadedMedia>;
  /**
   * Which numbers have WhatsApp (digits, country code first). Only channels that can tell implement it (a QR
   * session asks WhatsApp's servers; the Cloud API has no such lookup).
   */
  checkNumbers?(numbers: readonly string[]): Promise<{ number: string; exists: boolean }[]>;
}

/** What a factory needs from a connection row to build its adapter. */
export interface ChannelConnectionConfig {
  id: number;
  companyId: number;
  channel: Channel;
  status: string;
  phoneNumberId?: string | null;
  accessToken?: string | null;
  facebookPageUserId?: string | null;
  tokenMeta?: string | null;
}

export type ChannelAdapterFactory = (connection: ChannelConnectionConfig) => ChannelAdapter;

/**
 * Adapters by channel, handed to the modules at wiring time: a module asks for "the adapter of this
 * connection" without knowing which channel it is.
 */
export interface ChannelRegistry {
  register(channel: Channel, factory: ChannelAdapterFactory): void;
  /** Throws a permanent `ChannelError` (code `CHANNEL_NOT_SUPPORTED`) when no factory serves the channel. */
  adapterFor(connection: ChannelConnectionConfig): ChannelAdapter;
}

// ─── Ports the modules call on a channel (implemented by adapters, handed over by the composition root) ──────────

/** The QR session actions of the `whatsapp` channel (seed 001 §7), implemented by channels/baileys. */
export interface SessionControl {
  retry(connectionId: number): Promise<void>;
  newQr(connectionId: number): Promise<void>;
  disconnect(connectionId: number): Promise<void>;
  /** Closes the connection's imported tickets; answers how many. */
  closeImported(companyId: number, connectionId: number): Promise<number>;
}

/** A Facebook Page the login may connect, with its Instagram business account when it has one. */
export interface MetaPage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username?: string; name?: string };
}

/** The Graph API operations a Facebook login needs, implemented by channels/messenger. Each rejects with Meta's message. */
export interface MetaPagesPort {
  /** The short-lived user token of the login dialog for a long-lived one (as is when the app is not configured). */
  exchangeUserToken(userToken: string): Promise<string>;
  listPages(userToken: string): Promise<MetaPage[]>;
  subscribePage(pageId: string, pageToken: string): Promise<void>;
}

/** A message template as the WhatsApp Business Account lists it (Cloud API `GET /{waba-id}/message_templates`). */
export interface ChannelTemplate {
  externalId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason?: string;
  components: Record<string, unknown>[];
}

/** The templates of a WhatsApp Business Account, implemented by channels/cloud-api (issue 36). Rejects with Meta's error. */
export interface CloudTemplatesPort {
  list(account: { businessAccountId: string; accessToken: string }): Promise<ChannelTemplate[]>;
}
