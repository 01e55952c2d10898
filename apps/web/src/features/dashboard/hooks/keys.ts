import type { DashboardFilter } from './useDashboard';

/** Every query key of the dashboard domain (one prefix: a ticket event refreshes them all). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  counters: (f: DashboardFilter) => ['dashboard', 'counters', f] as const,
  ticketsUsers: (f: DashboardFilter) => ['dashboard', 'ticketsUsers', f] as const,
  ticketsDay: (f: DashboardFilter) => ['dashboard', 'ticketsDay', f] as const,
  satisfaction: (f: DashboardFilter) => ['dashboard', 'satisfaction', f] as const,
  sla: (f: DashboardFilter) => ['dashboard', 'sla', f] as const,
  satisfactionComments: (f: DashboardFilter, search: string, page: number) =>
    ['dashboard', 'satisfactionComments', f, search, page] as const,
};
