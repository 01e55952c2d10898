import {
  CloseAllTicketsBody,
  CreateTicketBody,
  MomentsQuery,
  NoContent,
  TicketDetailDto,
  TicketIdParams,
  TicketListDto,
  TicketListItemDto,
  TicketListQuery,
  TicketLogDto,
  TicketUuidParams,
  UpdateTicketBody,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { ticketOfPath } from './tickets.public';
import type { TicketsService } from './tickets.service';

export function ticketsRoutes(app: App, deps: CoreDeps, tickets: TicketsService) {
  const tags = ['tickets'];
  const ticketOf = ticketOfPath(deps.database.db); // its number or its uuid (issue 37)

  app.get('/tickets', { schema: { tags, querystring: TicketListQuery, response: { 200: TicketListDto } } }, async (req) =>
    tickets.list(req.ctx, req.query),
  );
  app.get('/tickets/u/:uuid', { schema: { tags, params: TicketUuidParams, response: { 200: TicketDetailDto } } }, async (req) =>
    tickets.showByUuid(req.ctx, req.params.uuid),
  );
  app.get('/tickets/:ticketId', { schema: { tags, params: TicketIdParams, response: { 200: TicketListItemDto } } }, async (req) =>
    tickets.show(req.ctx, await ticketOf(req)),
  );
  app.post('/tickets', { schema: { tags, body: CreateTicketBody, response: { 201: TicketListItemDto } } }, async (req, reply) =>
    reply.code(201).send(await tickets.create(req.ctx, req.body)),
  );
  app.put(
    '/tickets/:ticketId',
    { schema: { tags, params: TicketIdParams, body: UpdateTicketBody, response: { 200: TicketListItemDto } } },
    async (req) => tickets.update(req.ctx, await ticketOf(req), req.body),
  );
  app.delete(
    '/tickets/:ticketId',
    {
      config: { permission: 'ticket-options:deleteTicket' },
      schema: { tags, params: TicketIdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await tickets.remove(req.ctx, await ticketOf(req));
      return reply.code(204).send();
    },
  );
  app.post(
    '/tickets/closeAll',
    {
      config: { permission: 'tickets-manager:closeAll' },
      schema: { tags, body: CloseAllTicketsBody, response: { 200: z.object({ closed: z.number() }) } },
    },
    async (req) => tickets.closeAll(req.ctx, req.body),
  );
  app.get(
    '/tickets-log/:ticketId',
    { schema: { tags, params: TicketIdParams, response: { 200: z.array(TicketLogDto) } } },
    async (req) => tickets.logs(req.ctx, await ticketOf(req)),
  );
  app.get(
    '/dashboard/moments',
    { schema: { tags, querystring: MomentsQuery, response: { 200: z.array(TicketListItemDto) } } },
    async (req) => tickets.moments(req.ctx, req.query),
  );
  // The panel's tickets: live tickets of the last 30 days, every user the caller may see.
  app.get('/usersMoments', { schema: { tags, response: { 200: z.array(TicketListItemDto) } } }, async (req) =>
    tickets.moments(req.ctx, { showAll: true }),
  );
}
