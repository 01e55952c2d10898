/**
 * The domain events, declared once (docs/architecture.md "The event spine"): each is published by the module where it
 * happens, after its transaction committed, through `deps.events` (platform/domain-events.ts); the subscribers are
 * registered in src/composition.ts. Publishing an event that is not here does not compile.
 */
import type { ContactRow, MessageRow, TicketRow } from './modules/messages/messages.public';

/** Why a ticket closed. */
export type CloseReason = 'attendant' | 'bot' | 'idleSweep' | 'rating' | 'campaign' | 'import' | 'api' | 'closeAll';

/** A customer's (or the business's own, from another device) message stored by ingest. */
export interface MessageReceived {
  companyId: number;
  connection: {
    id: number;
    name: string;
    channel: string;
    groupAsTicket: string;
    queues: { id: number; name: string; color: string }[];
  };
  message: MessageRow;
  /** The ticket as the store left it (status, queue, owner, bot state): reactions decide from this, not from a read. */
  ticket: TicketRow;
  /** The ticket's contact (the group itself in a group) and, from a customer, the sender. */
  contact: ContactRow & { inserted: boolean };
  sender: (ContactRow & { inserted: boolean }) | null;
  /** The message created the ticket. */
  isNewTicket: boolean;
  /** The ticket was created or reopened by this message (its status moved). */
  opened: boolean;
}

export interface DomainEventMap {
  'message.received': MessageReceived;
  /** An outbound message was stored (ack 0); the send job takes it. `automatic` names the product's own texts. */
  'message.sent': { companyId: number; messageId: number; ticketId: number; userId: number | null; automatic: string | null };
  /** The channel moved a message's ack, or refused it for good (`failed`). */
  'message.status': { companyId: number; messageId: number; ticketId: number; ack: number; failed: boolean };
  'ticket.created': { companyId: number; ticket: TicketRow; by: 'customer' | 'attendant' | 'campaign' | 'api' };
  'ticket.accepted': { companyId: number; ticket: TicketRow; userId: number };
  'ticket.transferred': { companyId: number; ticket: TicketRow; fromQueueId: number | null; fromUserId: number | null };
  /** The closed ticket's scope (who heard it): close-all closes many at once and reads none of them back. */
  'ticket.closed': {
    companyId: number;
    ticket: Pick<TicketRow, 'id' | 'queueId' | 'userId' | 'isGroup'>;
    why: CloseReason;
    by: number | null;
  };
  'ticket.reopened': { companyId: number; ticket: TicketRow };
  /** The automation left a ticket waiting for an attendant in a queue (pending, no attendant, the bot done with it). */
  'ticket.queued': { companyId: number; ticketId: number; queueId: number };
  /** A user's first socket came (their presence went from offline to online). */
  'user.online': { companyId: number; userId: number };
  'contact.created': { companyId: number; contactId: number };
  'contact.updated': { companyId: number; contactId: number };
  'campaign.finished': { companyId: number; campaignId: number };
  /** A customer answered the rating question (0–10) of a ticket; the ticket then closes (`ticket.closed`, why `rating`). */
  'rating.received': {
    companyId: number;
    ticketId: number;
    rate: number;
    userId: number | null;
    queueId: number | null;
    at: Date;
  };
  /** An admin changed what the automation reads of a company or a connection: caches drop it (also across processes). */
  'setup.changed': { companyId: number; connectionId?: number };
}

export type DomainEventName = keyof DomainEventMap;
