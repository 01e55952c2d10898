/**
 * What the inbox hears of a stored message (a subscriber of `message.received`, wired in src/composition.ts): the
 * contact, ticket and message events, to those who hear its ticket. A message into a live ticket publishes appMessage
 * only — it carries the ticket (new last message, unread count), which the inbox applies; a second event to every
 * entitled socket was half of the fan-out (docs/deploy.md). The ticket event goes out when the ticket was created or
 * reopened. Everything it reads besides the event (settings, the owner's and queue's names) comes from short caches,
 * so a message into a ticket an attendant holds costs no statement here.
 */
import type { MessageReceived } from '../../domain-events';
import type { CoreDeps } from '../../platform/deps';
import { rooms } from '../../platform/realtime-port';
import { toContactDto, toMessageDto, toTicketDto } from '../messages/messages.public';
import type { CompanySettingsCache } from '../settings/settings.public';
import { createTicketAudience } from '../tickets/tickets.public';
import { ttlMemo } from './ingest.memo';
import * as repo from './ingest.repository';

export function createReceivedPublisher(deps: CoreDeps, settings: CompanySettingsCache) {
  const { db } = deps.database;
  const audience = createTicketAudience(db);
  // A renamed attendant or queue shows under its new name within 5 s.
  const userRef = ttlMemo((key: string) => {
    const [companyId, userId] = key.split(':').map(Number);
    return repo.findUserRef(db, { companyId }, userId);
  }, 5000);
  const queueRef = ttlMemo((key: string) => {
    const [companyId, queueId] = key.split(':').map(Number);
    return repo.findQueueRef(db, { companyId }, queueId);
  }, 5000);

  return async function publishReceived(e: MessageReceived) {
    const { companyId, connection: conn, message, ticket, contact, sender, opened } = e;
    const tenant = { companyId };
    const queue = ticket.queueId
      ? (conn.queues.find((q) => q.id === ticket.queueId) ?? (await queueRef(`${companyId}:${ticket.queueId}`)))
      : null;
    const user = ticket.userId ? await userRef(`${companyId}:${ticket.userId}`) : null;
    const heard = await audience.of(tenant, ticket, { settings: await settings.get(tenant) });
    const ticketDto = heard.ticket(
      toTicketDto(ticket, {
        contact,
        queue,
        user,
        whatsapp: { id: conn.id, name: conn.name, groupAsTicket: conn.groupAsTicket, channel: conn.channel },
      }),
    );
    const contactDto = heard.contact(toContactDto(contact));
    if (contact.inserted) deps.realtime.publish(companyId, 'contact', { action: 'create', contact: contactDto }, heard.to);
    if (sender && sender !== contact && sender.inserted) {
      const senderDto = heard.contact(toContactDto(sender));
      deps.realtime.publish(companyId, 'contact', { action: 'create', contact: senderDto }, [rooms.admins()]);
    }
    if (opened) deps.realtime.publish(companyId, 'ticket', { action: 'update', ticket: ticketDto }, heard.to);
    deps.realtime.publish(
      companyId,
      'appMessage',
      {
        action: 'create',
        message: toMessageDto(message, deps.mediaUrl, {
          contact: sender ? { id: sender.id, name: sender.name, urlPicture: sender.urlPicture } : null,
        }),
        ticket: ticketDto,
        contact: contactDto,
      },
      heard.to,
    );
  };
}
