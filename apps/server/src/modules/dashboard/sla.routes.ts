import { SatisfactionFilters, SlaReportDto } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { SlaReportService } from './sla.service';

/** The SLA report (issue 33 item 2): the dashboard's permission, the inbox's visibility. */
export function slaReportRoutes(app: App, _deps: CoreDeps, sla: SlaReportService) {
  app.get(
    '/dashboard/sla',
    {
      config: { permission: 'dashboard:view' as const },
      schema: {
        tags: ['dashboard'],
        querystring: SatisfactionFilters,
        description:
          'The tickets whose queue\'s SLA policy applied in a range of local days: met %, missed by first target missed, still running — in total, per attendant and per queue (docs/metrics.md "SLA").',
        response: { 200: SlaReportDto },
      },
    },
    async (req) => sla.report(req.ctx, req.query),
  );
}
