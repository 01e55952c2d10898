import { z } from 'zod';
import { CHANNELS, TICKET_STATUSES } from './constants';

/**
 * What a message's `mediaType` holds; the web picks its renderer from it (seed 000 §2 "Message renderers").
 * Documents are `application`, as in the seed. The channel adapters produce these values.
 */
export const MESSAGE_MEDIA_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'application',
  'sticker',
  'location',
  'contact',
  'interactive',
  'list',
  'buttons',
  'template',
  'reaction',
  'order',
  'poll',
  'event',
  'paymentRequest',
  'meeting',
  'linkPreview',
  'viewOnce',
  'callLog',
  'adPreview',
  'system',
  'unsupported',
] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

/** Media types whose payload is a stored file (`mediaUrl`). */
export const FILE_MEDIA_TYPES = ['image', 'audio', 'video', 'application', 'sticker'] as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

/** 0 stored, not accepted by the channel yet (clock); 1 sent; 2 delivered; 3 read; 4 played; 5 (seed 000 §4). */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

/** Contact networks: a WhatsApp number is one contact whether reached by QR or by the Cloud API. */
export const CONTACT_CHANNELS = ['whatsapp', 'facebook', 'instagram'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const TICKET_LOG_TYPES = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  /** The kanban automation moved the ticket on after the lane's hours without an answer. */
  'laneMoved',
  /** The customer answered in a lane with a rollback lane: the automation moved it back. */
  'laneRollback',
  /** The AI prompt stopped answering (the customer or the model asked for a person, or the provider failed): `reason` says which. */
  'aiHandover',
  /** The queue's assignment rule gave the waiting ticket to an attendant (`userId`). */
  'autoAssigned',
  /** The ticket's integration (Typebot, n8n, webhook, Dialogflow) failed: the ticket went to an attendant. */
  'integrationFailed',
  /**
   * Closed without the rating question: on the Cloud API the customer's 24-hour window had closed, and Meta delivers
   * no free text then (131047; decision 99).
   */
  'ratingSkipped',
  /** The ticket missed a target of its queue's SLA policy (`reason`: firstResponse | nextResponse | resolution). */
  'slaBreached',
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

const QueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });
const UserRef = z.object({ id: z.number(), name: z.string(), color: z.string().nullable().optional() });

export const ContactExtraInfoDto = z.object({ id: z.number(), name: z.string(), value: z.string() });

/** Contact (seed 000 §3). */
export const ContactDto = z.object({
  id: z.number(),
  uuid: z.string(),
  companyId: z.number(),
  name: z.string(),
  number: z.string(),
  lid: z.string().nullable(),
  email: z.string(),
  urlPicture: z.string(),
  active: z.boolean(),
  acceptAudioMessage: z.boolean(),
  disableBot: z.boolean(),
  lgpdAcceptedAt: z.date().nullable(),
  channel: z.string(),
  isGroup: z.boolean(),
  whatsappId: z.number().nullable(),
  extraInfo: z.array(ContactExtraInfoDto).optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ContactDto = z.infer<typeof ContactDto>;

/** Ticket (seed 000 §3) as lists and events carry it. */
/**
 * A ticket's SLA (decision 105): what is due and when, whether the clock waits on the customer, the first target
 * missed. null when the ticket's queue had no policy when it entered it.
 */
export const TicketSlaDto = z
  .object({
    startedAt: z.date(),
    firstResponseDueAt: z.date().nullable(),
    nextResponseDueAt: z.date().nullable(),
    resolutionDueAt: z.date().nullable(),
    pausedAt: z.date().nullable(),
    breach: z.enum(['firstResponse', 'nextResponse', 'resolution']).nullable(),
    breachedAt: z.date().nullable(),
  })
  .nullable();
export type TicketSlaDto = z.infer<typeof TicketSlaDto>;

/** The SLA columns of a ticket row (the server's rules read and write these). */
export interface TicketSlaColumns {
  slaStartedAt: Date | null;
  slaFirstResponseDueAt: Date | null;
  slaNextResponseDueAt: Date | null;
  slaResolutionDueAt: Date | null;
  slaPausedAt: Date | null;
  slaBreach: string | null;
  slaBreachedAt: Date | null;
}

/** The SLA a ticket row carries, as the DTOs show it. */
export function ticketSla(t: TicketSlaColumns): TicketSlaDto {
  if (!t.slaStartedAt) return null;
  return {
    startedAt: t.slaStartedAt,
    firstResponseDueAt: t.slaFirstResponseDueAt,
    nextResponseDueAt: t.slaNextResponseDueAt,
    resolutionDueAt: t.slaResolutionDueAt,
    pausedAt: t.slaPausedAt,
    breach: (t.slaBreach as NonNullable<TicketSlaDto>['breach']) ?? null,
    breachedAt: t.slaBreachedAt,
  };
}

export const TicketDto = z.object({
  id: z.number(),
  uuid: z.string(),
  companyId: z.number(),
  status: z.enum(TICKET_STATUSES),
  contactId: z.number(),
  contact: z
    .object({ id: z.number(), name: z.string(), number: z.string(), urlPicture: z.string(), disableBot: z.boolean() })
    .optional(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), groupAsTicket: z.string(), channel: z.string() }).nullable().optional(),
  userId: z.number().nullable(),
  user: UserRef.nullable().optional(),
  queueId: z.number().nullable(),
  queue: QueueRef.nullable().optional(),
  channel: z.enum(CHANNELS),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  fromMe: z.boolean(),
  sla: TicketSlaDto.optional(),
  closedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TicketDto = z.infer<typeof TicketDto>;

/** Message (seed 000 §3). `sendError` set means the channel refused it for good: show it failed, never sent. */
export const MessageDto = z.object({
  id: z.number(),
  companyId: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string(), urlPicture: z.string() }).nullable().optional(),
  whatsappId: z.number().nullable(),
  externalId: z.string().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string(),
  /** URL of the stored media (authorised per company), or null while it is downloaded. */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaMimeType: z.string().nullable(),
  dataJson: z.record(z.string(), z.unknown()).nullable(),
  quotedMsgId: z.number().nullable(),
  quotedMsg: z
    .object({ id: z.number(), body: z.string(), mediaType: z.string(), mediaUrl: z.string().nullable(), fromMe: z.boolean() })
    .nullable()
    .optional(),
  ack: z.number(),
  sendError: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type MessageDto = z.infer<typeof MessageDto>;
