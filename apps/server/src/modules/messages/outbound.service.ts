/**
 * The business's messages: stored first (ack 0, the clock), then sent by the `messages.send` job, which retries
 * with back-off and marks the message failed (never sent) when the channel refuses it for good.
 */
import { CUSTOMER_WINDOW_MS, SOCIAL_CHANNELS } from '@atendo/shared';
import type { OutboundContent } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { StoredMedia } from '../../platform/media';
import { createTicketAudience } from '../tickets/tickets.public';
import { lastMessageText, toMessageDto, toTicketDto } from './messages.dto';
import { sendMessageJob } from './messages.jobs';
import * as repo from './messages.repository';

type StructuredContent = Exclude<OutboundContent, { type: 'text' } | { type: 'media' }>;

export interface OutboundRequest {
  /** Text, or the caption of a file. */
  body?: string;
  quotedMsgId?: number | null;
  /** A note for the team: stored, shown in the conversation, never sent to the channel. */
  isPrivate?: boolean;
  /** A file already in the company's storage (platform/media). */
  file?: StoredMedia & { filename: string };
  /** Location, contact cards, interactive list/buttons, template or reaction. */
  content?: StructuredContent;
}

function mediaTypeOfMime(mime: string) {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'application';
}

function describe(content: StructuredContent): { mediaType: string; body: string; data: Record<string, unknown> } {
  switch (content.type) {
    case 'location':
      return {
        mediaType: 'location',
        body: [content.name, content.address].filter(Boolean).join(' - ') || `${content.latitude}, ${content.longitude}`,
        data: { latitude: content.latitude, longitude: content.longitude, name: content.name, address: content.address },
      };
    case 'contacts':
      return {
        mediaType: 'contact',
        body: content.contacts.map((c) => c.name.formatted).join(', '),
        data: { contacts: content.contacts },
      };
    case 'interactive':
      return { mediaType: content.interactive.kind === 'list' ? 'list' : 'buttons', body: content.interactive.body, data: {} };
    case 'template':
      return {
        mediaType: 'template',
        body: content.template.text ?? content.template.name,
        data: { template: content.template },
      };
    case 'reaction':
      return {
        mediaType: 'reaction',
        body: content.emoji,
        data: { targetExternalId: content.targetExternalId, emoji: content.emoji },
      };
  }
}

export function createOutboundService(deps: CoreDeps) {
  const { db } = deps.database;
  const audience = createTicketAudience(db);

  return {
    /** Stores a message of the attendant in the ticket and queues its send. Answers the stored message. */
    async send(ctx: TenantContext, ticketId: number, req: OutboundRequest) {
      const found = await repo.findTicketForSend(db, ctx, ticketId);
      if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      const { ticket } = found;
      const isPrivate = req.isPrivate === true;
      if (!isPrivate && ticket.status === 'closed') throw new AppError('ERR_TICKET_STATE', 409);
      if (!isPrivate && !found.whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      // Facebook / Instagram accept a reply only within 24 hours of the customer's last message (seed 000 §2 notice).
      if (!isPrivate && found.whatsapp && (SOCIAL_CHANNELS as readonly string[]).includes(found.whatsapp.channel)) {
        const last = await repo.lastCustomerMessageAt(db, ctx, ticket.contactId, found.whatsapp.id);
        if (!last || Date.now() - last.getTime() > CUSTOMER_WINDOW_MS) throw new AppError('ERR_OUTSIDE_24H_WINDOW', 400);
      }
      const text = req.body?.trim() ?? '';
      if (!text && !req.file && !req.content) throw new AppError('ERR_VALIDATION', 400);

      let quotedMsgId: number | null = null;
      if (req.quotedMsgId) {
        const quoted = await repo.findQuotable(db, ctx, ticket.id, req.quotedMsgId);
        if (!quoted) throw new AppError('ERR_VALIDATION', 400, { field: 'quotedMsg' });
        // The channel cannot quote what it never had (a note, a failed send) or no longer has (revoked): seed 000 §8.
        if (!isPrivate && (quoted.isPrivate || quoted.isDeleted || quoted.failed)) throw new AppError('ERR_FETCH_WAPP_MSG');
        quotedMsgId = quoted.id;
      }

      let mediaType = 'text';
      let body = req.body ?? '';
      let dataJson: Record<string, unknown> | null = null;
      if (req.content) {
        const d = describe(req.content);
        mediaType = d.mediaType;
        body = body || d.body;
        dataJson = { ...d.data, outbound: req.content };
      } else if (req.file) {
        mediaType = mediaTypeOfMime(req.file.mime);
      }

      const { message, ticket: touched } = await repo.insertOutbound(db, ctx, {
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        body,
        mediaType,
        mediaUrl: req.file?.path ?? null,
        mediaName: req.file?.filename ?? null,
        mediaMimeType: req.file?.mime ?? null,
        mediaSize: req.file?.size ?? null,
        dataJson,
        quotedMsgId,
        isPrivate,
        queueId: ticket.queueId,
        userId: ctx.user.id,
        lastMessage: lastMessageText(body, mediaType),
      });

      if (!isPrivate) await deps.jobs.send(sendMessageJob, { messageId: message.id, companyId: ctx.companyId, attempt: 1 });
      await deps.events.publish('message.sent', {
        companyId: ctx.companyId,
        messageId: message.id,
        ticketId: ticket.id,
        userId: ctx.user.id,
        automatic: null,
      });

      const heard = await audience.of(ctx, touched);
      const ticketDto = heard.ticket(toTicketDto(touched, { contact: found.contact, whatsapp: found.whatsapp }));
      const dto = toMessageDto(message, deps.mediaUrl);
      // appMessage carries the ticket (last message, unread count 0): the inbox applies it; no second event (the status
      // does not move).
      deps.realtime.publish(ctx.companyId, 'appMessage', { action: 'create', message: dto, ticket: ticketDto }, heard.to);
      return dto;
    },

    /**
     * A failed message sent again (issue 31 item 10): the same row goes back to the send job, as it was written. The
     * caller checked that the user may write in its ticket. Refused (409 ERR_MESSAGE_NOT_FAILED) unless it is failed
     * now, so a second click queues nothing more.
     */
    async retry(ctx: TenantContext, messageId: number) {
      const message = await repo.requeueFailed(db, ctx, messageId);
      if (!message) throw new AppError('ERR_MESSAGE_NOT_FAILED');
      await deps.jobs.send(sendMessageJob, { messageId, companyId: ctx.companyId, attempt: 1, since: Date.now() });
      return message;
    },
  };
}

export type OutboundService = ReturnType<typeof createOutboundService>;
