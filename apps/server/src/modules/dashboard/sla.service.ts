/**
 * The SLA report (issue 33 item 2; decision 105; docs/metrics.md "SLA"): per range of local days, queue and
 * attendant, how many tickets met their queue's targets — with the dashboard's permission and the inbox's visibility.
 */
import type { SatisfactionFilters, SlaFiguresDto, SlaReportDto } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { reportScope } from './satisfaction.service';
import * as repo from './sla.repository';

const round1 = (x: number) => Math.round(x * 10) / 10;

export function slaFiguresOf(c: repo.SlaCounts): SlaFiguresDto {
  const met = c.tickets - c.breached;
  return { ...c, met, metRate: c.tickets ? round1((met / c.tickets) * 100) : null };
}

export function createSlaReportService(deps: CoreDeps, opts: { now?: () => Date } = {}) {
  const { db } = deps.database;
  const now = opts.now ?? (() => new Date());
  return {
    async report(ctx: TenantContext, q: SatisfactionFilters): Promise<SlaReportDto> {
      const { range, filters } = await reportScope(db, ctx, q, now());
      const { total, attendants, queues } = await repo.slaFigures(db, ctx, range, filters);
      const byTickets = (a: repo.SlaGroup, b: repo.SlaGroup) =>
        b.tickets - a.tickets || (a.name ?? '').localeCompare(b.name ?? '', 'pt') || (a.id ?? 0) - (b.id ?? 0);
      const group = (g: repo.SlaGroup) => ({ id: g.id, name: g.name, ...slaFiguresOf(g) });
      return {
        range: { from: range.from, to: range.to, timezone: range.timezone },
        totals: slaFiguresOf(total),
        attendants: attendants.sort(byTickets).map(group),
        queues: queues.sort(byTickets).map(group),
      };
    },
  };
}

export type SlaReportService = ReturnType<typeof createSlaReportService>;
