import { PlanDto, PlanListQuery } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { listPublicPlans } from './plans.repository';

export function plansRoutes(app: App, deps: CoreDeps) {
  // Public: the sign-up page lists the plans a visitor may choose (only public ones, whatever the filter says).
  app.get(
    '/plans/list',
    { config: { public: true }, schema: { tags: ['plans'], querystring: PlanListQuery, response: { 200: z.array(PlanDto) } } },
    async () => listPublicPlans(deps.database.db),
  );
}
