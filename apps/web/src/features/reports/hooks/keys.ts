import type { ReportFilters } from './useReport';

/** Every query key of the reports domain: one factory. */
export const reportKeys = {
  all: ['reports'] as const,
  /** One page of the tickets report with its filters. */
  page: (filters: ReportFilters, page: number, pageSize: number) => ['reports', 'tickets', filters, page, pageSize] as const,
  /** Every total of the report with its filters (not per page). */
  totals: (filters: ReportFilters) => ['reports', 'totals', filters] as const,
};
