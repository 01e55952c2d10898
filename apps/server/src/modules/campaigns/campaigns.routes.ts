import {
  CampaignBody,
  CampaignDto,
  CampaignPageDto,
  CampaignPageQuery,
  CampaignReportDto,
  CampaignSettingsBody,
  CampaignSettingsDto,
  CampaignShippingPageDto,
  CampaignShippingQuery,
  IdParams,
  NoContent,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import type { CampaignsService } from './campaigns.service';

/** Campaigns and their settings (seed 002 §7 "Campaigns"); plan flag useCampaigns, admins. */
export function campaignsRoutes(app: App, deps: CoreDeps, campaigns: CampaignsService) {
  const tags = ['campaigns'];
  const config = { plan: 'useCampaigns' as const };
  app.get('/campaign-settings', { config, schema: { tags, response: { 200: CampaignSettingsDto } } }, async (req) =>
    campaigns.getSettings(req.ctx),
  );
  app.post(
    '/campaign-settings',
    { config, schema: { tags, body: CampaignSettingsBody, response: { 200: CampaignSettingsDto } } },
    async (req) => campaigns.saveSettings(req.ctx, req.body.settings),
  );
  app.get(
    '/campaigns',
    { config, schema: { tags, querystring: CampaignPageQuery, response: { 200: CampaignPageDto } } },
    async (req) => campaigns.page(req.ctx, req.query),
  );
  app.get('/campaigns/:id', { config, schema: { tags, params: IdParams, response: { 200: CampaignDto } } }, async (req) =>
    campaigns.show(req.ctx, req.params.id),
  );
  app.post('/campaigns', { config, schema: { tags, body: CampaignBody, response: { 201: CampaignDto } } }, async (req, reply) =>
    reply.code(201).send(await campaigns.create(req.ctx, req.body)),
  );
  app.put(
    '/campaigns/:id',
    { config, schema: { tags, params: IdParams, body: CampaignBody, response: { 200: CampaignDto } } },
    async (req) => campaigns.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/campaigns/:id',
    { config, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await campaigns.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post('/campaigns/:id/cancel', { config, schema: { tags, params: IdParams, response: { 200: CampaignDto } } }, async (req) =>
    campaigns.cancel(req.ctx, req.params.id),
  );
  app.post(
    '/campaigns/:id/restart',
    { config, schema: { tags, params: IdParams, response: { 200: CampaignDto } } },
    async (req) => campaigns.restart(req.ctx, req.params.id),
  );
  app.post(
    '/campaigns/:id/media-upload',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form: the attachment in `file` (up to 16 MB); it goes out with the message as its caption.',
        response: { 200: CampaignDto },
      },
    },
    async (req) => campaigns.uploadMedia(req.ctx, req.params.id, uploadOf(req, deps.media, 'file')),
  );
  app.delete(
    '/campaigns/:id/media-upload',
    { config, schema: { tags, params: IdParams, response: { 200: CampaignDto } } },
    async (req) => campaigns.removeMedia(req.ctx, req.params.id),
  );
  app.get(
    '/campaigns/:id/report',
    { config, schema: { tags, params: IdParams, response: { 200: CampaignReportDto } } },
    async (req) => campaigns.report(req.ctx, req.params.id),
  );
  app.get(
    '/campaigns/:id/shippings',
    {
      config,
      schema: { tags, params: IdParams, querystring: CampaignShippingQuery, response: { 200: CampaignShippingPageDto } },
    },
    async (req) => campaigns.shippings(req.ctx, req.params.id, req.query),
  );
  app.get(
    '/campaigns/:id/report/export',
    { config, schema: { tags, params: IdParams, description: 'Every recipient of the run as .xlsx.', response: xlsxAnswer } },
    async (req, reply) =>
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="campaign-${req.params.id}.xlsx"`)
        .send(await campaigns.exportShippings(req.ctx, req.params.id)),
  );
}
