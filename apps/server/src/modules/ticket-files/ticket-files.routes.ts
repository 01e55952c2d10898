import { idParam, NoContent } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { receiveFile } from '../../platform/intake';
import { mediaLimitBytes } from '../settings/settings.public';
import type { TicketFilesService } from './ticket-files.service';

const FileDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.date(),
});
const TicketParams = z.object({ ticketId: idParam });

export function ticketFilesRoutes(app: App, deps: CoreDeps, files: TicketFilesService) {
  const tags = ['ticket-files'];
  app.get(
    '/tickets/:ticketId/private-files',
    { schema: { tags, params: TicketParams, response: { 200: z.array(FileDto) } } },
    async (req) => files.list(req.ctx, req.params.ticketId),
  );
  // multipart `file`: checked by its bytes (a file announced as a picture must be one) and by the company's size limit
  app.post(
    '/tickets/:ticketId/private-files',
    { schema: { tags, params: TicketParams, consumes: ['multipart/form-data'], response: { 201: FileDto } } },
    async (req, reply) => {
      await files.checkVisible(req.ctx, req.params.ticketId);
      const maxBytes = await mediaLimitBytes(deps.database.db);
      const saved = await receiveFile(req, deps.media, { companyId: req.ctx.companyId, kind: 'file', field: 'file', maxBytes });
      try {
        return reply.code(201).send(await files.add(req.ctx, req.params.ticketId, saved));
      } catch (err) {
        await deps.media.remove(saved.path).catch(() => {});
        throw err;
      }
    },
  );
  app.delete(
    '/tickets/:ticketId/private-files/:fileId',
    { schema: { tags, params: TicketParams.extend({ fileId: idParam }), response: { 204: NoContent } } },
    async (req, reply) => {
      await files.remove(req.ctx, req.params.ticketId, req.params.fileId);
      return reply.code(204).send();
    },
  );
}
