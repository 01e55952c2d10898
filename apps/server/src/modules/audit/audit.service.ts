import {
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_DAYS_DEFAULT,
  type AuditLogDto,
  type AuditLogListDto,
  type AuditLogQuery,
  addDays,
  can,
  startOfDayIn,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { getGlobalSetting } from '../settings/settings.public';
import { recordAudit } from './audit.public';
import * as repo from './audit.repository';

const toDto = (r: repo.AuditRow): AuditLogDto => ({
  id: r.id,
  companyId: r.companyId,
  userId: r.userId,
  userName: r.userName,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  ip: r.ip,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The audit log's page, export and retention (issue 34 item 3); writing is `recordAudit` (audit.public.ts). */
export function createAuditService(deps: CoreDeps) {
  const { db } = deps.database;

  /** Admins see their company; the super admin any one company (`companyId`) or all. Days on the company's clock. */
  function filterOf(ctx: TenantContext, q: AuditLogQuery): repo.AuditFilter {
    if (!can(ctx.user, 'audit:view')) throw new AppError('ERR_NO_PERMISSION', 403);
    const tz = ctx.company.timezone;
    return {
      companyId: ctx.user.super ? (q.companyId ?? null) : ctx.companyId,
      from: q.from ? startOfDayIn(q.from, tz) : undefined,
      to: q.to ? startOfDayIn(addDays(q.to, 1), tz) : undefined,
      userId: q.userId,
      action: q.action,
    };
  }

  return {
    async list(ctx: TenantContext, q: AuditLogQuery): Promise<AuditLogListDto> {
      const offset = (q.pageNumber - 1) * AUDIT_PAGE_SIZE;
      const rows = await repo.listAuditLogs(db, filterOf(ctx, q), AUDIT_PAGE_SIZE + 1, offset);
      return { records: rows.slice(0, AUDIT_PAGE_SIZE).map(toDto), hasMore: rows.length > AUDIT_PAGE_SIZE };
    },

    /** Every entry the filter selects (at most 50,000), for the xlsx export — which is itself recorded (with its filters). */
    async exported(ctx: TenantContext, q: AuditLogQuery): Promise<AuditLogDto[]> {
      const rows = (await repo.listAuditLogs(db, filterOf(ctx, q), 50_000, 0)).map(toDto);
      const { pageNumber: _page, ...filters } = q;
      recordAudit(deps, ctx, { action: 'audit.export', entity: 'auditLog', after: { ...filters, rows: rows.length } });
      return rows;
    },

    /** Daily: entries older than the retention (global auditRetentionDays) go. */
    async prune(now = new Date()): Promise<number> {
      const days = Number(await getGlobalSetting(db, 'auditRetentionDays'));
      const keep = Number.isInteger(days) && days > 0 ? days : AUDIT_RETENTION_DAYS_DEFAULT;
      return repo.deleteAuditLogsBefore(db, new Date(now.getTime() - keep * 86_400_000));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
