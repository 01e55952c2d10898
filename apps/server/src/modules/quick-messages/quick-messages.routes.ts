import {
  IdParams,
  NoContent,
  QuickMessageBody,
  QuickMessageDto,
  QuickMessageListQuery,
  QuickMessagePageDto,
  QuickMessagePageQuery,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import type { QuickMessagesService } from './quick-messages.service';

/** Quick messages (seed 002 §7): the page's CRUD with an optional attachment, and the composer's '/' picker list. */
export function quickMessagesRoutes(app: App, deps: CoreDeps, qm: QuickMessagesService) {
  const tags = ['quick-messages'];

  app.get(
    '/quick-messages',
    { schema: { tags, querystring: QuickMessagePageQuery, response: { 200: QuickMessagePageDto } } },
    async (req) => qm.page(req.ctx, req.query),
  );
  app.get(
    '/quick-messages/list',
    { schema: { tags, querystring: QuickMessageListQuery, response: { 200: z.array(QuickMessageDto) } } },
    async (req) => qm.picker(req.ctx, req.query),
  );
  app.get('/quick-messages/:id', { schema: { tags, params: IdParams, response: { 200: QuickMessageDto } } }, async (req) =>
    qm.show(req.ctx, req.params.id),
  );
  app.post(
    '/quick-messages',
    { schema: { tags, body: QuickMessageBody, response: { 201: QuickMessageDto } } },
    async (req, reply) => reply.code(201).send(await qm.create(req.ctx, req.body)),
  );
  app.put(
    '/quick-messages/:id',
    { schema: { tags, params: IdParams, body: QuickMessageBody.partial(), response: { 200: QuickMessageDto } } },
    async (req) => qm.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/quick-messages/:id', { schema: { tags, params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await qm.remove(req.ctx, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/quick-messages/:id/media-upload',
    {
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form: `typeArch` = quickMessage and the attachment in `file` (size up to the download limit).',
        response: { 200: QuickMessageDto },
      },
    },
    async (req) => qm.uploadMedia(req.ctx, req.params.id, uploadOf(req, deps.media, 'file')),
  );
  app.delete(
    '/quick-messages/:id/media-upload',
    { schema: { tags, params: IdParams, response: { 200: QuickMessageDto } } },
    async (req) => qm.removeMedia(req.ctx, req.params.id),
  );
}
