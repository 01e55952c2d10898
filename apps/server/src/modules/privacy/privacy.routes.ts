import type { Readable } from 'node:stream';
import { CompanyIdParams, ContactIdParam, ContactItemDto, EraseContactBody } from '@atendo/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { responseLanguage } from '../../platform/language';
import type { PrivacyService } from './privacy.service';

const ZIP_MIME = 'application/zip';
const zipAnswer = { 200: { description: 'The zip', content: { [ZIP_MIME]: { schema: z.any().describe('The .zip file') } } } };

function sendZip(reply: FastifyReply, { stream, fileName }: { stream: Readable; fileName: string }) {
  reply.header('content-type', ZIP_MIME);
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  // The web app (another origin in development) saves the file under the server's name.
  reply.header('access-control-expose-headers', 'content-disposition');
  return reply.send(stream);
}

/** A contact's LGPD rights (issue 34 item 4; docs/privacy.md): admins only, the company's own contacts only. */
export function privacyRoutes(app: App, _deps: CoreDeps, privacy: PrivacyService) {
  const tags = ['contacts'];
  const config = { permission: 'contacts-page:deleteContact' } as const;

  app.get(
    '/contacts/:contactId/data-export',
    {
      config,
      schema: {
        tags,
        params: ContactIdParam,
        description:
          'Everything held about the contact (LGPD), streamed as a zip: contact.json, tickets.json, messages.json, notes.json, schedules.json, contact-lists.json, campaign-shippings.json, and the media and files under media/, files/ and schedules/.',
        response: zipAnswer,
      },
    },
    async (req, reply) => sendZip(reply, await privacy.exportZip(req.ctx, req.params.contactId)),
  );
  app.get(
    '/companies/:companyId/data-export',
    {
      config: { superOnly: true },
      schema: {
        tags: ['companies'],
        params: CompanyIdParams,
        description:
          "The super admin's export of a company's whole data before it is deleted, streamed as a zip: company.json, tables/<table>.json with every row of the company (secret columns masked, sign-in sessions and keys left out) and media/ with every stored file.",
        response: zipAnswer,
      },
    },
    async (req, reply) => sendZip(reply, await privacy.exportCompany(req.ctx, req.params.companyId)),
  );
  app.post(
    '/contacts/:contactId/erase',
    {
      config,
      schema: {
        tags,
        params: ContactIdParam,
        body: EraseContactBody,
        description:
          "Erases the contact's personal data (LGPD): messages' text and media, notes, files, schedules' texts, list entries, audit values and webhook deliveries; the contact is kept anonymised so counts stay true. `confirm` repeats the contact's number. Cannot be undone.",
        response: { 200: ContactItemDto },
      },
    },
    async (req) =>
      privacy.erase(req.ctx, req.params.contactId, req.body, responseLanguage(req.body.lang, req.headers['accept-language'])),
  );
}
