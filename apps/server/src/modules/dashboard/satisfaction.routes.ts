import {
  SATISFACTION_EXPORT_FILE_NAME,
  SatisfactionCommentsDto,
  SatisfactionCommentsQuery,
  SatisfactionDto,
  SatisfactionExportQuery,
  SatisfactionFilters,
} from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { responseLanguage } from '../../platform/language';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import type { SatisfactionService } from './satisfaction.service';

/** The satisfaction report (issue 33 item 3): the dashboard's permission, the inbox's visibility. */
export function satisfactionRoutes(app: App, _deps: CoreDeps, satisfaction: SatisfactionService) {
  const tags = ['dashboard'];
  const config = { permission: 'dashboard:view' as const };
  app.get(
    '/dashboard/satisfaction',
    {
      config,
      schema: {
        tags,
        querystring: SatisfactionFilters,
        description:
          'NPS, CSAT (scores 8–10), response rate, the score distribution, the trend per day (per week past 62 days), per attendant and per queue, of the attendances closed in a range of local days (docs/metrics.md "Satisfaction").',
        response: { 200: SatisfactionDto },
      },
    },
    async (req) => satisfaction.report(req.ctx, req.query),
  );
  app.get(
    '/dashboard/satisfaction/comments',
    {
      config,
      schema: {
        tags,
        querystring: SatisfactionCommentsQuery,
        description:
          "The customers' words around their score (their messages from the rating question to 10 minutes after it), newest first; search matches the words, the contact's name or the ticket id.",
        response: { 200: SatisfactionCommentsDto },
      },
    },
    async (req) => satisfaction.comments(req.ctx, req.query),
  );
  app.get(
    '/dashboard/satisfaction/export',
    {
      config,
      schema: {
        tags,
        querystring: SatisfactionExportQuery,
        description: 'The satisfaction report as relatorio-de-satisfacao.xlsx: summary, attendants, queues, trend and comments.',
        response: xlsxAnswer,
      },
    },
    async (req, reply) => {
      const language = responseLanguage(req.query.lang, req.headers['accept-language']);
      const file = await satisfaction.exportXlsx(req.ctx, req.query, language);
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', `attachment; filename="${SATISFACTION_EXPORT_FILE_NAME}"`);
      reply.header('cache-control', 'no-store');
      reply.header('access-control-expose-headers', 'content-disposition');
      return reply.send(file);
    },
  );
}
