/**
 * Domain events → outgoing webhook events (docs/api.md "Event types"). Each reaction is registered as an `after`
 * subscriber in src/composition.ts: the request that caused the event never waits for a webhook. The data is the
 * message, ticket or contact as the API shows it, with the company's LGPD number hiding applied as for a profile user
 * (a receiver is not an admin).
 */
import { type CompanySettings, type ContactDto, lgpdHidesNumbers, maskPhoneNumber, type TicketDto } from '@atendo/shared';
import type { DomainEventMap } from '../../domain-events';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { findCampaign } from '../campaigns/campaigns.public';
import {
  type ContactRow,
  findMessageRow,
  type MessageRow,
  toContactDto,
  toMessageDto,
  toTicketDto,
} from '../messages/messages.public';
import { findQueueRef, findTicket, findTicketContact, findUserRef, type TicketRow } from '../tickets/tickets.public';
import type { WebhooksService } from './webhooks.service';

type Contactish = Pick<ContactRow, 'id' | 'name' | 'number' | 'isGroup' | 'channel'>;
type TicketContact = NonNullable<Awaited<ReturnType<typeof findTicketContact>>>;

export function createWebhookReactions(
  deps: CoreDeps,
  webhooks: Pick<WebhooksService, 'record'>,
  settingsOf: (t: Tenant) => Promise<CompanySettings | null>,
) {
  const { db } = deps.database;
  const emit = async (...args: Parameters<WebhooksService['record']>): Promise<void> => {
    await webhooks.record(...args);
  };

  const hides = async (t: Tenant) => {
    const s = await settingsOf(t);
    return s !== null && lgpdHidesNumbers(s);
  };
  const shownNumber = (c: { number: string; isGroup: boolean }, mask: boolean) =>
    mask && !c.isGroup ? maskPhoneNumber(c.number) : c.number;

  const contactRef = (c: Contactish, mask: boolean) => ({
    id: c.id,
    name: c.name,
    number: shownNumber(c, mask),
    isGroup: c.isGroup,
    channel: c.channel,
  });

  const contactDto = (c: ContactRow, mask: boolean): ContactDto => ({ ...toContactDto(c), number: shownNumber(c, mask) });

  /** The ticket as GET /tickets/:id shows it (its contact, queue, user and connection names). */
  async function ticketDto(t: Tenant, row: TicketRow, mask: boolean, known?: TicketContact | null): Promise<TicketDto> {
    const [contact, queue, user] = await Promise.all([
      known?.id === row.contactId ? known : findTicketContact(db, t, row.contactId),
      row.queueId ? findQueueRef(db, t, row.queueId) : null,
      row.userId ? findUserRef(db, t, row.userId) : null,
    ]);
    return toTicketDto(row, {
      contact: contact ? { ...contact, number: shownNumber(contact, mask) } : undefined,
      queue,
      user: user ? { id: user.id, name: user.name, color: null } : null,
    });
  }

  async function ticketData(t: Tenant, ticketId: number) {
    const row = await findTicket(db, t, ticketId);
    return row ? ticketDto(t, row, await hides(t)) : null;
  }

  async function messageData(t: Tenant, message: MessageRow) {
    const mask = await hides(t);
    const [ticket, contact] = await Promise.all([
      findTicket(db, t, message.ticketId),
      message.contactId ? findTicketContact(db, t, message.contactId) : null,
    ]);
    return {
      message: toMessageDto(message, deps.mediaUrl),
      // the message's contact is most often the ticket's own: read once
      ticket: ticket ? await ticketDto(t, ticket, mask, contact) : null,
      contact: contact ? contactRef(contact, mask) : null,
    };
  }

  const storedMessage = async (t: Tenant, id: number) => {
    const m = await findMessageRow(db, t, id);
    return m && !m.isPrivate ? messageData(t, m) : null;
  };

  return {
    /** A customer's message (or the business's own from another device): `message.created`. */
    received: (e: DomainEventMap['message.received']) =>
      emit(e.companyId, 'message.created', async () => {
        const t = { companyId: e.companyId };
        const mask = await hides(t);
        return {
          message: toMessageDto(e.message, deps.mediaUrl),
          ticket: await ticketDto(t, e.ticket, mask),
          contact: contactRef(e.contact, mask),
          sender: e.sender ? contactRef(e.sender, mask) : null,
        };
      }),
    /** An attendant's or the bot's message stored (private notes are not messages to anyone): `message.created`. */
    sent: (e: DomainEventMap['message.sent']) =>
      emit(e.companyId, 'message.created', () => storedMessage({ companyId: e.companyId }, e.messageId)),
    /** The channel's ack moved, or it refused the message: `message.updated`. */
    status: (e: DomainEventMap['message.status']) =>
      emit(e.companyId, 'message.updated', () => storedMessage({ companyId: e.companyId }, e.messageId)),

    ticketCreated: (e: DomainEventMap['ticket.created']) => ticketEvent('ticket.created', e, { by: e.by }),
    ticketAccepted: (e: DomainEventMap['ticket.accepted']) =>
      ticketEvent('ticket.updated', e, { change: 'accepted', userId: e.userId }),
    ticketReopened: (e: DomainEventMap['ticket.reopened']) => ticketEvent('ticket.updated', e, { change: 'reopened' }),
    ticketTransferred: (e: DomainEventMap['ticket.transferred']) =>
      ticketEvent('ticket.transferred', e, { fromQueueId: e.fromQueueId, fromUserId: e.fromUserId }),
    /** The closed ticket read back (close-all publishes only its scope). */
    ticketClosed: (e: DomainEventMap['ticket.closed']) =>
      emit(e.companyId, 'ticket.closed', async () => {
        const ticket = await ticketData({ companyId: e.companyId }, e.ticket.id);
        return ticket ? { ticket, why: e.why, by: e.by } : null;
      }),

    contactCreated: (e: DomainEventMap['contact.created']) => contactEvent('contact.created', e),
    contactUpdated: (e: DomainEventMap['contact.updated']) => contactEvent('contact.updated', e),

    rating: (e: DomainEventMap['rating.received']) =>
      emit(e.companyId, 'rating.received', async () => ({
        rating: { ticketId: e.ticketId, rate: e.rate, userId: e.userId, queueId: e.queueId, createdAt: e.at.toISOString() },
      })),

    campaignFinished: (e: DomainEventMap['campaign.finished']) =>
      emit(e.companyId, 'campaign.finished', async () => {
        const c = await findCampaign(db, { companyId: e.companyId }, e.campaignId);
        return c
          ? {
              campaign: {
                id: c.id,
                name: c.name,
                status: c.status,
                scheduledAt: c.scheduledAt,
                completedAt: c.completedAt,
                contactListId: c.contactListId,
                whatsappId: c.whatsappId,
              },
            }
          : null;
      }),
  };

  /** An event that carries the ticket as the store left it, and what else it says. */
  function ticketEvent(type: string, e: { companyId: number; ticket: TicketRow }, extra: Record<string, unknown>) {
    return emit(e.companyId, type, async () => {
      const t = { companyId: e.companyId };
      return { ticket: await ticketDto(t, e.ticket, await hides(t)), ...extra };
    });
  }

  function contactEvent(type: 'contact.created' | 'contact.updated', e: { companyId: number; contactId: number }) {
    return emit(e.companyId, type, async () => {
      const t = { companyId: e.companyId };
      const c = await findTicketContact(db, t, e.contactId);
      return c ? { contact: contactDto(c, await hides(t)) } : null;
    });
  }
}
