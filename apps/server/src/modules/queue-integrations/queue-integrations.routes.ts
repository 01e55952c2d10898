import {
  IdParams,
  IntegrationPageQuery,
  IntegrationTestSessionBody,
  IntegrationTestSessionDto,
  NoContent,
  QueueIntegrationBody,
  QueueIntegrationDto,
  QueueIntegrationPageDto,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { QueueIntegrationsService } from './queue-integrations.service';

/** Queue integrations (seed 001 §7 "Queue integrations"): admins (integrations:manage) of a plan with useIntegrations. */
export function queueIntegrationsRoutes(app: App, _deps: CoreDeps, integrations: QueueIntegrationsService) {
  const tags = ['queue-integrations'];
  const config = { permission: 'integrations:manage', plan: 'useIntegrations' } as const;
  app.get(
    '/queueIntegration',
    { config, schema: { tags, querystring: IntegrationPageQuery, response: { 200: QueueIntegrationPageDto } } },
    async (req) => integrations.page(req.ctx, req.query),
  );
  app.post(
    '/queueIntegration/testSession',
    { config, schema: { tags, body: IntegrationTestSessionBody, response: { 200: IntegrationTestSessionDto } } },
    async (req) => integrations.testSession(req.ctx, req.body),
  );
  app.get(
    '/queueIntegration/:id',
    { config, schema: { tags, params: IdParams, response: { 200: QueueIntegrationDto } } },
    async (req) => integrations.show(req.ctx, req.params.id),
  );
  app.post(
    '/queueIntegration',
    { config, schema: { tags, body: QueueIntegrationBody, response: { 201: QueueIntegrationDto } } },
    async (req, reply) => reply.code(201).send(await integrations.create(req.ctx, req.body)),
  );
  app.put(
    '/queueIntegration/:id',
    { config, schema: { tags, params: IdParams, body: QueueIntegrationBody, response: { 200: QueueIntegrationDto } } },
    async (req) => integrations.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/queueIntegration/:id',
    { config, schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await integrations.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
}
