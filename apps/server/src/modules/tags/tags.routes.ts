import {
  ContactIdParams,
  CreateTagBody,
  NoContent,
  SyncContactTagsBody,
  TagContactParams,
  TagContactsPageDto,
  TagContactsQuery,
  TagDto,
  TagFormBody,
  TagIdParams,
  TagListQuery,
  TagPageDto,
  TagPageQuery,
  TagRefDto,
  TicketTagParams,
  ticketRefParam,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { ticketOfPath } from '../tickets/tickets.public';
import type { TagsService } from './tags.service';

export function tagsRoutes(app: App, deps: CoreDeps, tags: TagsService) {
  const ticketOf = ticketOfPath(deps.database.db); // its number or its uuid (issue 37)
  const schemaTags = ['tags'];

  app.get(
    '/tags/list',
    { schema: { tags: schemaTags, querystring: TagListQuery, response: { 200: z.array(TagDto) } } },
    async (req) => tags.list(req.ctx, req.query),
  );
  app.get(
    '/tag/kanban',
    { config: { plan: 'useKanban' }, schema: { tags: schemaTags, response: { 200: z.array(TagDto) } } },
    async (req) => tags.lanes(req.ctx),
  );
  app.get('/tags', { schema: { tags: schemaTags, querystring: TagPageQuery, response: { 200: TagPageDto } } }, async (req) =>
    tags.page(req.ctx, req.query),
  );
  app.get('/tags/:tagId', { schema: { tags: schemaTags, params: TagIdParams, response: { 200: TagDto } } }, async (req) =>
    tags.show(req.ctx, req.params.tagId),
  );
  app.put(
    '/tags/:tagId',
    { schema: { tags: schemaTags, params: TagIdParams, body: TagFormBody, response: { 200: TagDto } } },
    async (req) => tags.update(req.ctx, req.params.tagId, req.body),
  );
  app.delete(
    '/tags/:tagId',
    { schema: { tags: schemaTags, params: TagIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await tags.remove(req.ctx, req.params.tagId);
      return reply.code(204).send();
    },
  );
  app.get(
    '/tags/:tagId/contacts',
    { schema: { tags: schemaTags, params: TagIdParams, querystring: TagContactsQuery, response: { 200: TagContactsPageDto } } },
    async (req) => tags.contacts(req.ctx, req.params.tagId, req.query.pageNumber),
  );
  app.delete(
    '/tags-contacts/:tagId/:contactId',
    { schema: { tags: schemaTags, params: TagContactParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await tags.unlinkContact(req.ctx, req.params.tagId, req.params.contactId);
      return reply.code(204).send();
    },
  );
  app.post('/tags', { schema: { tags: schemaTags, body: CreateTagBody, response: { 201: TagDto } } }, async (req, reply) =>
    reply.code(201).send(await tags.create(req.ctx, req.body)),
  );
  app.post(
    '/tags/sync',
    { schema: { tags: schemaTags, body: SyncContactTagsBody, response: { 200: z.array(TagRefDto) } } },
    async (req) => tags.syncContact(req.ctx, req.body),
  );
  app.get(
    '/contactTags/:contactId',
    { schema: { tags: schemaTags, params: ContactIdParams, response: { 200: z.array(TagRefDto) } } },
    async (req) => tags.contactTags(req.ctx, req.params.contactId),
  );
  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { schema: { tags: schemaTags, params: TicketTagParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await tags.addToTicket(req.ctx, await ticketOf(req), req.params.tagId);
      return reply.code(204).send();
    },
  );
  // Without a tag: removes the ticket's kanban lanes (the board then adds the new lane).
  app.delete(
    '/ticket-tags/:ticketId',
    { schema: { tags: schemaTags, params: z.object({ ticketId: ticketRefParam }), response: { 204: NoContent } } },
    async (req, reply) => {
      await tags.removeFromTicket(req.ctx, await ticketOf(req));
      return reply.code(204).send();
    },
  );
  app.delete(
    '/ticket-tags/:ticketId/:tagId',
    { schema: { tags: schemaTags, params: TicketTagParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await tags.removeFromTicket(req.ctx, await ticketOf(req), req.params.tagId);
      return reply.code(204).send();
    },
  );
}
