import {
  AllConnectionsItem,
  CreateWhatsappBody,
  UpdateWhatsappBody,
  WhatsappDto,
  WhatsappFilterItem,
  WhatsappIdParams,
  WhatsappListQuery,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import type { WhatsappsService } from './whatsapps.service';

/** Connections (seed 001 §7 "Connections"). The company is the token's; `companyId` in the query is ignored. */
export function whatsappsRoutes(app: App, deps: CoreDeps, whatsapps: WhatsappsService) {
  const tags = ['whatsapps'];
  const add = { permission: 'connections-page:addConnection' } as const;
  const edit = { permission: 'connections-page:editOrDeleteConnection' } as const;
  const list = {
    schema: { tags, querystring: WhatsappListQuery, response: { 200: z.array(WhatsappDto) } },
  } as const;

  // Every user reads the list (the shell's status badge, filters); secrets are masked, the API token only for managers.
  app.get('/whatsapp', list, async (req) => whatsapps.list(req.ctx, req.query));
  app.get(
    '/whatsapp/filter',
    { schema: { tags, querystring: WhatsappListQuery, response: { 200: z.array(WhatsappFilterItem) } } },
    async (req) => whatsapps.filter(req.ctx, req.query),
  );
  // Super users: every company's connections (the /allConnections overview counts them per company).
  app.get(
    '/whatsapp/all',
    {
      config: { superOnly: true },
      schema: { tags, querystring: WhatsappListQuery, response: { 200: z.array(AllConnectionsItem) } },
    },
    async () => whatsapps.listAll(),
  );
  // Super users: one connection of any company (seed 001 §7 `GET whatsapp-admin/{id}?session=0`).
  app.get(
    '/whatsapp-admin/:whatsappId',
    {
      config: { superOnly: true },
      schema: { tags, params: WhatsappIdParams, querystring: WhatsappListQuery, response: { 200: WhatsappDto } },
    },
    async (req) => whatsapps.showAnyCompany(req.ctx, req.params.whatsappId),
  );
  app.post(
    '/whatsapp/:whatsappId/media-upload',
    {
      config: edit,
      schema: {
        tags,
        params: WhatsappIdParams,
        consumes: ['multipart/form-data'],
        description:
          'Multipart form with the greeting attachment in field `file` (image, video, audio or document; download limit).',
        response: { 200: WhatsappDto },
      },
    },
    async (req) => whatsapps.uploadGreetingMedia(req.ctx, req.params.whatsappId, uploadOf(req, deps.media, 'file')),
  );
  app.delete(
    '/whatsapp/:whatsappId/media-upload',
    { config: edit, schema: { tags, params: WhatsappIdParams, response: { 200: WhatsappDto } } },
    async (req) => whatsapps.removeGreetingMedia(req.ctx, req.params.whatsappId),
  );
  app.get(
    '/whatsapp/:whatsappId',
    { config: { permission: 'connections:view' }, schema: { tags, params: WhatsappIdParams, response: { 200: WhatsappDto } } },
    async (req) => whatsapps.show(req.ctx, req.params.whatsappId),
  );
  app.post(
    '/whatsapp',
    { config: add, schema: { tags, body: CreateWhatsappBody, response: { 201: WhatsappDto } } },
    async (req, reply) => reply.code(201).send(await whatsapps.create(req.ctx, req.body)),
  );
  app.put(
    '/whatsapp/:whatsappId',
    { config: edit, schema: { tags, params: WhatsappIdParams, body: UpdateWhatsappBody, response: { 200: WhatsappDto } } },
    async (req) => whatsapps.update(req.ctx, req.params.whatsappId, req.body),
  );
  app.delete(
    '/whatsapp/:whatsappId',
    { config: edit, schema: { tags, params: WhatsappIdParams, response: { 200: z.object({ message: z.string() }) } } },
    async (req, reply) => {
      await whatsapps.remove(req.ctx, req.params.whatsappId);
      return reply.code(200).send({ message: 'Whatsapp deleted.' });
    },
  );
}
