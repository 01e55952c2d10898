import { AuditLogListDto, AuditLogQuery } from '@atendo/shared';
import ExcelJS from 'exceljs';
import type { App } from '../../platform/http';
import { XLSX_MIME, xlsxAnswer } from '../../platform/openapi';
import { safeCells } from '../../platform/spreadsheet';
import type { AuditService } from './audit.service';

const tags = ['audit'];

export function auditRoutes(app: App, audit: AuditService) {
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
        querystring: AuditLogQuery,
        description: 'The entries the filters select, as .xlsx (newest first).',
        response: xlsxAnswer,
      },
    },
    async (req, reply) => {
      const rows = await audit.all(req.ctx, req.query);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('audit');
      sheet.addRow([
        'id',
        'createdAt',
        'companyId',
        'userId',
        'userName',
        'ip',
        'action',
        'entity',
        'entityId',
        'before',
        'after',
      ]);
      for (const r of rows) {
        sheet.addRow(
          safeCells([
            r.id,
            r.createdAt,
            r.companyId,
            r.userId,
            r.userName,
            r.ip,
            r.action,
            r.entity,
            r.entityId,
            r.before ? JSON.stringify(r.before) : '',
            r.after ? JSON.stringify(r.after) : '',
          ]),
        );
      }
      reply.header('content-type', XLSX_MIME);
      reply.header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.xlsx"`);
      return reply.send(Buffer.from(await book.xlsx.writeBuffer()));
    },
  );
}
