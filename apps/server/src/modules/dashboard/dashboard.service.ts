/**
 * The dashboard (seed 000 §2, §3, §7; issue 17): counters, attendants and charts of a range of local days in the
 * company's time zone (seed 000 §9: America/Sao_Paulo unless the company says otherwise), filtered by queues and
 * users, and seen as the inbox lets the caller see tickets (a profile user's figures cover only their tickets).
 */
import {
  addDays,
  can,
  type DashboardCountersDto,
  type DashboardDto,
  type DashboardQuery,
  type DashboardTicketsDayDto,
  type DashboardTicketsUsersDto,
  dayIn,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { loadViewer } from '../tickets/tickets.public';
import * as repo from './dashboard.repository';

/**
 * The range a query asks for: `days` = the last N days with today; dates both included; a missing end is today, a
 * missing start the first day of the end's month (so no parameter at all = this month to today, seed 000 §9).
 */
export function rangeOf(q: DashboardQuery, timezone: string, now = new Date()): repo.DashboardRange {
  const today = dayIn(now, timezone);
  const fromDate = q.date_from ?? q.initialDate;
  const toDate = q.date_to ?? q.finalDate;
  if (!fromDate && !toDate && q.days !== undefined) return { from: addDays(today, 1 - q.days), to: today, timezone };
  const to = toDate ?? today;
  return { from: fromDate ?? `${to.slice(0, 8)}01`, to, timezone };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const perc = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : 0);
const minutes = (x: number | null) => (x === null ? null : round1(x));

export function createDashboardService(deps: CoreDeps) {
  const { db } = deps.database;

  async function scope(ctx: TenantContext, q: DashboardQuery) {
    if (!can(ctx.user, 'dashboard:view')) throw new AppError('ERR_NO_PERMISSION', 403);
    const [viewer, range] = await Promise.all([
      loadViewer(db, ctx),
      repo.boundsOf(db, rangeOf(q, ctx.company.timezone || 'America/Sao_Paulo')),
    ]);
    return { range, filters: { queueIds: q.queueIds, userIds: q.userIds, viewer } };
  }

  return {
    async counters(ctx: TenantContext, q: DashboardQuery): Promise<DashboardDto> {
      const { range, filters } = await scope(ctx, q);
      // A user who may not see other users' tickets gets their own row only.
      const onlyUserId = filters.viewer.admin || filters.viewer.canShowAll ? null : ctx.user.id;
      const [created, live, done, leads, users] = await Promise.all([
        repo.createdTickets(db, ctx, range, filters),
        repo.liveTickets(db, ctx, filters),
        repo.finishedAttendances(db, ctx, range, filters),
        repo.leads(db, ctx, range, filters),
        repo.attendantUsers(db, ctx, { userIds: filters.userIds, onlyUserId }),
      ]);
      const d = done.total;
      const counters: DashboardCountersDto = {
        ...live,
        ...created.total,
        supportFinished: d.finished,
        leads,
        avgSupportTime: minutes(d.avgSupportTime),
        avgWaitTime: minutes(d.avgWaitTime),
        // From the counts, rounded once: the difference of two rounded shares can be off by 0.1.
        npsScore: perc(d.promoters - d.detractors, d.rated),
        npsPromotersPerc: perc(d.promoters, d.rated),
        npsPassivePerc: perc(d.passive, d.rated),
        npsDetractorsPerc: perc(d.detractors, d.rated),
        withRating: d.rated,
        withoutRating: d.finished - d.rated,
        percRating: perc(d.rated, d.finished),
      };
      // Active users, and anyone else with figures in the range; most tickets first.
      const attendants = users
        .filter((u) => u.active || created.perUser.has(u.id) || done.perUser.has(u.id))
        .map((u) => {
          const f = done.perUser.get(u.id);
          return {
            id: u.id,
            name: u.name,
            online: u.online,
            tickets: created.perUser.get(u.id)?.tickets ?? 0,
            rating: f?.avgRate == null ? null : round1(f.avgRate),
            countRating: f?.rated ?? 0,
            avgWaitTime: minutes(f?.avgWaitTime ?? null),
            avgSupportTime: minutes(f?.avgSupportTime ?? null),
          };
        })
        .sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name, 'pt') || a.id - b.id);
      return { range: { from: range.from, to: range.to, timezone: range.timezone }, counters, attendants };
    },

    async ticketsUsers(ctx: TenantContext, q: DashboardQuery): Promise<DashboardTicketsUsersDto> {
      const { range, filters } = await scope(ctx, q);
      return { data: await repo.ticketsPerUser(db, ctx, range, filters) };
    },

    async ticketsDay(ctx: TenantContext, q: DashboardQuery): Promise<DashboardTicketsDayDto> {
      const { range, filters } = await scope(ctx, q);
      const by = range.from === range.to ? 'hour' : 'date';
      const rows = await repo.ticketsPerBucket(db, ctx, range, filters, by);
      return {
        by,
        data: rows.map((r) => (by === 'hour' ? { horario: r.key, total: r.total } : { data: r.key, total: r.total })),
        count: rows.reduce((n, r) => n + r.total, 0),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
