import {
  BlockContactBody,
  ContactIdParam,
  ContactImportBody,
  ContactImportDto,
  ContactImportIdParam,
  ContactImportRowBody,
  ContactImportRowResult,
  ContactItemDto,
  ContactListQuery,
  ContactNumberParam,
  ContactPageDto,
  ContactProfileDto,
  ContactRefDto,
  ContactsExportQuery,
  ContactsListQuery,
  ContactUploadDto,
  CreateContactBody,
  ImportChatsBody,
  ImportChatsResult,
  NoContent,
  UpdateContactBody,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import { responseLanguage } from '../../platform/language';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import type { ContactsService } from './contacts.service';

/** The contact book (seed 000 §2 "Contacts", §5, §7). */
export function contactsRoutes(app: App, deps: CoreDeps, contacts: ContactsService) {
  const tags = ['contacts'];

  app.get('/contacts', { schema: { tags, querystring: ContactListQuery, response: { 200: ContactPageDto } } }, async (req) =>
    contacts.list(req.ctx, req.query),
  );
  app.get(
    '/contacts/list',
    { schema: { tags, querystring: ContactsListQuery, response: { 200: z.array(ContactRefDto) } } },
    async (req) => contacts.listRefs(req.ctx, req.query.searchParam),
  );
  app.get(
    '/contacts/profile/:number',
    { schema: { tags, params: ContactNumberParam, response: { 200: ContactProfileDto } } },
    async (req) => contacts.profile(req.ctx, req.params.number),
  );
  app.get(
    '/contacts/export',
    {
      config: { permission: 'contacts-page:deleteContact' },
      schema: {
        tags,
        querystring: ContactsExportQuery,
        description:
          'Every contact of the company as .xlsx (streamed), with tags and extra info; headers and yes/no in `lang`, else Accept-Language, else Portuguese.',
        response: xlsxAnswer,
      },
    },
    async (req, reply) => {
      const language = responseLanguage(req.query.lang, req.headers['accept-language']);
      const { stream, fileName } = await contacts.exportXlsx(req.ctx, language);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', `attachment; filename="${fileName}-${day}.xlsx"`);
      reply.header('cache-control', 'no-store');
      return reply.send(stream);
    },
  );
  app.get('/contacts/:contactId', { schema: { tags, params: ContactIdParam, response: { 200: ContactItemDto } } }, async (req) =>
    contacts.show(req.ctx, req.params.contactId),
  );
  app.post('/contacts', { schema: { tags, body: CreateContactBody, response: { 201: ContactItemDto } } }, async (req, reply) =>
    reply.code(201).send(await contacts.create(req.ctx, req.body)),
  );
  app.put(
    '/contacts/:contactId',
    { schema: { tags, params: ContactIdParam, body: UpdateContactBody, response: { 200: ContactItemDto } } },
    async (req) => contacts.update(req.ctx, req.params.contactId, req.body),
  );
  app.delete(
    '/contacts/:contactId',
    {
      config: { permission: 'contacts-page:deleteContact' },
      schema: { tags, params: ContactIdParam, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await contacts.remove(req.ctx, req.params.contactId);
      return reply.code(204).send();
    },
  );
  app.put(
    '/contacts/block/:contactId',
    { schema: { tags, params: ContactIdParam, body: BlockContactBody, response: { 200: ContactItemDto } } },
    async (req) => contacts.setActive(req.ctx, req.params.contactId, req.body.active),
  );
  app.put(
    '/contacts/toggleAcceptAudio/:contactId',
    { schema: { tags, params: ContactIdParam, response: { 200: ContactItemDto } } },
    async (req) => contacts.toggle(req.ctx, req.params.contactId, 'acceptAudioMessage'),
  );
  app.put(
    '/contacts/toggleDisableBot/:contactId',
    { schema: { tags, params: ContactIdParam, response: { 200: ContactItemDto } } },
    async (req) => contacts.toggle(req.ctx, req.params.contactId, 'disableBot'),
  );

  // ─── Import ──────────────────────────────────────────────────────────────
  app.post(
    '/contacts/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart form with the spreadsheet in field `file` (.xlsx, .csv or .txt; at most 50 MB).',
        response: { 200: ContactUploadDto },
      },
    },
    async (req) => contacts.upload(req.ctx, uploadOf(req, deps.media, 'file')),
  );
  app.post(
    '/contacts/import',
    { schema: { tags, body: ContactImportBody, response: { 202: ContactImportDto } } },
    async (req, reply) => reply.code(202).send(await contacts.startImport(req.ctx, req.body)),
  );
  app.get(
    '/contacts/import/:importId',
    { schema: { tags, params: ContactImportIdParam, response: { 200: ContactImportDto } } },
    async (req) => contacts.importStatus(req.ctx, req.params.importId),
  );
  app.post(
    '/contacts/import/chats',
    { schema: { tags, body: ImportChatsBody.optional(), response: { 200: ImportChatsResult } } },
    async (req) => contacts.importChats(req.ctx, req.body?.whatsappId),
  );
  app.post(
    '/contactsImport',
    { schema: { tags, body: ContactImportRowBody, response: { 200: ContactImportRowResult } } },
    async (req) => contacts.importRow(req.ctx, req.body),
  );
}
