import {
  CardMessageBody,
  ConversationMessageDto,
  CustomerWindowDto,
  EditMessageBody,
  ForwardMessageBody,
  ListMessageBody,
  MessageIdParams,
  MessageListDto,
  MessageListQuery,
  MessagesAllMeDto,
  MessagesAllMeQuery,
  PixMessageBody,
  ReactionBody,
  SendMessageBody,
  TemplateSendBody,
  TicketIdParams,
  TranscribeAudioDto,
  TranscribeAudioParams,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { MEDIAS, receiveFiles } from '../../platform/intake';
import { mediaLimitBytes } from '../settings/settings.public';
import { ticketOfPath } from '../tickets/tickets.public';
import type { ConversationService } from './conversation.service';

/** The conversation's HTTP API (seed 000 §7 "Messages"). */
export function conversationRoutes(app: App, deps: CoreDeps, conversation: ConversationService) {
  const tags = ['messages'];
  const ticketOf = ticketOfPath(deps.database.db); // its number or its uuid (issue 37)
  const message = { 200: ConversationMessageDto };

  app.get(
    '/messages/:ticketId',
    { schema: { tags, params: TicketIdParams, querystring: MessageListQuery, response: { 200: MessageListDto } } },
    async (req) => conversation.list(req.ctx, await ticketOf(req), req.query),
  );

  // JSON (text, quoted reply, private note, contact card) or multipart (medias, each with its body as caption;
  // `voice=true` for the composer's recording).
  app.post(
    '/messages/:ticketId',
    {
      schema: {
        tags,
        params: TicketIdParams,
        consumes: ['application/json', 'multipart/form-data'],
        documentedBody: SendMessageBody,
        response: message,
      },
    },
    async (req) => {
      const ticketId = await ticketOf(req);
      if (!req.isMultipart()) {
        const parsed = SendMessageBody.safeParse(req.body ?? {});
        if (!parsed.success) {
          const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw new AppError('ERR_VALIDATION', 400, undefined, fields);
        }
        return conversation.send(req.ctx, ticketId, parsed.data);
      }
      await conversation.checkWritable(req.ctx, ticketId);
      const {
        files,
        fields: flags,
        texts,
      } = await receiveFiles(req, deps.media, {
        ...MEDIAS,
        companyId: req.ctx.companyId,
        maxBytes: await mediaLimitBytes(deps.database.db),
      });
      return conversation.sendFiles(req.ctx, ticketId, files, {
        bodies: texts.filter(([name]) => name === 'body').map(([, value]) => value),
        isPrivate: flags.isPrivate === 'true',
        signMessage: flags.signMessage === 'true',
        voice: flags.voice === 'true',
      });
    },
  );

  app.get(
    '/messages/transcribeAudio/:file',
    {
      schema: { tags, params: TranscribeAudioParams, response: { 200: TranscribeAudioDto } },
    },
    async (req) => conversation.transcribeAudio(req.ctx, req.params.file),
  );

  app.post(
    '/messages/edit/:id',
    { schema: { tags, params: MessageIdParams, body: EditMessageBody, response: message } },
    async (req) => conversation.edit(req.ctx, req.params.id, req.body.body),
  );
  app.delete('/messages/:id', { schema: { tags, params: MessageIdParams, response: message } }, async (req) =>
    conversation.remove(req.ctx, req.params.id),
  );
  app.post(
    '/messages/:id/retry',
    {
      schema: {
        tags,
        params: MessageIdParams,
        response: message,
        description:
          'Sends a failed message again (the same message, through the send queue); anyone who may write in its ticket. 409 ERR_MESSAGE_NOT_FAILED unless it is failed.',
      },
    },
    async (req) => conversation.retry(req.ctx, req.params.id),
  );
  app.post(
    '/messages/:id/reactions',
    { schema: { tags, params: MessageIdParams, body: ReactionBody, response: message } },
    async (req) => conversation.react(req.ctx, req.params.id, req.body.type),
  );
  app.post('/message/forward', { schema: { tags, body: ForwardMessageBody, response: message } }, async (req) =>
    conversation.forward(req.ctx, req.body),
  );
  app.get(
    '/messages-allMe',
    { schema: { tags, querystring: MessagesAllMeQuery, response: { 200: MessagesAllMeDto } } },
    async (req) => conversation.countAllMe(req.ctx, req.query),
  );

  // Cloud API templates and the customer service window (issue 36).
  app.post(
    '/messages/template/:ticketId',
    { schema: { tags, params: TicketIdParams, body: TemplateSendBody, response: message } },
    async (req) => conversation.template(req.ctx, await ticketOf(req), req.body),
  );
  app.get(
    '/tickets/:ticketId/customer-window',
    { schema: { tags, params: TicketIdParams, response: { 200: CustomerWindowDto } } },
    async (req) => conversation.customerWindow(req.ctx, await ticketOf(req)),
  );

  // Interactive messages (seed 000 §7): sent where the connection's channel supports them, else ERR_CHANNEL_NOT_SUPPORTED.
  app.post(
    '/messages/lista/:ticketId',
    { schema: { tags, params: TicketIdParams, body: ListMessageBody, response: message } },
    async (req) => conversation.list_(req.ctx, await ticketOf(req), req.body),
  );
  for (const kind of ['copy', 'call', 'URL'] as const) {
    app.post(
      `/messages/${kind}/:ticketId`,
      { schema: { tags, params: TicketIdParams, body: CardMessageBody, response: message } },
      async (req) => conversation.card(req.ctx, await ticketOf(req), req.body),
    );
  }
  app.post(
    '/messages/PIX/:ticketId',
    { schema: { tags, params: TicketIdParams, body: PixMessageBody, response: message } },
    async (req) => conversation.pix(req.ctx, await ticketOf(req), req.body),
  );
}
