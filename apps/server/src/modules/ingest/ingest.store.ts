/**
 * Storing one inbound message, in named steps: what the event becomes (the ticket's contact, the message's fields),
 * the one-statement path into a live ticket, the transaction that may open or reopen the ticket, the retry when a
 * concurrent writer won a race, and what is published after commit. The message-insert statement itself is one
 * (ingest.repository.ts insertMessageSql), shared by both paths.
 */
import type { InboundMessage, IngestOutcome } from '../../channels/types';
import { isFileMediaType } from '../../channels/types';
import type { MessageReceived } from '../../domain-events';
import type { Tenant } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { type ContactRow, lastMessageText, type MessageRow, type TicketRow } from '../messages/messages.public';
import * as repo from './ingest.repository';

/** The contact network of a channel: a WhatsApp number is one contact whether it writes through QR or Cloud API. */
export const contactChannelOf = (channel: string) => (channel === 'whatsappapi' ? 'whatsapp' : channel);

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

function isRetryableConflict(err: unknown) {
  if (isUniqueViolation(err)) return true;
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && RETRYABLE_PG_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface StoredMessage {
  outcome: IngestOutcome;
  mediaMessageId?: number;
  companyId?: number;
  /** The domain event of a newly stored message, published once the transaction committed. */
  received?: MessageReceived;
}

type Conn = repo.IngestConnection;
type Contact = ContactRow & { inserted: boolean };
type Stored =
  | {
      kind: 'stored';
      message: MessageRow;
      ticket: TicketRow;
      contact: Contact;
      sender: Contact | null;
      isNewTicket: boolean;
      /** The ticket was created or reopened (its status moved), not only given a message. */
      opened: boolean;
    }
  | { kind: 'duplicate'; duplicate: NonNullable<Awaited<ReturnType<typeof repo.findMessageByExternalId>>> };

/** The ticket's contact: the group itself in a group, else the customer. */
function ticketContactOf(evt: InboundMessage, conn: Conn): repo.ContactInput {
  return {
    channel: contactChannelOf(evt.channel),
    number: evt.isGroup && evt.group ? evt.group.id : evt.from,
    name:
      (evt.isGroup ? evt.group?.name : evt.fromMe ? undefined : evt.contactName) ||
      (evt.isGroup && evt.group ? evt.group.id : evt.from),
    lid: evt.isGroup ? null : (evt.fromLid ?? null),
    isGroup: evt.isGroup,
    whatsappId: conn.id,
    keepName: evt.fromMe && !evt.isGroup,
  };
}

/** The message row an event becomes (the ticket, sender and queue are decided by the path that stores it). */
function messageFieldsOf(evt: InboundMessage, conn: Conn) {
  // An inactive company keeps what its customers write (nothing is lost if it is switched on again) but its
  // connections are stopped: no bot, no queue greeting, nothing sent on its behalf.
  const automationDue = !evt.fromMe && !evt.isGroup && conn.companyActive;
  const isReaction = evt.mediaType === 'reaction';
  const file = evt.media && isFileMediaType(evt.mediaType) ? evt.media : undefined;
  return {
    whatsappId: conn.id,
    externalId: evt.externalId,
    body: evt.body,
    fromMe: evt.fromMe,
    read: evt.fromMe,
    mediaType: evt.mediaType,
    mediaRef: file ? { ...file } : null,
    mediaName: file?.filename ?? null,
    mediaMimeType: file?.mimeType ?? null,
    mediaSize: file?.size ?? null,
    dataJson: evt.dataJson ?? null,
    quotedExternalId: evt.quotedExternalId ?? null,
    ack: evt.fromMe ? 1 : 0,
    isForwarded: evt.isForwarded ?? false,
    createdAt: evt.timestamp,
    lastMessage: isReaction ? null : lastMessageText(evt.body, evt.mediaType),
    unreadIncrement: evt.fromMe ? null : isReaction ? 0 : 1,
    automationDue,
  };
}

type Fields = ReturnType<typeof messageFieldsOf>;

/** The message was stored before, found after this transaction opened a ticket for it: roll back, answer duplicate. */
class StoredBefore extends Error {
  constructor(readonly duplicate: { id: number; ticketId: number; mediaPending: boolean }) {
    super('message stored before');
  }
}

export function createMessageStore(deps: CoreDeps, connectionOf: (id: number) => Promise<Conn | null>) {
  const { db } = deps.database;

  /** Most messages: the contact already has a live ticket here — one statement. Null: the transaction must run. */
  async function storeInLiveTicket(
    evt: InboundMessage,
    conn: Conn,
    tenant: Tenant,
    ticketContactInput: repo.ContactInput,
    fields: Fields,
  ): Promise<Stored | null> {
    if (evt.isGroup) return null;
    const r = await repo.ingestIntoLiveTicket(db, tenant, ticketContactInput, { ...fields, senderIsContact: !evt.fromMe });
    if (r.message && r.ticket) {
      return {
        kind: 'stored',
        message: r.message,
        ticket: r.ticket,
        contact: r.contact,
        sender: evt.fromMe ? null : r.contact,
        isNewTicket: false,
        opened: false,
      } as const;
    }
    if (r.liveTicketId) {
      const dup = await repo.findMessageByExternalId(db, tenant, conn.id, evt.externalId);
      if (dup) return { kind: 'duplicate', duplicate: dup } as const;
    }
    return null;
  }

  /** A new contact, a closed or missing ticket, a group: one transaction that may open or reopen the ticket. */
  function storeOpeningTicket(
    evt: InboundMessage,
    conn: Conn,
    tenant: Tenant,
    ticketContactInput: repo.ContactInput,
    fields: Fields,
  ): Promise<Stored> {
    return db.transaction(async (tx) => {
      const ticketContact = await repo.upsertContact(tx, tenant, ticketContactInput);
      let sender: (ContactRow & { inserted: boolean }) | null = evt.fromMe ? null : ticketContact;
      if (evt.isGroup && !evt.fromMe) {
        sender = await repo.upsertContact(tx, tenant, {
          channel: contactChannelOf(evt.channel),
          number: evt.from,
          name: evt.contactName || evt.from,
          lid: evt.fromLid ?? null,
          isGroup: false,
          whatsappId: conn.id,
          keepName: false,
        });
      }
      // Seen before (a redelivered webhook): nothing else moves. A contact this transaction created has no ticket yet,
      // and a redelivery of its message is met by the message's unique key below: one statement fewer per new contact.
      const fresh = ticketContact.inserted;
      const seen = fresh
        ? { duplicate: null, ticket: null }
        : await repo.findDuplicateOrLiveTicket(tx, tenant, {
            whatsappId: conn.id,
            externalId: evt.externalId,
            contactId: ticketContact.id,
          });
      if (seen.duplicate) return { kind: 'duplicate', duplicate: seen.duplicate } as const;

      let ticket: TicketRow | null = seen.ticket;
      let isNewTicket = false;
      let reopened = false;
      const openStatus = evt.isGroup && conn.groupAsTicket !== 'enabled' ? 'group' : 'pending';
      if (!ticket && !fresh && conn.timeCreateNewTicket > 0) {
        ticket = await repo.reopenRecentTicket(tx, tenant, {
          contactId: ticketContact.id,
          whatsappId: conn.id,
          withinSeconds: conn.timeCreateNewTicket,
          status: openStatus,
        });
        reopened = ticket !== null;
      }
      if (!ticket) {
        ticket = await repo.createTicket(tx, tenant, {
          contactId: ticketContact.id,
          whatsappId: conn.id,
          status: openStatus,
          // A connection with exactly one queue sends its tickets there; with several, the queue menu decides.
          queueId: conn.queues.length === 1 ? conn.queues[0].id : null,
          channel: evt.channel,
          isGroup: evt.isGroup,
          fromMe: evt.fromMe,
        });
        isNewTicket = ticket !== null;
        ticket ??= await repo.findLiveTicket(tx, tenant, ticketContact.id, conn.id);
        if (!ticket) throw Object.assign(new Error('ticket vanished while ingesting'), { code: '40001' });
      }

      const { message, ticket: touched } = await repo.insertMessageAndTouchTicket(
        tx,
        tenant,
        { ...fields, ticketId: ticket.id, contactId: sender?.id ?? null, queueId: ticket.queueId },
        { status: ticket.status, userId: ticket.userId, opened: isNewTicket },
      );
      if (!message) {
        // Inserted by a concurrent delivery of the same event between our check and our insert.
        const again = await repo.findMessageByExternalId(tx, tenant, conn.id, evt.externalId);
        // A ticket opened or reopened for it here is undone with the transaction.
        if (again && (isNewTicket || reopened)) throw new StoredBefore(again);
        if (again) return { kind: 'duplicate', duplicate: again } as const;
        throw Object.assign(new Error('message neither inserted nor found'), { code: '40001' });
      }
      return {
        kind: 'stored',
        message,
        ticket: touched ?? ticket,
        contact: ticketContact,
        sender,
        isNewTicket,
        opened: isNewTicket || reopened,
      } as const;
    });
  }

  /** Both paths, again from the start when a concurrent writer (an attendant reopening, a deadlock) won a race. */
  async function storeWithRetries(evt: InboundMessage, conn: Conn, tenant: Tenant): Promise<Stored> {
    const ticketContactInput = ticketContactOf(evt, conn);
    const fields = messageFieldsOf(evt, conn);
    for (let attempt = 1; ; attempt++) {
      try {
        return (
          (await storeInLiveTicket(evt, conn, tenant, ticketContactInput, fields)) ??
          (await storeOpeningTicket(evt, conn, tenant, ticketContactInput, fields))
        );
      } catch (err) {
        if (err instanceof StoredBefore) return { kind: 'duplicate', duplicate: err.duplicate } as const;
        if (attempt >= 4 || !isRetryableConflict(err)) throw err;
      }
    }
  }

  return async function storeMessage(evt: InboundMessage): Promise<StoredMessage> {
    const conn = await connectionOf(evt.connectionId);
    if (!conn) return { outcome: { kind: 'ignored', reason: 'unknown connection' } };
    if (evt.isGroup && !conn.allowGroup) return { outcome: { kind: 'ignored', reason: 'groups are off on this connection' } };
    const tenant = { companyId: conn.companyId };
    const result = await storeWithRetries(evt, conn, tenant);
    if (result.kind === 'duplicate') {
      const dup = result.duplicate;
      return {
        outcome: { kind: 'message', messageId: dup.id, ticketId: dup.ticketId, contactId: 0, duplicate: true },
        // A redelivery after a crash between commit and enqueue: the download is asked for again (the job is idempotent).
        mediaMessageId: dup.mediaPending ? dup.id : undefined,
        companyId: tenant.companyId,
      };
    }
    const { message, ticket, contact, sender, isNewTicket, opened } = result;
    return {
      outcome: { kind: 'message', messageId: message.id, ticketId: ticket.id, contactId: contact.id, duplicate: false },
      mediaMessageId: message.mediaRef ? message.id : undefined,
      companyId: tenant.companyId,
      received: {
        companyId: tenant.companyId,
        connection: {
          id: conn.id,
          name: conn.name,
          channel: conn.channel,
          groupAsTicket: conn.groupAsTicket,
          queues: conn.queues,
        },
        message,
        ticket,
        contact,
        sender,
        isNewTicket,
        opened,
      },
    };
  };
}
