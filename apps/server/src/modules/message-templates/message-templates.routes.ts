import { MessageTemplateListDto, WhatsappTemplatesParams } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { MessageTemplatesService } from './message-templates.service';

export function messageTemplatesRoutes(app: App, _deps: CoreDeps, templates: MessageTemplatesService) {
  const tags = ['message-templates'];
  app.get(
    '/whatsapp/:whatsappId/templates',
    { schema: { tags, params: WhatsappTemplatesParams, response: { 200: MessageTemplateListDto } } },
    async (req) => templates.list(req.ctx, req.params.whatsappId),
  );
  app.post(
    '/whatsapp/:whatsappId/templates/sync',
    { schema: { tags, params: WhatsappTemplatesParams, response: { 200: MessageTemplateListDto } } },
    async (req) => templates.sync(req.ctx, req.params.whatsappId),
  );
}
