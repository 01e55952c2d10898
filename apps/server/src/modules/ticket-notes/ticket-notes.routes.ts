import { CreateTicketNoteBody, idParam, NoContent, TicketNoteDto, TicketNotesQuery } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { TicketNotesService } from './ticket-notes.service';

export function ticketNotesRoutes(app: App, _deps: CoreDeps, notes: TicketNotesService) {
  const tags = ['ticket-notes'];
  app.post(
    '/ticket-notes',
    { schema: { tags, body: CreateTicketNoteBody, response: { 201: TicketNoteDto } } },
    async (req, reply) => reply.code(201).send(await notes.create(req.ctx, req.body)),
  );
  app.get(
    '/ticket-notes/list',
    { schema: { tags, querystring: TicketNotesQuery, response: { 200: z.array(TicketNoteDto) } } },
    async (req) => notes.list(req.ctx, req.query),
  );
  app.delete(
    '/ticket-notes/:id',
    { schema: { tags, params: z.object({ id: idParam }), response: { 204: NoContent } } },
    async (req, reply) => {
      await notes.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
}
