import {
  type CardMessageBody,
  type ConversationMessageDto,
  CUSTOMER_WINDOW_MS,
  type CustomerWindowDto,
  can,
  type ForwardMessageBody,
  type ListMessageBody,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_PAGE_SIZE,
  type MessageListDto,
  type MessageListQuery,
  type PixMessageBody,
  planAllows,
  type SendMessageBody,
  type TemplateSendBody,
  V,
} from '@atendo/shared';
import type { Channel, ChannelRegistry, OutboundContent } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { AUDIO_TARGET_MIME, type AudioTarget } from '../../platform/ffmpeg';
import type { ReceivedFile } from '../../platform/intake';
import { MEDIA_KIND_NAMES, parseStoredPath } from '../../platform/media';
import { outboundFetch } from '../../platform/safe-fetch';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import { lastCustomerMessageAt, type MessageRow, toMessageDto } from '../messages/messages.public';
import type { OutboundRequest, OutboundService } from '../messages/outbound.service';
import { findCompanySettings, getGlobalSetting } from '../settings/settings.public';
import type { TicketRow } from '../tickets/tickets.public';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './conversation.repository';
import { templateContent } from './conversation.templates';
import { transcribe } from './transcription';

/** The composer writes only into an attended ticket (seed 000 §4 "Composer"). */
const WRITABLE = ['open', 'group'];
/** Message types whose content is a file: forwarded only while the file is kept. */
const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document', 'application', 'sticker']);

/** Interactive contents each channel's adapter can send (seed 000 §9 "Interactive types"). */
const INTERACTIVE_SUPPORT: Record<'list' | 'card' | 'pix', readonly Channel[]> = {
  list: ['whatsappapi'],
  card: [],
  pix: [],
};

/**
 * Seed 000 §9: a voice note goes as MP3 on WhatsApp (QR and Cloud API) and as M4A elsewhere — Instagram's Send API
 * takes audio only as aac/m4a/wav/mp4, and Messenger plays M4A everywhere.
 */
export function voiceNoteFormat(channel: string): AudioTarget {
  return channel === 'facebook' || channel === 'instagram' ? 'm4a' : 'mp3';
}

export function createConversationService(
  deps: CoreDeps,
  tickets: TicketsService,
  outbound: Pick<OutboundService, 'send' | 'retry'>,
  channels?: ChannelRegistry,
  templates?: Pick<MessageTemplatesService, 'usable'>,
) {
  const { db } = deps.database;

  function toDto(
    item: repo.ListedMessage | { message: MessageRow; contact?: null; quoted?: null; user?: null },
  ): ConversationMessageDto {
    const q = item.quoted ?? null;
    return {
      ...toMessageDto(item.message, deps.mediaUrl, { contact: item.contact ?? null }),
      user: item.user ?? null,
      quotedMsg: q
        ? {
            id: Number(q.id),
            body: q.body,
            mediaType: q.mediaType,
            mediaUrl: q.mediaUrl ? deps.mediaUrl(q.mediaUrl) : null,
            fromMe: q.fromMe,
            contact: q.contactName ? { name: q.contactName } : null,
          }
        : null,
    };
  }

  /** The ticket of a message, if the caller may see it; 404 otherwise (never says it exists). */
  async function visibleMessage(ctx: TenantContext, idOrRow: number | MessageRow) {
    const message = typeof idOrRow === 'number' ? await repo.findMessage(db, ctx, idOrRow) : idOrRow;
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    const ticket = await tickets.mustFindVisible(ctx, message.ticketId).catch(() => {
      throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    });
    return { message, ticket };
  }

  /** A recording converted to its channel's format (the original replaced); nothing of a failed one stays on disk. */
  async function asVoiceNotes(files: ReceivedFile[], channel: string): Promise<ReceivedFile[]> {
    const target = voiceNoteFormat(channel);
    const out: ReceivedFile[] = [];
    try {
      for (const file of files) {
        if (!file.mime.startsWith('audio/')) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
        if (file.mime === AUDIO_TARGET_MIME[target]) {
          out.push(file);
          continue;
        }
        const converted = await deps.media.convertAudio(file, target);
        out.push({ ...converted, filename: `${file.filename.replace(/\.[^.]*$/, '') || 'audio'}.${target}` });
      }
      return out;
    } catch (err) {
      for (const f of [...files, ...out]) await deps.media.remove(f.path).catch(() => {});
      throw err;
    }
  }

  async function writableTicket(ctx: TenantContext, ticketId: number) {
    // A ticket a colleague took since the caller opened it answers who has it (ERR_OTHER_OPEN_TICKET), not "not found".
    const ticket = await tickets.mustFindVisible(ctx, ticketId, undefined, { sayWhoTookIt: true });
    if (!WRITABLE.includes(ticket.status)) throw new AppError('ERR_TICKET_STATE', 409);
    return ticket;
  }

  async function publishMessage(ctx: TenantContext, ticket: TicketRow, message: MessageRow, action: 'update' | 'create') {
    const to = await tickets.audience(ctx, ticket);
    deps.realtime.publish(ctx.companyId, 'appMessage', { action, message: toDto({ message }) }, to);
  }

  /** `*Name:*` above the text when the company allows signatures and the attendant asked for one. */
  async function signed(ctx: TenantContext, body: string, signMessage: boolean | undefined) {
    if (!signMessage || !body.trim()) return body;
    const s = await findCompanySettings(db, ctx);
    return s?.sendSignMessage === 'enabled' ? `*${ctx.user.name}:*\n${body}` : body;
  }

  async function adapterOf(ctx: TenantContext, whatsappId: number | null) {
    if (!channels || !whatsappId) return null;
    const c = await repo.findConnectionConfig(db, ctx, whatsappId);
    if (!c) return null;
    try {
      return channels.adapterFor({ ...c, channel: c.channel as Channel });
    } catch {
      return null;
    }
  }

  /** Blue ticks on the channel for what the attendant just read; best effort, never blocks the answer. */
  function sendReadReceipt(ctx: TenantContext, ticket: TicketRow, externalId: string) {
    void adapterOf(ctx, ticket.whatsappId)
      .then((adapter) => adapter?.markRead(externalId))
      .catch(() => {});
  }

  async function sendInteractive(
    ctx: TenantContext,
    ticketId: number,
    kind: keyof typeof INTERACTIVE_SUPPORT,
    content?: OutboundContent,
  ) {
    const ticket = await writableTicket(ctx, ticketId);
    if (!content || !INTERACTIVE_SUPPORT[kind].includes(ticket.channel as Channel)) {
      throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { channel: ticket.channel, type: kind });
    }
    return toDto({ message: await sendRow(ctx, ticket.id, { content: content as OutboundRequest['content'] }) });
  }

  /** Stores and queues one message through the pipeline; answers the stored row. */
  async function sendRow(ctx: TenantContext, ticketId: number, req: OutboundRequest): Promise<MessageRow> {
    const dto = await outbound.send(ctx, ticketId, req);
    const row = await repo.findMessage(db, ctx, dto.id);
    if (!row) throw new AppError('ERR_CREATING_MESSAGE', 500);
    return row;
  }

  return {
    /**
     * A message to a contact outside any open conversation of the caller (a schedule): through the contact's live
     * ticket on the connection or a new one. Answers the stored message (ack 0; the send job takes it from there).
     */
    async sendToContact(
      ctx: TenantContext,
      m: {
        contactId: number;
        whatsappId: number | null;
        queueId: number | null;
        body: string;
        signMessage?: boolean;
        /** A file in the company's storage (a schedule's image), sent with the text as its caption. */
        media?: { path: string; name: string | null } | null;
        /** Cloud API: an approved template instead of the text (issue 36). */
        template?: TemplateSendBody;
      },
    ) {
      const contact = await tickets.findContact(ctx, m.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      if (m.template) {
        // checked before any ticket is opened: only a Cloud API connection has (approved) templates
        if (!m.whatsappId) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { type: 'template' });
        const content = await templateContent(templates, ctx, m.whatsappId, m.template);
        const target = await tickets.ticketForContact(ctx, contact, m.whatsappId, m.queueId);
        return { ticketId: target.id, message: toDto({ message: await sendRow(ctx, target.id, { content }) }) };
      }
      let file: OutboundRequest['file'];
      if (m.media) {
        file = (await deps.media.fileOf(m.media.path, m.media.name ?? undefined)) ?? undefined;
        if (!file) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      }
      const target = await tickets.ticketForContact(ctx, contact, m.whatsappId, m.queueId);
      // Schedules, campaigns and the external API fill the same placeholders as every other text ({{firstName}} …).
      const body = await tickets.fillPlaceholders(ctx, target, m.body);
      const row = await sendRow(ctx, target.id, { body: await signed(ctx, body, m.signMessage), file });
      return { ticketId: target.id, message: toDto({ message: row }) };
    },

    /** GET /messages/transcribeAudio/:file — the text of an audio message the caller can see (kept once made). */
    async transcribeAudio(ctx: TenantContext, file: string): Promise<{ transcribedText: string }> {
      if (!planAllows(ctx.plan, 'useOpenAi')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, { feature: 'useOpenAi' });
      // the stored paths this name could be, each checked by the media store's own parser (no path tricks get through)
      const stored = MEDIA_KIND_NAMES.map((kind) => `${ctx.companyId}/${kind}/${file}`).filter((p) => parseStoredPath(p));
      const found = stored.length ? await repo.findMessageByStoredFile(db, ctx, stored) : null;
      if (found?.mediaType !== 'audio' || !found.mediaUrl) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      const { message, ticket } = await visibleMessage(ctx, found);
      const kept = message.dataJson?.transcription;
      if (typeof kept === 'string') return { transcribedText: kept };
      const apiKey = (await getGlobalSetting(db, 'openaikeyaudio'))?.trim();
      if (!apiKey) throw new AppError('ERR_OPENAI_KEY_MISSING', 400);
      // each new transcription is a paid request on the platform's key: 30 a minute per company
      const rate = await deps.limiter.hit(`transcribe:${ctx.companyId}`, 30, 60_000);
      if (!rate.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: rate.retryAfterSeconds });
      const abs = message.mediaUrl ? deps.media.resolve(message.mediaUrl) : null;
      if (!abs) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      const text = await transcribe({
        file: abs,
        mimeType: message.mediaMimeType ?? null,
        apiUrl: deps.config.openAiApiUrl,
        apiKey,
        fetch: outboundFetch(deps.config),
      });
      const updated = await repo.updateMessage(db, ctx, message.id, { dataJson: { transcription: text } });
      if (updated) await publishMessage(ctx, ticket, updated, 'update');
      return { transcribedText: text };
    },

    /** Refuses before an upload is read when the ticket takes no message. */
    /** The ticket, if the caller may write in it (the check of sending a message; the AI co-pilot's too). */
    checkWritable: (ctx: TenantContext, ticketId: number) => writableTicket(ctx, ticketId),

    /** A page of the conversation; reading it (as its owner) marks it read and sends read receipts. */
    async list(ctx: TenantContext, ticketId: number, q: MessageListQuery): Promise<MessageListDto> {
      const v = await tickets.viewer(ctx);
      const ticket = await tickets.mustFindVisible(ctx, ticketId, v);
      // allHistoric: the contact's earlier tickets come along, in the chosen queues.
      const history = v.allHistoric ? await repo.ticketIdsOfContact(db, ctx, ticket.contactId) : [ticket.id];
      const firstPage = q.pageNumber === 1 && !q.before;
      if (firstPage && ticket.userId === ctx.user.id) {
        const read = await repo.markTicketRead(db, ctx, ticket.id);
        if (read.changed) await tickets.publishTicket(ctx, ticket.id);
        if (read.newestExternalId) sendReadReceipt(ctx, ticket, read.newestExternalId);
      }
      const [page, item] = await Promise.all([
        repo.listMessages(
          db,
          ctx,
          {
            ticketIds: history.length ? history : [ticket.id],
            currentTicketId: ticket.id,
            historyQueueIds: v.allHistoric ? q.selectedQueues : undefined,
            withPrivate: q.isPrivate !== false,
            onlyMedia: q.hasMedia === true,
          },
          { offset: (q.pageNumber - 1) * MESSAGE_PAGE_SIZE, before: q.before },
        ),
        tickets.showVisible(ctx, ticket.id),
      ]);
      return { messages: page.items.map(toDto).reverse(), ticket: item, hasMore: page.hasMore };
    },

    /** POST /messages/:ticketId as JSON: text, quoted reply, private note, contact card, a quick message's file. */
    async send(ctx: TenantContext, ticketId: number, b: SendMessageBody) {
      const ticket = await writableTicket(ctx, ticketId);
      const isPrivate = b.isPrivate === true;
      const body = isPrivate ? b.body : await signed(ctx, await tickets.fillPlaceholders(ctx, ticket, b.body), b.signMessage);
      const quotedMsgId = b.quotedMsg?.id ?? null;
      let last: MessageRow | undefined;
      if (b.vCard) {
        const digits = b.vCard.number.replace(/\D/g, '');
        last = await sendRow(ctx, ticket.id, {
          isPrivate,
          quotedMsgId,
          content: {
            type: 'contacts',
            contacts: [{ name: { formatted: b.vCard.name }, phones: [{ phone: `+${digits}`, waId: digits }] }],
          },
        });
      }
      if (b.mediaUrl) {
        const media = await repo.findQuickMessageMedia(db, ctx, b.mediaUrl);
        if (!media || !deps.media.resolve(media.path)) throw fieldError('mediaUrl', V.invalid);
        const file = await deps.media.fileOf(media.path, media.name ?? undefined);
        if (!file) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
        last = await sendRow(ctx, ticket.id, { isPrivate, quotedMsgId, body, file });
      } else if (body.trim() && !b.vCard) {
        last = await sendRow(ctx, ticket.id, { body, quotedMsgId, isPrivate });
      }
      if (!last) throw fieldError('body', V.required);
      return toDto({ message: last });
    },

    /**
     * Multipart: each file with its own caption (`body` repeated in the files' order, or one for the first).
     * `voice`: the files are the composer's recording, sent in the format of the ticket's channel (`voiceNoteFormat`).
     */
    async sendFiles(
      ctx: TenantContext,
      ticketId: number,
      uploaded: ReceivedFile[],
      fields: { bodies: string[]; isPrivate: boolean; signMessage: boolean; voice?: boolean },
    ) {
      const ticket = await writableTicket(ctx, ticketId);
      const files = fields.voice && !fields.isPrivate ? await asVoiceNotes(uploaded, ticket.channel) : uploaded;
      let last: MessageRow | undefined;
      for (const [i, file] of files.entries()) {
        const caption = fields.bodies[i] ?? '';
        const body = fields.isPrivate
          ? caption
          : await signed(ctx, await tickets.fillPlaceholders(ctx, ticket, caption), fields.signMessage);
        last = await sendRow(ctx, ticket.id, { body, file, isPrivate: fields.isPrivate });
      }
      if (!last) throw fieldError('medias', V.required);
      return toDto({ message: last });
    },

    /** Only the sender, within 15 minutes; on the channel when it can edit, else only private notes. */
    async edit(ctx: TenantContext, id: number, body: string) {
      const { message, ticket } = await visibleMessage(ctx, id);
      if (!message.fromMe || message.userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
      if (message.isDeleted) throw new AppError('ERR_TICKET_STATE', 409);
      if (Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('ERR_MESSAGE_EDIT_WINDOW', 409);
      if (!message.isPrivate) {
        const adapter = (await adapterOf(ctx, message.whatsappId)) as {
          edit?: (externalId: string, body: string) => Promise<void>;
        } | null;
        if (!adapter?.edit || !message.externalId)
          throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { channel: ticket.channel });
        await adapter.edit(message.externalId, body);
      }
      const updated = await repo.updateMessage(db, ctx, id, { body, isEdited: true, dataJson: { previousBody: message.body } });
      if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      await publishMessage(ctx, ticket, updated, 'update');
      return toDto({ message: updated });
    },

    /**
     * Only one's own messages. Revoked on the channel when it can; with lgpdDeleteMessage the text and the file
     * are erased too (the conversation shows a placeholder).
     */
    async remove(ctx: TenantContext, id: number) {
      const { message, ticket } = await visibleMessage(ctx, id);
      if (!message.fromMe || message.userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
      if (!message.isPrivate && message.externalId) {
        const adapter = (await adapterOf(ctx, message.whatsappId)) as { revoke?: (externalId: string) => Promise<void> } | null;
        if (adapter?.revoke) {
          await adapter.revoke(message.externalId).catch(() => {
            throw new AppError('ERR_DELETE_WAPP_MSG', 502);
          });
        }
      }
      const s = await findCompanySettings(db, ctx);
      const erase = s?.lgpdDeleteMessage === 'enabled';
      const updated = await repo.updateMessage(db, ctx, id, {
        isDeleted: true,
        ...(erase ? { body: '', clearMedia: true } : {}),
      });
      if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      if (erase && message.mediaUrl) await deps.media.remove(message.mediaUrl);
      await publishMessage(ctx, ticket, updated, 'update');
      return toDto({ message: updated });
    },

    /** POST /messages/:id/retry — a failed send of the business, sent again by whoever may write in its ticket. */
    async retry(ctx: TenantContext, id: number) {
      const { message, ticket } = await visibleMessage(ctx, id);
      await writableTicket(ctx, message.ticketId);
      const row = await outbound.retry(ctx, message.id);
      await publishMessage(ctx, ticket, row, 'update');
      return toDto({ message: row });
    },

    async react(ctx: TenantContext, id: number, emoji: string) {
      const { message } = await visibleMessage(ctx, id);
      const ticket = await writableTicket(ctx, message.ticketId);
      if (!message.externalId || message.isPrivate) throw fieldError('messageId', V.invalid);
      const row = await sendRow(ctx, ticket.id, {
        quotedMsgId: message.id,
        content: { type: 'reaction', targetExternalId: message.externalId, emoji },
      });
      return toDto({ message: row });
    },

    /** Forwards a message to a contact: into their live ticket on that connection, or a new one of the caller's. */
    async forward(ctx: TenantContext, b: ForwardMessageBody) {
      const { message, ticket: source } = await visibleMessage(ctx, b.messageId);
      if (message.isPrivate || message.isDeleted) throw fieldError('messageId', V.invalid);
      const contact = await tickets.findContact(ctx, b.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      const target = await tickets.ticketForContact(ctx, contact, source.whatsappId, source.queueId, source.channel);
      const body = await signed(ctx, message.body, b.signMessage);
      const content = (message.dataJson as { outbound?: OutboundContent } | null)?.outbound;
      // A media message whose file is not kept (erased, never downloaded) cannot be forwarded: seed 000 §8.
      const kept = message.mediaUrl ? await deps.media.fileOf(message.mediaUrl) : null;
      if ((message.mediaUrl && !kept) || (!message.mediaUrl && MEDIA_TYPES.has(message.mediaType))) {
        throw new AppError('ERR_FETCH_WAPP_MSG');
      }
      const req: OutboundRequest = message.mediaUrl
        ? {
            body,
            file: {
              path: message.mediaUrl,
              mime: message.mediaMimeType ?? 'application/octet-stream',
              size: message.mediaSize ?? 0,
              filename: message.mediaName ?? 'file',
            },
          }
        : content && content.type !== 'text' && content.type !== 'media' && content.type !== 'reaction'
          ? { content }
          : { body };
      const row = await sendRow(ctx, target.id, req);
      const forwarded = (await repo.updateMessage(db, ctx, row.id, { isForwarded: true })) ?? row;
      await publishMessage(ctx, target, forwarded, 'update');
      return toDto({ message: forwarded });
    },

    async countAllMe(ctx: TenantContext, q: { fromMe?: boolean; dateStart?: string; dateEnd?: string }) {
      if (!can(ctx.user, 'dashboard:view')) throw new AppError('ERR_NO_PERMISSION', 403);
      const count = await repo.countMessages(db, ctx, { ...q, timezone: ctx.company.timezone });
      return { count: [{ count }] };
    },

    list_: (ctx: TenantContext, ticketId: number, b: ListMessageBody) =>
      sendInteractive(ctx, ticketId, 'list', {
        type: 'interactive',
        interactive: {
          kind: 'list',
          header: b.title || undefined,
          body: b.text,
          footer: b.footer || undefined,
          buttonText: b.buttonText,
          sections: b.sections.map((s, si) => ({
            title: s.title || undefined,
            rows: s.rows.map((r, ri) => ({
              id: r.id || `${si + 1}.${ri + 1}`,
              title: r.title,
              description: r.description || undefined,
            })),
          })),
        },
      }),

    /**
     * An approved Cloud API template with its variables filled (issue 36): what a business may send when the customer
     * has not written for 24 hours. Stored with the text the customer sees; Meta's refusals (132000, 132001 …) mark it
     * failed with the reason.
     */
    async template(ctx: TenantContext, ticketId: number, b: TemplateSendBody) {
      const ticket = await writableTicket(ctx, ticketId);
      if (ticket.channel !== 'whatsappapi' || !templates || !ticket.whatsappId) {
        throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { channel: ticket.channel, type: 'template' });
      }
      const content = await templateContent(templates, ctx, ticket.whatsappId, b);
      return toDto({ message: await sendRow(ctx, ticket.id, { content }) });
    },

    /** The Cloud API customer service window of a ticket: when free text stops being allowed (null: never opened). */
    async customerWindow(ctx: TenantContext, ticketId: number): Promise<CustomerWindowDto> {
      const ticket = await tickets.mustFindVisible(ctx, ticketId);
      if (ticket.channel !== 'whatsappapi' || !ticket.whatsappId || !ticket.contactId) return { applies: false, closesAt: null };
      const last = await lastCustomerMessageAt(db, ctx, ticket.contactId, ticket.whatsappId);
      return { applies: true, closesAt: last ? new Date(last.getTime() + CUSTOMER_WINDOW_MS).toISOString() : null };
    },

    /** Copy-code, call and URL cards (cta_copy, cta_call, cta_url): no adapter sends them yet. */
    card: (ctx: TenantContext, ticketId: number, _b: CardMessageBody) => sendInteractive(ctx, ticketId, 'card'),

    /** PIX charge (key already normalised: PHONE keys carry +55). */
    pix: (ctx: TenantContext, ticketId: number, _b: PixMessageBody) => sendInteractive(ctx, ticketId, 'pix'),
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
