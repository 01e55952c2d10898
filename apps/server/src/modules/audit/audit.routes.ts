import { AuditLogExportQuery, AuditLogListDto, AuditLogQuery } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { responseLanguage } from '../../platform/language';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import { auditWorkbook } from './audit.export';
import type { AuditService } from './audit.service';

const tags = ['audit'];

export function auditRoutes(app: App, _deps: CoreDeps, audit: AuditService) {
  const config = { permission: 'audit:view' } as const;
  app.get(
    '/audit-logs',
    { config, schema: { tags, querystring: AuditLogQuery, response: { 200: AuditLogListDto } } },
    async (req) => audit.list(req.ctx, req.query),
  );

  app.get(
    '/audit-logs/export',
    {
      config,
      schema: {
        tags,
        querystring: AuditLogExportQuery,
        description:
          'The entries the filters select, as .xlsx (newest first), headers in `lang` (else Accept-Language). The export is itself recorded.',
        response: xlsxAnswer,
      },
    },
    async (req, reply) => {
      const { lang, ...filters } = req.query;
      const rows = await audit.exported(req.ctx, filters);
      const file = await auditWorkbook(rows, responseLanguage(lang, req.headers['accept-language']));
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.xlsx"`);
      return reply.send(file);
    },
  );
}
