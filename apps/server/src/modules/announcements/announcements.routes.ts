import {
  AnnouncementBody,
  AnnouncementDto,
  AnnouncementListDto,
  AnnouncementListQuery,
  idParam,
  NoContent,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import type { AnnouncementsService } from './announcements.service';

const Params = z.object({ id: idParam });

/** Seed 002 §7 "Announcements": every user reads the active ones; only the super admin writes (seed 002 §6). */
export function announcementsRoutes(app: App, deps: CoreDeps, announcements: AnnouncementsService) {
  const tags = ['announcements'];
  const superOnly = { superOnly: true } as const;
  app.get(
    '/announcements',
    { schema: { tags, querystring: AnnouncementListQuery, response: { 200: AnnouncementListDto } } },
    async (req) => announcements.list(req.ctx, req.query),
  );
  app.get('/announcements/:id', { schema: { tags, params: Params, response: { 200: AnnouncementDto } } }, async (req) =>
    announcements.show(req.ctx, req.params.id),
  );
  app.post(
    '/announcements',
    { config: superOnly, schema: { tags, body: AnnouncementBody, response: { 201: AnnouncementDto } } },
    async (req, reply) => reply.code(201).send(await announcements.create(req.ctx, req.body)),
  );
  app.put(
    '/announcements/:id',
    { config: superOnly, schema: { tags, params: Params, body: AnnouncementBody, response: { 200: AnnouncementDto } } },
    async (req) => announcements.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/announcements/:id',
    { config: superOnly, schema: { tags, params: Params, response: { 204: NoContent } } },
    async (req, reply) => {
      await announcements.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/announcements/:id/media-upload',
    { config: superOnly, schema: { tags, params: Params, response: { 200: AnnouncementDto } } },
    async (req) => announcements.uploadMedia(req.ctx, req.params.id, uploadOf(req, deps.media, 'file')),
  );
  app.delete(
    '/announcements/:id/media-upload',
    { config: superOnly, schema: { tags, params: Params, response: { 200: AnnouncementDto } } },
    async (req) => announcements.removeMedia(req.ctx, req.params.id),
  );
}
