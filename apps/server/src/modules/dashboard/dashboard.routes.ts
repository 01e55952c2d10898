import { DashboardDto, DashboardQuery, DashboardTicketsDayDto, DashboardTicketsUsersDto } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(app: App, _deps: CoreDeps, dashboard: DashboardService) {
  const tags = ['dashboard'];
  const config = { permission: 'dashboard:view' as const };

  app.get('/dashboard', { config, schema: { tags, querystring: DashboardQuery, response: { 200: DashboardDto } } }, async (req) =>
    dashboard.counters(req.ctx, req.query),
  );
  app.get(
    '/dashboard/ticketsUsers',
    { config, schema: { tags, querystring: DashboardQuery, response: { 200: DashboardTicketsUsersDto } } },
    async (req) => dashboard.ticketsUsers(req.ctx, req.query),
  );
  app.get(
    '/dashboard/ticketsDay',
    { config, schema: { tags, querystring: DashboardQuery, response: { 200: DashboardTicketsDayDto } } },
    async (req) => dashboard.ticketsDay(req.ctx, req.query),
  );
}
