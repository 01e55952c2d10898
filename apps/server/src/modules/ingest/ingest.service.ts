/**
 * Ingest: the one pipeline every channel's inbound events go through (DESIGN.md §4). Implements the
 * `IngestPort` adapters are given. One transaction per message: contact upsert (locks the contact, so one
 * contact's events are stored in order), find-or-create (or reopen) the live ticket, insert the message
 * (idempotent on the channel's id), move the ticket. Realtime events only after commit.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ConnectionStateUpdate,
  InboundEdit,
  InboundEvent,
  InboundMessage,
  InboundRevoke,
  InboundStatus,
  IngestOutcome,
  IngestPort,
} from '../../channels/types';
import { isFileMediaType } from '../../channels/types';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { rooms } from '../../platform/realtime-port';
import { handInboundToAutomation, type StoredInbound } from '../automation/automation.hooks';
import {
  type ContactRow,
  lastMessageText,
  type TicketRow,
  toContactDto,
  toMessageDto,
  toTicketDto,
} from '../messages/messages.dto';
import { downloadMediaJob } from '../messages/messages.jobs';
import { createTicketAudience } from '../tickets/tickets.audience';
import { closeTicketsWhere } from '../tickets/tickets.close';
import { updateWhatsappSession } from '../whatsapps/whatsapps.public';
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

interface StoredMessage {
  outcome: IngestOutcome;
  publish?: () => Promise<void>;
  mediaMessageId?: number;
  companyId?: number;
  /** What the conversation automation gets once the transaction committed. */
  automation?: StoredInbound;
}

export interface IngestServiceOptions {
  logger?: FastifyBaseLogger;
  /** How long a connection's settings are reused between messages (every message would read them otherwise). */
  connectionCacheMs?: number;
}

/** A small time-bounded memo for lookups every event needs; a change is seen within `ttlMs`. */
export function ttlMemo<K, V>(load: (key: K) => Promise<V>, ttlMs: number, max = 1000) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (entries.size >= max) entries.clear();
    const value = load(key);
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

export function createIngestService(deps: CoreDeps, opts: IngestServiceOptions = {}): IngestPort {
  const { db } = deps.database;
  const log = opts.logger;
  const audience = createTicketAudience(db);
  const connectionOf = ttlMemo((id: number) => repo.loadIngestConnection(db, id), opts.connectionCacheMs ?? 2000);

  async function storeMessage(evt: InboundMessage): Promise<StoredMessage> {
    const conn = await connectionOf(evt.connectionId);
    if (!conn) return { outcome: { kind: 'ignored', reason: 'unknown connection' } };
    if (evt.isGroup && !conn.allowGroup) return { outcome: { kind: 'ignored', reason: 'groups are off on this connection' } };
    const tenant = { companyId: conn.companyId };
    const contactChannel = contactChannelOf(evt.channel);

    // The ticket's contact: the group itself in a group, else the customer.
    const ticketContactInput: repo.ContactInput = {
      channel: contactChannel,
      number: evt.isGroup && evt.group ? evt.group.id : evt.from,
      name:
        (evt.isGroup ? evt.group?.name : evt.fromMe ? undefined : evt.contactName) ||
        (evt.isGroup && evt.group ? evt.group.id : evt.from),
      lid: evt.isGroup ? null : (evt.fromLid ?? null),
      isGroup: evt.isGroup,
      whatsappId: conn.id,
      keepName: evt.fromMe && !evt.isGroup,
    };
    const isReaction = evt.mediaType === 'reaction';
    const file = evt.media && isFileMediaType(evt.mediaType) ? evt.media : undefined;
    const fields = {
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
    };

    /** Most messages: the contact already has a live ticket here — one statement. */
    const fast = async () => {
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
        } as const;
      }
      if (r.liveTicketId) {
        const dup = await repo.findMessageByExternalId(db, tenant, conn.id, evt.externalId);
        if (dup) return { kind: 'duplicate', duplicate: dup } as const;
      }
      return null;
    };

    /** A new contact, a closed or missing ticket, a group: one transaction that may open or reopen the ticket. */
    const run = () =>
      db.transaction(async (tx) => {
        const ticketContact = await repo.upsertContact(tx, tenant, ticketContactInput);
        let sender: (ContactRow & { inserted: boolean }) | null = evt.fromMe ? null : ticketContact;
        if (evt.isGroup && !evt.fromMe) {
          sender = await repo.upsertContact(tx, tenant, {
            channel: contactChannel,
            number: evt.from,
            name: evt.contactName || evt.from,
            lid: evt.fromLid ?? null,
            isGroup: false,
            whatsappId: conn.id,
            keepName: false,
          });
        }
        // Seen before (a redelivered webhook): nothing else moves.
        const seen = await repo.findDuplicateOrLiveTicket(tx, tenant, {
          whatsappId: conn.id,
          externalId: evt.externalId,
          contactId: ticketContact.id,
        });
        if (seen.duplicate) return { kind: 'duplicate', duplicate: seen.duplicate } as const;

        let ticket: TicketRow | null = seen.ticket;
        let isNewTicket = false;
        const openStatus = evt.isGroup && conn.groupAsTicket !== 'enabled' ? 'group' : 'pending';
        if (!ticket && conn.timeCreateNewTicket > 0) {
          ticket = await repo.reopenRecentTicket(tx, tenant, {
            contactId: ticketContact.id,
            whatsappId: conn.id,
            withinSeconds: conn.timeCreateNewTicket,
            status: openStatus,
          });
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

        const { message, ticket: touched } = await repo.insertMessageAndTouchTicket(tx, tenant, {
          ...fields,
          ticketId: ticket.id,
          contactId: sender?.id ?? null,
          queueId: ticket.queueId,
        });
        if (!message) {
          // Inserted by a concurrent delivery of the same event between our check and our insert.
          const again = await repo.findMessageByExternalId(tx, tenant, conn.id, evt.externalId);
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
        } as const;
      });

    let result: Awaited<ReturnType<typeof run>> | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        result = (await fast()) ?? (await run());
        break;
      } catch (err) {
        // A concurrent writer (an attendant reopening, a deadlock) won a race: the whole event runs again.
        if (attempt >= 4 || !isRetryableConflict(err)) throw err;
      }
    }
    if (result.kind === 'duplicate') {
      const dup = result.duplicate;
      return {
        outcome: { kind: 'message', messageId: dup.id, ticketId: dup.ticketId, contactId: 0, duplicate: true },
        // A redelivery after a crash between commit and enqueue: the download is asked for again (the job is idempotent).
        mediaMessageId: dup.mediaPending ? dup.id : undefined,
        companyId: tenant.companyId,
      };
    }
    const { message, ticket, contact, sender, isNewTicket } = result;

    const publish = async () => {
      const queue = ticket.queueId
        ? (conn.queues.find((q) => q.id === ticket.queueId) ?? (await repo.findQueueRef(db, tenant, ticket.queueId)))
        : null;
      const user = ticket.userId ? await repo.findUserRef(db, tenant, ticket.userId) : null;
      const heard = await audience.of(tenant, ticket);
      const ticketDto = heard.ticket(
        toTicketDto(ticket, {
          contact,
          queue,
          user,
          whatsapp: { id: conn.id, name: conn.name, groupAsTicket: conn.groupAsTicket, channel: conn.channel },
        }),
      );
      const contactDto = heard.contact(toContactDto(contact));
      if (contact.inserted)
        deps.realtime.publish(tenant.companyId, 'contact', { action: 'create', contact: contactDto }, heard.to);
      if (sender && sender !== contact && sender.inserted) {
        const senderDto = heard.contact(toContactDto(sender));
        deps.realtime.publish(tenant.companyId, 'contact', { action: 'create', contact: senderDto }, [rooms.admins()]);
      }
      deps.realtime.publish(tenant.companyId, 'ticket', { action: 'update', ticket: ticketDto }, heard.to);
      deps.realtime.publish(
        tenant.companyId,
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
    return {
      outcome: { kind: 'message', messageId: message.id, ticketId: ticket.id, contactId: contact.id, duplicate: false },
      publish,
      mediaMessageId: message.mediaRef ? message.id : undefined,
      companyId: tenant.companyId,
      automation: {
        companyId: tenant.companyId,
        ticketId: ticket.id,
        messageId: message.id,
        isNewTicket,
        fromMe: evt.fromMe,
        isGroup: evt.isGroup,
        mediaType: evt.mediaType,
        body: evt.body,
      },
    };
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
    const found = await repo.applyStatus(db, {
      whatsappId: evt.connectionId,
      externalId: evt.externalId,
      referenceId,
      ack: evt.ack ?? null,
      failure: evt.failure ? evt.failure.reason : null,
    });
    await publishMessageUpdate(evt.connectionId, found);
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
            if (stored.publish) {
              await stored.publish().catch((err) => log?.error({ err }, 'publishing an ingested message failed'));
            }
            // After commit and publish: the bot's answer follows the customer's message (modules/automation).
            if (stored.automation) await handInboundToAutomation(deps, stored.automation, log);
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
      const closed = await closeTicketsWhere(db, tenant, sql`whatsapp_id = ${connectionId} AND imported IS NOT NULL`, null);
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
