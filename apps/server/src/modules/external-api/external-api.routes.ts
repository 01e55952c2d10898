import { ApiTokenDto, ExternalSendBody, ExternalSendDto } from '@atendo/shared';
import { z } from 'zod';
import { bearerToken } from '../../platform/auth';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { MEDIAS, receiveFiles } from '../../platform/intake';
import { mediaLimitBytes } from '../settings/settings.public';
import type { ExternalApiService } from './external-api.service';

const DESCRIPTION = `Sends a message through the connection whose token is the bearer (Connections → edit → token).
The contact's live ticket on that connection is used, or a new one is opened — as an attendant's send would.

**Text** (application/json):
\`\`\`
curl -X POST {api}/api/messages/send -H "Authorization: Bearer <token>" -H "Content-Type: application/json" \\
  -d '{"number": "5511999999999", "body": "Olá!", "closeTicket": false}'
\`\`\`

**Media** (multipart/form-data: one or more \`medias\` files, the text fields beside them; \`body\` is the first file's caption):
\`\`\`
curl -X POST {api}/api/messages/send -H "Authorization: Bearer <token>" \\
  -F number=5511999999999 -F body="Segue o boleto" -F medias=@boleto.pdf
\`\`\`
Files are checked by their bytes (an image must be one) and by the company's size limit. 60 sends per minute per token.`;

export function externalApiRoutes(app: App, deps: CoreDeps, api: ExternalApiService) {
  app.post(
    '/api/messages/send',
    {
      config: { public: true },
      schema: {
        tags: ['external-api'],
        summary: 'Send a text or media message (bearer = connection token)',
        description: DESCRIPTION,
        consumes: ['application/json', 'multipart/form-data'],
        documentedBody: ExternalSendBody,
        security: [{ bearer: [] }],
        response: { 200: ExternalSendDto },
      },
    },
    async (req) => {
      const { ctx: admin, connectionId, companyId } = await api.authorize(bearerToken(req));
      if (!req.isMultipart()) {
        const parsed = ExternalSendBody.safeParse(req.body ?? {});
        if (!parsed.success) throw validation(parsed.error.issues);
        const ctx = parsed.data.userId ? await api.actAs(companyId, parsed.data.userId) : admin;
        return api.send(ctx, connectionId, parsed.data);
      }
      const { files, fields } = await receiveFiles(req, deps.media, {
        ...MEDIAS,
        companyId,
        maxBytes: await mediaLimitBytes(deps.database.db),
      });
      try {
        const parsed = ExternalSendBody.safeParse(fields);
        if (!parsed.success) throw validation(parsed.error.issues);
        if (!files.length)
          throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'medias', message: 'validation.required' }]);
        const ctx = parsed.data.userId ? await api.actAs(companyId, parsed.data.userId) : admin;
        return await api.send(ctx, connectionId, parsed.data, files);
      } catch (err) {
        // Nothing of a refused request stays on disk.
        for (const f of files) await deps.media.remove(f.path).catch(() => {});
        throw err;
      }
    },
  );

  app.get(
    '/messages-api/tokens',
    { config: { plan: 'useExternalApi' }, schema: { tags: ['external-api'], response: { 200: z.array(ApiTokenDto) } } },
    async (req) => api.tokens(req.ctx),
  );
}

function validation(issues: { path: PropertyKey[]; message: string }[]) {
  return new AppError(
    'ERR_VALIDATION',
    400,
    undefined,
    issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}
