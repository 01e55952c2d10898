import { NoContent, PlanBody, PlanDto, PlanIdParams, PlanListQuery } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { PlansService } from './plans.service';

export function plansRoutes(app: App, _deps: CoreDeps, plans: PlansService) {
  const tags = ['plans'];
  const superOnly = { superOnly: true } as const;
  // Public: the sign-up page lists the plans a visitor may choose (only public ones, whatever the filter says).
  app.get(
    '/plans/list',
    { config: { public: true }, schema: { tags, querystring: PlanListQuery, response: { 200: z.array(PlanDto) } } },
    async () => plans.listPublic(),
  );
  app.get('/plans/all', { config: superOnly, schema: { tags, response: { 200: z.array(PlanDto) } } }, async () =>
    plans.listAll(),
  );
  app.get(
    '/plans/:planId',
    { config: superOnly, schema: { tags, params: PlanIdParams, response: { 200: PlanDto } } },
    async (req) => plans.show(req.params.planId),
  );
  app.post('/plans', { config: superOnly, schema: { tags, body: PlanBody, response: { 201: PlanDto } } }, async (req, reply) =>
    reply.code(201).send(await plans.create(req.ctx, req.body)),
  );
  app.put(
    '/plans/:planId',
    { config: superOnly, schema: { tags, params: PlanIdParams, body: PlanBody, response: { 200: PlanDto } } },
    async (req) => plans.update(req.ctx, req.params.planId, req.body),
  );
  app.delete(
    '/plans/:planId',
    { config: superOnly, schema: { tags, params: PlanIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await plans.remove(req.ctx, req.params.planId);
      return reply.code(204).send();
    },
  );
}
