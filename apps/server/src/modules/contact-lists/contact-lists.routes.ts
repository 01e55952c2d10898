import {
  ContactListAddTagBody,
  ContactListBody,
  ContactListDto,
  ContactListImportDto,
  ContactListItemBody,
  ContactListItemDto,
  ContactListItemPageDto,
  ContactListItemQuery,
  ContactListPageDto,
  ContactListPageQuery,
  ContactListRefDto,
  IdParams,
  NoContent,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import type { ContactListsService } from './contact-lists.service';

/** Contact lists (seed 002 §7 "Contact lists"); plan flag useCampaigns. */
export function contactListsRoutes(app: App, deps: CoreDeps, lists: ContactListsService) {
  const tags = ['contact-lists'];
  const plan = { plan: 'useCampaigns' as const };
  app.get('/contact-lists/list', { config: plan, schema: { tags, response: { 200: z.array(ContactListRefDto) } } }, async (req) =>
    lists.list(req.ctx),
  );
  app.get(
    '/contact-lists/sample',
    { config: plan, schema: { tags, description: 'The import spreadsheet (.xlsx) with its header.', response: xlsxAnswer } },
    async (req, reply) =>
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', 'attachment; filename="contact-list-sample.xlsx"')
        .send(await lists.sample(req.ctx)),
  );
  app.get(
    '/contact-lists',
    { config: plan, schema: { tags, querystring: ContactListPageQuery, response: { 200: ContactListPageDto } } },
    async (req) => lists.page(req.ctx, req.query),
  );
  app.get(
    '/contact-lists/:id',
    { config: plan, schema: { tags, params: IdParams, response: { 200: ContactListDto } } },
    async (req) => lists.show(req.ctx, req.params.id),
  );
  app.post(
    '/contact-lists',
    { config: plan, schema: { tags, body: ContactListBody, response: { 201: ContactListDto } } },
    async (req, reply) => reply.code(201).send(await lists.create(req.ctx, req.body)),
  );
  app.put(
    '/contact-lists/:id',
    { config: plan, schema: { tags, params: IdParams, body: ContactListBody, response: { 200: ContactListDto } } },
    async (req) => lists.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/contact-lists/:id',
    { config: plan, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await lists.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/contact-lists/:id/upload',
    {
      config: plan,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form: the .xls or .xlsx in `file` (columns Nome, Numero, Email); imported in the background.',
        response: { 202: ContactListImportDto },
      },
    },
    async (req, reply) => reply.code(202).send(await lists.upload(req.ctx, req.params.id, uploadOf(req, deps.media, 'file'))),
  );
  app.post(
    '/contact-lists/:id/add-tag',
    {
      config: plan,
      schema: { tags, params: IdParams, body: ContactListAddTagBody, response: { 200: z.object({ added: z.number() }) } },
    },
    async (req) => lists.addFromTag(req.ctx, req.params.id, req.body.tagId),
  );
  app.post(
    '/contact-lists/:id/check-whatsapp',
    {
      config: plan,
      schema: {
        tags,
        params: IdParams,
        description:
          "Looks the list's numbers not checked yet up on WhatsApp through the company's connected QR connection, in the background (ContactListItem events follow). queued false: no connected QR connection (the Cloud API cannot tell).",
        response: { 200: z.object({ queued: z.boolean() }) },
      },
    },
    async (req) => lists.requestWhatsappCheck(req.ctx, req.params.id),
  );
  app.get(
    '/contact-list-items',
    { config: plan, schema: { tags, querystring: ContactListItemQuery, response: { 200: ContactListItemPageDto } } },
    async (req) => lists.items(req.ctx, req.query),
  );
  app.get(
    '/contact-list-items/:id',
    { config: plan, schema: { tags, params: IdParams, response: { 200: ContactListItemDto } } },
    async (req) => lists.showItem(req.ctx, req.params.id),
  );
  app.post(
    '/contact-list-items',
    { config: plan, schema: { tags, body: ContactListItemBody, response: { 201: ContactListItemDto } } },
    async (req, reply) => reply.code(201).send(await lists.createItem(req.ctx, req.body)),
  );
  app.put(
    '/contact-list-items/:id',
    { config: plan, schema: { tags, params: IdParams, body: ContactListItemBody, response: { 200: ContactListItemDto } } },
    async (req) => lists.updateItem(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/contact-list-items/:id',
    { config: plan, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await lists.removeItem(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
}
