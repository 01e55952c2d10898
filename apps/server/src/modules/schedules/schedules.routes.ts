import {
  IdParams,
  NoContent,
  ScheduleCreateBody,
  ScheduleDto,
  ScheduleListQuery,
  SchedulePageDto,
  ScheduleUpdateBody,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import type { SchedulesService } from './schedules.service';

/** Schedules (seed 002 §6 "Schedules calendar", seed 000 §5 schedule modal); plan flag useSchedules. */
export function schedulesRoutes(app: App, deps: CoreDeps, schedules: SchedulesService) {
  const tags = ['schedules'];
  app.get('/schedules', { schema: { tags, querystring: ScheduleListQuery, response: { 200: SchedulePageDto } } }, async (req) =>
    schedules.list(req.ctx, req.query),
  );
  app.get('/schedules/:id', { schema: { tags, params: IdParams, response: { 200: ScheduleDto } } }, async (req) =>
    schedules.show(req.ctx, req.params.id),
  );
  app.post(
    '/schedules',
    { schema: { tags, body: ScheduleCreateBody, response: { 201: z.object({ schedules: z.array(ScheduleDto) }) } } },
    async (req, reply) => reply.code(201).send(await schedules.create(req.ctx, req.body)),
  );
  app.put(
    '/schedules/:id',
    { schema: { tags, params: IdParams, body: ScheduleUpdateBody, response: { 200: ScheduleDto } } },
    async (req) => schedules.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/schedules/:id', { schema: { tags, params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await schedules.remove(req.ctx, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/schedules/:id/media-upload',
    {
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form: the image (png or jpeg, up to 5 MB) in `file`; it goes out with the text.',
        response: { 200: ScheduleDto },
      },
    },
    async (req) => schedules.uploadMedia(req.ctx, req.params.id, uploadOf(req, deps.media, 'file')),
  );
  app.delete('/schedules/:id/media-upload', { schema: { tags, params: IdParams, response: { 200: ScheduleDto } } }, async (req) =>
    schedules.removeMedia(req.ctx, req.params.id),
  );
}
