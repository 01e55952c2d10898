import { FileListBody, FileListDto, FileListPageDto, IdParams, IntegrationPageQuery, NoContent } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadsOf } from '../../platform/intake';
import type { FilesService } from './files.service';

/** File lists (seed 001 §7 "File lists"): admins (files:manage). Files download through the signed media path. */
export function filesRoutes(app: App, deps: CoreDeps, files: FilesService) {
  const tags = ['files'];
  const config = { permission: 'files:manage' } as const;
  app.get(
    '/files',
    { config, schema: { tags, querystring: IntegrationPageQuery, response: { 200: FileListPageDto } } },
    async (req) => files.page(req.ctx, req.query),
  );
  app.get('/files/:id', { config, schema: { tags, params: IdParams, response: { 200: FileListDto } } }, async (req) =>
    files.show(req.ctx, req.params.id),
  );
  app.post('/files', { config, schema: { tags, body: FileListBody, response: { 201: FileListDto } } }, async (req, reply) =>
    reply.code(201).send(await files.create(req.ctx, req.body)),
  );
  app.put(
    '/files/:id',
    { config, schema: { tags, params: IdParams, body: FileListBody, response: { 200: FileListDto } } },
    async (req) => files.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/files/:id', { config, schema: { tags, params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await files.remove(req.ctx, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/files/uploadList/:id',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form: one or more `files` parts; each is checked by its bytes and the download limit.',
        response: { 200: FileListDto },
      },
    },
    async (req) => files.uploadList(req.ctx, req.params.id, uploadsOf(req, deps.media, ['files', 'file'])),
  );
}
