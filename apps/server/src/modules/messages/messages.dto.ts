import { type ContactDto, type MessageDto, type TicketDto, ticketSla } from '@atendo/shared';
import { type Column, getTableColumns, is, sql, Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import * as schema from '../../db/schema';

export type MessageRow = typeof schema.messages.$inferSelect;
export type TicketRow = typeof schema.tickets.$inferSelect;
export type ContactRow = typeof schema.contacts.$inferSelect;

/**
 * Every schema column by its database name (`amount_used_bot_queues_nps`), with its Drizzle key
 * (`amountUsedBotQueuesNPS`) and decoder. No name means two things across the tables (checked when it was written).
 */
let columnsByName: Map<string, { key: string; column: Column }> | undefined;
function schemaColumns() {
  if (columnsByName) return columnsByName;
  const casing = new CasingCache('snake_case'); // db/open.ts opens Drizzle with casing: 'snake_case'
  columnsByName = new Map();
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      columnsByName.set(casing.getColumnCasing(column), { key, column });
    }
  }
  return columnsByName;
}

const camelKeys = new Map<string, string>();
/** Columns other modules add for their own queries (full-text search) that no DTO carries. */
const SKIPPED_KEYS = new Set(['body_tsv']);

/**
 * A raw row (`row_to_json`, a pg result row: snake_case keys, ISO dates in JSON) as Drizzle's select gives it: a schema
 * column under its schema key, through the column's own decoder (dates, bigints, numerics); any other key (an alias)
 * in camelCase, as it came.
 */
export function camelRow<T>(raw: Record<string, unknown>): T {
  const columns = schemaColumns();
  const out: Record<string, unknown> = {};
  for (const k in raw) {
    if (SKIPPED_KEYS.has(k)) continue;
    const v = raw[k];
    const col = columns.get(k);
    if (col) {
      // The pg driver parses timestamps itself (Drizzle asks it not to): a Date is kept as it came.
      out[col.key] = v === null || v === undefined || v instanceof Date ? v : col.column.mapFromDriverValue(v);
      continue;
    }
    let key = camelKeys.get(k);
    if (key === undefined) {
      key = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      camelKeys.set(k, key);
    }
    out[key] = v;
  }
  return out as T;
}

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
