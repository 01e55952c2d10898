import type { DashboardDto, DashboardTicketsDayDto, DashboardTicketsUsersDto } from '@atendo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { useRefetchOnEvent } from '../../../shared/socket/useRefetchOnEvent';
import { dashboardKeys } from './keys';

/** The dashboard's filter (seed 000 §2, §5): local dates YYYY-MM-DD (both included), queues and attendants. */
export interface DashboardFilter {
  dateFrom: string;
  dateTo: string;
  queueIds: number[];
  userIds: number[];
}

export function queryOf(f: DashboardFilter): Record<string, QueryValue> {
  return {
    date_from: f.dateFrom || undefined,
    date_to: f.dateTo || undefined,
    queueIds: f.queueIds.length ? JSON.stringify(f.queueIds) : undefined,
    userIds: f.userIds.length ? JSON.stringify(f.userIds) : undefined,
  };
}

/** GET /dashboard: counters and attendant rows of the filter. */
export function useDashboard(f: DashboardFilter) {
  return useQuery({
    queryKey: dashboardKeys.counters(f),
    queryFn: ({ signal }) => api.get<DashboardDto>('/dashboard', { query: queryOf(f), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/ticketsUsers: tickets per attendant (chart). */
export function useTicketsPerUser(f: DashboardFilter) {
  return useQuery({
    queryKey: dashboardKeys.ticketsUsers(f),
    queryFn: ({ signal }) => api.get<DashboardTicketsUsersDto>('/dashboard/ticketsUsers', { query: queryOf(f), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/ticketsDay: tickets per hour (one day) or per date (chart). */
export function useTicketsPerDay(f: DashboardFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.ticketsDay(f),
    queryFn: ({ signal }) => api.get<DashboardTicketsDayDto>('/dashboard/ticketsDay', { query: queryOf(f), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A burst of ticket events causes one re-read. */
export const LIVE_REFRESH_MS = 1000;

/**
 * Keeps the "now" counters live: a ticket event (accept, close, a new ticket…) the caller hears re-reads the
 * dashboard once the burst is over. The socket already sits in the caller's queue/admin rooms, where those go.
 */
export function useDashboardLiveRefresh() {
  useRefetchOnEvent('ticket', dashboardKeys.all, LIVE_REFRESH_MS);
}
