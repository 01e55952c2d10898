import { REPORT_EXPORT_FILE_NAME, type TicketReportPageDto, type TicketReportTotalsDto, type TicketStatus } from '@atendo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api, type QueryValue } from '../../../shared/api/client';
import { type DownloadProgress, downloadStreamed } from '../../../shared/api/download';
import { toastError } from '../../../shared/api/errors';
import type { Wire } from '../../../shared/data/tickets/types';
import i18n from '../../../shared/i18n';
import { useRefetchOnEvent } from '../../../shared/socket/useRefetchOnEvent';
import { reportKeys } from './keys';

/** The report's filters as the page holds them (seed 001 §7 "Report"). */
export interface ReportFilters {
  searchParam: string;
  contactIds: number[];
  whatsappIds: number[];
  tags: number[];
  users: number[];
  queueIds: number[];
  status: TicketStatus[];
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
  /** Tickets that missed their queue's SLA (decision 105). */
  slaBreached: boolean;
}

export type ReportPage = Wire<TicketReportPageDto>;
export type ReportRow = ReportPage['tickets'][number];

/** The query string of the seed's report call: lists as JSON arrays, empty ones left out. */
export function reportQuery(f: ReportFilters): Record<string, QueryValue> {
  const list = (v: readonly (number | string)[]) => (v.length ? JSON.stringify(v) : undefined);
  return {
    searchParam: f.searchParam.trim() || undefined,
    contactId: list(f.contactIds),
    whatsappId: list(f.whatsappIds),
    tags: list(f.tags),
    users: list(f.users),
    queueIds: list(f.queueIds),
    status: list(f.status),
    dateFrom: f.dateFrom || undefined,
    dateTo: f.dateTo || undefined,
    onlyRated: f.onlyRated ? 'true' : undefined,
    slaBreached: f.slaBreached ? 'true' : undefined,
  };
}

/**
 * GET /ticketreport/totals: every total of the filtered report, read once per set of filters (paging does not read
 * it again); the previous figures stay on screen while new ones load.
 */
export function useTicketReportTotals(filters: ReportFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: reportKeys.totals(filters),
    queryFn: ({ signal }) => api.get<TicketReportTotalsDto>('/ticketreport/totals', { query: reportQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /ticketreport/reports: one page and the report's counts; the previous page stays on screen while the next loads. */
export function useTicketReport(filters: ReportFilters, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: reportKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<ReportPage>('/ticketreport/reports', { query: { ...reportQuery(filters), page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How long ticket events are gathered before the shown page is read again (a busy inbox sends many). */
export const REPORT_REFRESH_MS = 10_000;

/** A ticket changed (created, accepted, closed, rated…): the shown page and totals are read again, at most every 10 s. */
export function useReportEvents() {
  useRefetchOnEvent('ticket', reportKeys.all, REPORT_REFRESH_MS);
}

/** The Excel export (GET /ticketreport/export, streamed): its progress, and a way to cancel it. */
export function useReportExport() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const start = useCallback(async (filters: ReportFilters) => {
    abort.current = new AbortController();
    setProgress({ bytes: 0, total: null });
    try {
      await downloadStreamed(
        '/ticketreport/export',
        { ...reportQuery(filters), lang: i18n.language },
        REPORT_EXPORT_FILE_NAME,
        setProgress,
        abort.current.signal,
      );
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) toastError(err);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => abort.current?.abort(), []);
  return { start, cancel, progress, running: progress !== null };
}
