import {
  NoContent,
  UpdateWebhookEndpointBody,
  WebhookDeliveriesPageDto,
  WebhookDeliveriesQuery,
  WebhookDeliveryDto,
  WebhookDeliveryParams,
  WebhookEndpointBody,
  WebhookEndpointDto,
  WebhookEndpointParams,
  WebhookSecretDto,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { WebhooksService } from './webhooks.service';

/** Outgoing webhooks (docs/api.md "Webhooks"): the company's admins, on a plan with useExternalApi. */
export function webhooksRoutes(app: App, _deps: CoreDeps, webhooks: WebhooksService) {
  const tags = ['webhooks'];
  const config = { permission: 'webhooks:manage', plan: 'useExternalApi' } as const;

  app.get('/webhook-endpoints', { config, schema: { tags, response: { 200: z.array(WebhookEndpointDto) } } }, async (req) =>
    webhooks.list(req.ctx),
  );
  app.post(
    '/webhook-endpoints',
    { config, schema: { tags, body: WebhookEndpointBody, response: { 201: WebhookEndpointDto.extend({ secret: z.string() }) } } },
    async (req, reply) => reply.code(201).send(await webhooks.create(req.ctx, req.body)),
  );
  app.put(
    '/webhook-endpoints/:endpointId',
    {
      config,
      schema: { tags, params: WebhookEndpointParams, body: UpdateWebhookEndpointBody, response: { 200: WebhookEndpointDto } },
    },
    async (req) => webhooks.update(req.ctx, req.params.endpointId, req.body),
  );
  app.delete(
    '/webhook-endpoints/:endpointId',
    { config, schema: { tags, params: WebhookEndpointParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await webhooks.remove(req.ctx, req.params.endpointId);
      return reply.code(204).send();
    },
  );
  app.get(
    '/webhook-endpoints/:endpointId/secret',
    { config, schema: { tags, params: WebhookEndpointParams, response: { 200: WebhookSecretDto } } },
    async (req) => webhooks.secret(req.ctx, req.params.endpointId),
  );
  app.post(
    '/webhook-endpoints/:endpointId/test',
    { config, schema: { tags, params: WebhookEndpointParams, response: { 201: WebhookDeliveryDto } } },
    async (req, reply) => reply.code(201).send(await webhooks.sendTest(req.ctx, req.params.endpointId)),
  );
  app.get(
    '/webhook-endpoints/:endpointId/deliveries',
    {
      config,
      schema: {
        tags,
        params: WebhookEndpointParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveriesPageDto },
      },
    },
    async (req) => webhooks.deliveries(req.ctx, req.params.endpointId, req.query.pageNumber),
  );
  app.post(
    '/webhook-endpoints/:endpointId/deliveries/:deliveryId/resend',
    { config, schema: { tags, params: WebhookDeliveryParams, response: { 200: WebhookDeliveryDto } } },
    async (req) => webhooks.resend(req.ctx, req.params.endpointId, req.params.deliveryId),
  );
}
