import { ContactIdParam, ContactItemDto, EraseContactBody } from '@atendo/shared';
import { z } from 'zod';
import type { App } from '../../platform/http';
import { responseLanguage } from '../../platform/language';
import type { PrivacyService } from './privacy.service';

const ZIP_MIME = 'application/zip';

/** A contact's LGPD rights (issue 34 item 4; docs/privacy.md): admins only, the company's own contacts only. */
export function privacyRoutes(app: App, privacy: PrivacyService) {
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
        response: { 200: { description: 'The zip', content: { [ZIP_MIME]: { schema: z.any().describe('The .zip file') } } } },
      },
    },
    async (req, reply) => {
      const { stream, fileName } = await privacy.exportZip(req.ctx, req.params.contactId);
      reply.header('content-type', ZIP_MIME);
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      // The web app (another origin in development) saves the file under the server's name.
      reply.header('access-control-expose-headers', 'content-disposition');
      return reply.send(stream);
    },
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
