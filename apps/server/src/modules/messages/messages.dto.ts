import { type ContactDto, type MessageDto, type TicketDto, ticketSla } from '@atendo/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import * as schema from '../../db/schema';

export type MessageRow = typeof schema.messages.$inferSelect;
export type TicketRow = typeof schema.tickets.$inferSelect;
export type ContactRow = typeof schema.contacts.$inferSelect;

export function toMessageDto(m: MessageRow, mediaUrl: (stored: string) => string, extra: Partial<MessageDto> = {}): MessageDto {
  return {
    id: m.id,
    companyId: m.companyId,
    ticketId: m.ticketId,
    contactId: m.contactId,
    whatsappId: m.whatsappId,
    externalId: m.externalId,
    body: m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaUrl: m.mediaUrl ? mediaUrl(m.mediaUrl) : null,
    mediaName: m.mediaName,
    mediaMimeType: m.mediaMimeType,
    dataJson: m.dataJson ?? null,
    quotedMsgId: m.quotedMsgId,
    ack: m.ack,
    sendError: m.sendError,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    isForwarded: m.isForwarded,
    isPrivate: m.isPrivate,
    queueId: m.queueId,
    userId: m.userId,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ...extra,
  };
}

export function toContactDto(c: ContactRow): ContactDto {
  return {
    id: c.id,
    uuid: c.uuid,
    companyId: c.companyId,
    name: c.name,
    number: c.number,
    lid: c.lid,
    email: c.email,
    urlPicture: c.urlPicture,
    active: c.active,
    acceptAudioMessage: c.acceptAudioMessage,
    disableBot: c.disableBot,
    lgpdAcceptedAt: c.lgpdAcceptedAt,
    channel: c.channel,
    isGroup: c.isGroup,
    whatsappId: c.whatsappId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export interface TicketRefs {
  contact?: Pick<ContactRow, 'id' | 'name' | 'number' | 'urlPicture' | 'disableBot'>;
  queue?: { id: number; name: string; color: string } | null;
  user?: { id: number; name: string; color: string | null } | null;
  whatsapp?: { id: number; name: string; groupAsTicket: string; channel: string } | null;
}

export function toTicketDto(t: TicketRow, refs: TicketRefs = {}): TicketDto {
  return {
    id: t.id,
    uuid: t.uuid,
    companyId: t.companyId,
    status: t.status as TicketDto['status'],
    contactId: t.contactId,
    contact: refs.contact
      ? {
          id: refs.contact.id,
          name: refs.contact.name,
          number: refs.contact.number,
          urlPicture: refs.contact.urlPicture,
          disableBot: refs.contact.disableBot,
        }
      : undefined,
    whatsappId: t.whatsappId,
    whatsapp: refs.whatsapp ?? null,
    userId: t.userId,
    user: refs.user ?? null,
    queueId: t.queueId,
    queue: refs.queue ?? null,
    channel: t.channel as TicketDto['channel'],
    isGroup: t.isGroup,
    isBot: t.isBot,
    useIntegration: t.useIntegration,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    fromMe: t.fromMe,
    sla: ticketSla(t),
    closedAt: t.closedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const LAST_MESSAGE_LABEL: Partial<Record<string, string>> = {
  image: '📷',
  audio: '🎤',
  video: '🎥',
  application: '📄',
  sticker: '🏷️',
  location: '📍',
  contact: '👤',
  order: '🛒',
};

/** What the ticket list shows as the last message: the text, or a language-neutral symbol for a media without text. */
export function lastMessageText(body: string, mediaType: string) {
  if (body.trim()) return body.length > 255 ? body.slice(0, 255) : body;
  return LAST_MESSAGE_LABEL[mediaType] ?? '';
}

/** The message columns a RETURNING needs (not `*`: other modules add wide columns such as a tsvector). */
export const MESSAGE_RETURNING = sql.raw(
  Object.keys(getTableColumns(schema.messages))
    .map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    .join(', '),
);
