import { ChatbotDto, CreateChatbotBody, IdParams, NoContent, QueueBody, QueueDto, UpdateChatbotBody } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { QueuesService } from './queues.service';

export function queuesRoutes(app: App, _deps: CoreDeps, queues: QueuesService) {
  const manage = { permission: 'queues:manage' } as const;
  const tags = ['queues'];

  // Every user reads the queues (selectors, transfer, filters); only admins change them.
  app.get('/queue', { schema: { tags, response: { 200: z.array(QueueDto) } } }, async (req) => queues.list(req.ctx));
  app.get('/queue/:id', { schema: { tags, params: IdParams, response: { 200: QueueDto } } }, async (req) =>
    queues.show(req.ctx, req.params.id),
  );
  app.post('/queue', { config: manage, schema: { tags, body: QueueBody, response: { 201: QueueDto } } }, async (req, reply) =>
    reply.code(201).send(await queues.create(req.ctx, req.body)),
  );
  app.put(
    '/queue/:id',
    { config: manage, schema: { tags, params: IdParams, body: QueueBody.partial(), response: { 200: QueueDto } } },
    async (req) => queues.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/queue/:id',
    { config: manage, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await queues.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/chatbot/:id', { config: manage, schema: { tags, params: IdParams, response: { 200: ChatbotDto } } }, async (req) =>
    queues.showChatbot(req.ctx, req.params.id),
  );
  app.post(
    '/chatbot',
    { config: manage, schema: { tags, body: CreateChatbotBody, response: { 201: ChatbotDto } } },
    async (req, reply) => reply.code(201).send(await queues.createChatbot(req.ctx, req.body)),
  );
  app.put(
    '/chatbot/:id',
    { config: manage, schema: { tags, params: IdParams, body: UpdateChatbotBody, response: { 200: ChatbotDto } } },
    async (req) => queues.updateChatbot(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/chatbot/:id',
    { config: manage, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await queues.removeChatbot(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
}
