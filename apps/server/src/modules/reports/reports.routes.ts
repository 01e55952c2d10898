import {
  REPORT_EXPORT_FILE_NAME,
  TicketReportExportQuery,
  TicketReportFilters,
  TicketReportPageDto,
  TicketReportQuery,
  TicketReportTotalsDto,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { responseLanguage } from '../../platform/language';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import type { ReportsService } from './reports.service';

/** The tickets report (seed 001 §7 "Report"): admins (reports:view), within what they may see of the inbox. */
export function reportsRoutes(app: App, _deps: CoreDeps, reports: ReportsService) {
  const tags = ['reports'];
  const config = { permission: 'reports:view' as const };
  app.get(
    '/ticketreport/reports',
    {
      config,
      schema: {
        tags,
        querystring: TicketReportQuery,
        description:
          'One page of the tickets report, newest first, with the counts of the whole filtered report (totalTickets.total, totalTickets.closed).',
        response: { 200: TicketReportPageDto },
      },
    },
    async (req) => reports.page(req.ctx, req.query),
  );
  app.get(
    '/ticketreport/totals',
    {
      config,
      schema: {
        tags,
        querystring: TicketReportFilters,
        description:
          'Every total of the whole filtered report: tickets, closed, rated, mean rating and mean support time (docs/metrics.md). Read once per set of filters; the pages do not repeat it.',
        response: { 200: TicketReportTotalsDto },
      },
    },
    async (req) => reports.totals(req.ctx, req.query),
  );
  app.get(
    '/ticketreport/export',
    {
      config,
      schema: {
        tags,
        querystring: TicketReportExportQuery,
        description:
          'The whole filtered report as relatorio-de-atendimentos.xlsx, streamed from the database; X-Total-Count holds the number of rows (for a progress bar).',
        response: xlsxAnswer,
      },
    },
    async (req, reply) => {
      const language = responseLanguage(req.query.lang, req.headers['accept-language']);
      const total = await reports.count(req.ctx, req.query);
      const stream = await reports.exportXlsx(req.ctx, req.query, language);
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', `attachment; filename="${REPORT_EXPORT_FILE_NAME}"`);
      reply.header('cache-control', 'no-store');
      reply.header('x-total-count', String(total));
      reply.header('access-control-expose-headers', 'x-total-count, content-disposition');
      return reply.send(stream);
    },
  );
}
