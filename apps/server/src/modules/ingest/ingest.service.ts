/**
 * Ingest: the one pipeline every channel's inbound events go through (DESIGN.md §4). Implements the
 * `IngestPort` adapters are given. One transaction per message: contact upsert (locks the contact, so one
 * contact's events are stored in order), find-or-create (or reopen) the live ticket, insert the message
 * (idempotent on the channel's id), move the ticket. Realtime events only after commit.
 */

import type {
  ConnectionStateUpdate,
  InboundEdit,
  InboundEvent,
  InboundRevoke,
  InboundStatus,
  IngestOutcome,
  IngestPort,
} from '../../channels/types';
import type { MessageReceived } from '../../domain-events';
import type { CoreDeps } from '../../platform/deps';
import type { Log } from '../../platform/logger';
import { downloadMediaJob, toMessageDto } from '../messages/messages.public';
import { closeImportedTickets, createTicketAudience } from '../tickets/tickets.public';
import { updateWhatsappSession } from '../whatsapps/whatsapps.public';
import { ttlMemo } from './ingest.memo';
import * as repo from './ingest.repository';
import { createMessageStore } from './ingest.store';

export { ttlMemo } from './ingest.memo';
export { createReceivedPublisher } from './ingest.realtime';

export { contactChannelOf } from './ingest.store';

export interface IngestServiceOptions {
  logger?: Log;
  /** How long a connection's settings are reused between messages (every message would read them otherwise). */
  connectionCacheMs?: number;
}

export function createIngestService(deps: CoreDeps, opts: IngestServiceOptions = {}): IngestPort {
  const { db } = deps.database;
  const log = opts.logger;
  const audience = createTicketAudience(db);
  const connectionOf = ttlMemo((id: number) => repo.loadIngestConnection(db, id), opts.connectionCacheMs ?? 2000);
  const storeMessage = createMessageStore(deps, connectionOf);

  /** The domain events of a stored message: the message itself, and the ticket or contact it created. */
  async function publishReceived(e: MessageReceived) {
    const { companyId, ticket, contact } = e;
    if (contact.inserted) await deps.events.publish('contact.created', { companyId, contactId: contact.id });
    if (e.isNewTicket) await deps.events.publish('ticket.created', { companyId, ticket, by: 'customer' });
    else if (e.opened) await deps.events.publish('ticket.reopened', { companyId, ticket });
    await deps.events.publish('message.received', e);
  }

  async function publishMessageUpdate(connectionId: number, found: repo.MessageWithTicket | null) {
    if (!found) return;
    deps.realtime.publish(
      found.message.companyId,
      'appMessage',
      { action: 'update', message: toMessageDto(found.message, deps.mediaUrl) },
      await audience.roomsOf({ companyId: found.message.companyId }, found.ticket),
    );
    log?.debug({ connectionId, messageId: found.message.id }, 'message updated from channel');
  }

  async function applyStatus(evt: InboundStatus): Promise<IngestOutcome> {
    const referenceId = evt.reference && /^\d{1,18}$/.test(evt.reference) ? Number(evt.reference) : null;
    const status = {
      whatsappId: evt.connectionId,
      externalId: evt.externalId,
      referenceId,
      ack: evt.ack ?? null,
      failure: evt.failure ? evt.failure.reason : null,
    };
    const first = await repo.applyStatusOrTell(db, status);
    let found = first.found;
    if (!first.known) {
      // Ahead of the send's answer (its id not stored yet): kept for the send to take; then tried once more, in case
      // the send stored its id meanwhile (one of the two always sees the other: no report is lost).
      await repo.rememberEarlyStatus(db, status);
      found = await repo.applyStatus(db, status);
      if (found) await repo.forgetEarlyStatus(db, status);
    }
    await publishMessageUpdate(evt.connectionId, found);
    if (found) {
      const m = found.message;
      await deps.events.publish('message.status', {
        companyId: m.companyId,
        messageId: m.id,
        ticketId: m.ticketId,
        ack: m.ack,
        failed: Boolean(m.sendError),
      });
    }
    return found ? { kind: 'status', messageId: found.message.id } : { kind: 'ignored', reason: 'unknown message or no change' };
  }

  async function applyEdit(evt: InboundEdit): Promise<IngestOutcome> {
    const found = await repo.applyEdit(db, { whatsappId: evt.connectionId, externalId: evt.externalId, body: evt.body });
    await publishMessageUpdate(evt.connectionId, found);
    return found ? { kind: 'edit', messageId: found.message.id } : { kind: 'ignored', reason: 'unknown message' };
  }

  async function applyRevoke(evt: InboundRevoke): Promise<IngestOutcome> {
    const found = await repo.applyRevoke(db, { whatsappId: evt.connectionId, externalId: evt.externalId });
    await publishMessageUpdate(evt.connectionId, found);
    return found ? { kind: 'revoke', messageId: found.message.id } : { kind: 'ignored', reason: 'unknown message' };
  }

  return {
    async ingest(events: readonly InboundEvent[]) {
      const outcomes: IngestOutcome[] = [];
      for (const evt of events) {
        switch (evt.kind) {
          case 'message': {
            const stored = await storeMessage(evt);
            outcomes.push(stored.outcome);
            if (stored.mediaMessageId && stored.companyId) {
              await deps.jobs.send(downloadMediaJob, { messageId: stored.mediaMessageId, companyId: stored.companyId });
            }
            // Stored and committed: the inbox hears it now; the automation, lanes and the rest react after this returns.
            if (stored.received) await publishReceived(stored.received);
            break;
          }
          case 'status':
            outcomes.push(await applyStatus(evt));
            break;
          case 'edit':
            outcomes.push(await applyEdit(evt));
            break;
          case 'revoke':
            outcomes.push(await applyRevoke(evt));
            break;
          case 'error':
            log?.warn({ connectionId: evt.connectionId, code: evt.code, reason: evt.reason }, 'channel reported an error');
            outcomes.push({ kind: 'ignored', reason: `channel error: ${evt.reason}` });
            break;
        }
      }
      return outcomes;
    },

    numberForLid: (companyId, lid) => repo.numberForLid(db, { companyId }, lid),
    storedMessage: (connectionId, externalId) => repo.findStoredMessage(db, connectionId, externalId),
    learnLid: (companyId, p) => repo.mergeLidIntoNumber(db, { companyId }, p),
    markImported: (companyId, ticketIds, queueId) => repo.markImportedTickets(db, { companyId }, ticketIds, queueId),

    async closeImported(companyId, connectionId) {
      const tenant = { companyId };
      const closed = await closeImportedTickets(db, tenant, connectionId);
      for (const t of closed) {
        const to = await audience.roomsOf(tenant, t);
        deps.realtime.publish(companyId, 'ticket', { action: 'removeFromList', ticketId: t.id }, to);
      }
      return closed.length;
    },

    async connectionState(update: ConnectionStateUpdate) {
      const row = await updateWhatsappSession(db, update.connectionId, {
        status: update.status,
        ...(update.qrcode !== undefined ? { qrcode: update.qrcode } : {}),
        ...(update.retries !== undefined ? { retries: update.retries } : {}),
        ...(update.number !== undefined ? { number: update.number } : {}),
      });
      if (!row) return;
      deps.realtime.publish(row.companyId, 'whatsappSession', {
        action: 'update',
        session: { id: row.id, status: row.status, updatedAt: row.updatedAt, qrcode: row.qrcode, retries: row.retries },
      });
    },
  };
}
