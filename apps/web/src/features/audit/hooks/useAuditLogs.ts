import type { AuditLogListDto } from '@atendo/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadStreamed } from '../../../shared/api/download';
import i18n from '../../../shared/i18n';
import { auditKeys } from './keys';

export { auditKeys };

export interface AuditFilters {
  from: string;
  to: string;
  action: string;
  /** '' for anyone. */
  userId: string;
  /** The super admin's: '' for every company. */
  companyId: string;
}

const queryOf = (f: AuditFilters) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  action: f.action || undefined,
  userId: f.userId || undefined,
  companyId: f.companyId || undefined,
});

/** GET /audit-logs — newest first, a page at a time, for the filters. */
export function useAuditLogs(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.filtered(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditLogListDto>('/audit-logs', { query: { ...queryOf(filters), pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /audit-logs/export — the filtered entries as .xlsx, its headers in the UI's language. */
export const downloadAuditLogs = (filters: AuditFilters) =>
  downloadStreamed('/audit-logs/export', { ...queryOf(filters), lang: i18n.language }, 'audit.xlsx');
