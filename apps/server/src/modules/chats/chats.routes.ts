import {
  ChatBody,
  ChatDto,
  ChatIdParams,
  ChatMessageBody,
  ChatMessageDto,
  ChatMessagesPageDto,
  ChatsPageDto,
  ChatsPageQuery,
  idParam,
  NoContent,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { ChatsService } from './chats.service';

export function chatsRoutes(app: App, _deps: CoreDeps, chats: ChatsService) {
  const tags = ['chats'];
  const config = { plan: 'useInternalChat' as const };
  app.get('/chats', { config, schema: { tags, querystring: ChatsPageQuery, response: { 200: ChatsPageDto } } }, async (req) =>
    chats.list(req.ctx, req.query.pageNumber),
  );
  app.get('/chats/:id', { config, schema: { tags, params: ChatIdParams, response: { 200: ChatDto } } }, async (req) =>
    chats.show(req.ctx, req.params.id),
  );
  app.post('/chats', { config, schema: { tags, body: ChatBody, response: { 201: ChatDto } } }, async (req, reply) =>
    reply.code(201).send(await chats.create(req.ctx, req.body)),
  );
  app.put(
    '/chats/:id',
    { config, schema: { tags, params: ChatIdParams, body: ChatBody, response: { 200: ChatDto } } },
    async (req) => chats.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/chats/:id',
    { config, schema: { tags, params: ChatIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await chats.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/chats/:id/messages',
    { config, schema: { tags, params: ChatIdParams, querystring: ChatsPageQuery, response: { 200: ChatMessagesPageDto } } },
    async (req) => chats.messages(req.ctx, req.params.id, req.query.pageNumber),
  );
  app.post(
    '/chats/:id/messages',
    { config, schema: { tags, params: ChatIdParams, body: ChatMessageBody, response: { 201: ChatMessageDto } } },
    async (req, reply) => reply.code(201).send(await chats.send(req.ctx, req.params.id, req.body.message)),
  );
  app.post(
    '/chats/:id/read',
    {
      config,
      schema: {
        tags,
        params: ChatIdParams,
        body: z.object({ userId: idParam.optional() }).optional(),
        response: { 200: ChatDto },
      },
    },
    async (req) => chats.read(req.ctx, req.params.id, req.body?.userId),
  );
}
