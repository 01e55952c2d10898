import {
  SATISFACTION_EXPORT_FILE_NAME,
  type SatisfactionCommentsDto,
  type SatisfactionDto,
  type SlaReportDto,
} from '@atendo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../shared/api/client';
import { downloadStreamed } from '../../../shared/api/download';
import { toastError } from '../../../shared/api/errors';
import type { Wire } from '../../../shared/data/tickets/types';
import i18n from '../../../shared/i18n';
import { dashboardKeys } from './keys';
import { type DashboardFilter, queryOf } from './useDashboard';

export type Satisfaction = Wire<SatisfactionDto>;
export type SatisfactionComments = Wire<SatisfactionCommentsDto>;

/** The customers' words shown per page. */
export const COMMENTS_PAGE_SIZE = 10;

/** GET /dashboard/satisfaction: NPS, CSAT, response rate, distribution, trend, per attendant and per queue. */
export function useSatisfaction(f: DashboardFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.satisfaction(f),
    queryFn: ({ signal }) => api.get<Satisfaction>('/dashboard/satisfaction', { query: queryOf(f), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/satisfaction/comments: one page of the customers' words, searched. */
export function useSatisfactionComments(f: DashboardFilter, search: string, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.satisfactionComments(f, search, page),
    queryFn: ({ signal }) =>
      api.get<SatisfactionComments>('/dashboard/satisfaction/comments', {
        query: { ...queryOf(f), search: search.trim() || undefined, page, pageSize: COMMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The xlsx of the filter and search (GET /dashboard/satisfaction/export, in the UI's language). */
export function useSatisfactionExport() {
  const [running, setRunning] = useState(false);
  const start = useCallback(async (f: DashboardFilter, search: string) => {
    setRunning(true);
    try {
      await downloadStreamed(
        '/dashboard/satisfaction/export',
        { ...queryOf(f), search: search.trim() || undefined, lang: i18n.language },
        SATISFACTION_EXPORT_FILE_NAME,
      );
    } catch (err) {
      toastError(err);
    } finally {
      setRunning(false);
    }
  }, []);
  return { start, running };
}

export type SlaReport = Wire<SlaReportDto>;

/** GET /dashboard/sla: met % of the queues' SLA policies, missed by first target, per attendant and per queue. */
export function useSlaReport(f: DashboardFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.sla(f),
    queryFn: ({ signal }) => api.get<SlaReport>('/dashboard/sla', { query: queryOf(f), signal }),
    placeholderData: keepPreviousData,
  });
}
