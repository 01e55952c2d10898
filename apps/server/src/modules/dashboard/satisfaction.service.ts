/**
 * The satisfaction report (issue 33 item 3; docs/metrics.md "Satisfaction"): NPS, CSAT, response rate, the score
 * distribution, the trend, per attendant and per queue, and the customers' words — for a range of local days of the
 * company's calendar, with the dashboard's permission and the inbox's visibility; exported to xlsx.
 */
import {
  daysBetween,
  type Language,
  SATISFACTION_DAILY_MAX_DAYS,
  type SatisfactionCommentsDto,
  type SatisfactionCommentsQuery,
  type SatisfactionDto,
  type SatisfactionExportQuery,
  type SatisfactionFiguresDto,
  type SatisfactionFilters,
  wallClock,
} from '@atendo/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/open';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { safeCells } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import { loadViewer } from '../tickets/tickets.public';
import * as dash from './dashboard.repository';
import { rangeOf } from './dashboard.service';
import { SATISFACTION_LABELS } from './satisfaction.export';
import * as repo from './satisfaction.repository';

/** The export's comments sheet holds at most this many (newest first), like the audit log's export. */
const EXPORT_MAX_COMMENTS = 50_000;

const round1 = (x: number) => Math.round(x * 10) / 10;
const share = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : null);

/** Counts as the figures the report shows (each rounded once, from the counts). */
export function figuresOf(c: repo.SatisfactionCounts): SatisfactionFiguresDto {
  return {
    asked: c.asked,
    rated: c.rated,
    responseRate: share(c.rated, c.asked),
    nps: share(c.promoters - c.detractors, c.rated),
    csat: share(c.top, c.rated),
    avgRate: c.rated ? round1(c.sum / c.rated) : null,
    promoters: c.promoters,
    passive: c.passive,
    detractors: c.detractors,
  };
}

/** The range of local days and the filters with the inbox's visibility (the satisfaction and SLA reports). */
export async function reportScope(db: Db, ctx: TenantContext, q: SatisfactionFilters, now: Date) {
  const [viewer, range] = await Promise.all([
    loadViewer(db, ctx),
    dash.boundsOf(db, rangeOf(q, ctx.company.timezone || 'America/Sao_Paulo', now)),
  ]);
  return { range, filters: { queueIds: q.queueIds, userIds: q.userIds, viewer } };
}

export function createSatisfactionService(deps: CoreDeps, opts: { now?: () => Date } = {}) {
  const { db } = deps.database;
  const now = opts.now ?? (() => new Date());

  const scope = (ctx: TenantContext, q: SatisfactionFilters) => reportScope(db, ctx, q, now());

  async function report(ctx: TenantContext, q: SatisfactionFilters): Promise<SatisfactionDto> {
    const { range, filters } = await scope(ctx, q);
    const by = daysBetween(range.from, range.to) >= SATISFACTION_DAILY_MAX_DAYS ? 'week' : 'day';
    const { total, attendants, queues, distribution, trend } = await repo.satisfactionFigures(db, ctx, range, filters, by);
    const byRated = (a: repo.SatisfactionGroup, b: repo.SatisfactionGroup) =>
      b.rated - a.rated || (a.name ?? '').localeCompare(b.name ?? '', 'pt') || (a.id ?? 0) - (b.id ?? 0);
    const group = (g: repo.SatisfactionGroup) => ({ id: g.id, name: g.name, ...figuresOf(g) });
    return {
      range: { from: range.from, to: range.to, timezone: range.timezone },
      totals: figuresOf(total),
      distribution,
      trend: {
        by,
        points: trend.map((p) => {
          const f = figuresOf(p);
          return { day: p.day, rated: f.rated, nps: f.nps, csat: f.csat, avgRate: f.avgRate };
        }),
      },
      attendants: attendants.sort(byRated).map(group),
      queues: queues.sort(byRated).map(group),
    };
  }

  return {
    report,

    async comments(ctx: TenantContext, q: SatisfactionCommentsQuery): Promise<SatisfactionCommentsDto> {
      const { range, filters } = await scope(ctx, q);
      const offset = (q.page - 1) * q.pageSize;
      const { comments, count } = await repo.satisfactionComments(db, ctx, range, filters, {
        search: q.search,
        limit: q.pageSize,
        offset,
      });
      return { comments, count, hasMore: offset + comments.length < count };
    },

    /** The report as .xlsx (a summary sheet, the attendants, the queues, the trend and the customers' words). */
    async exportXlsx(ctx: TenantContext, q: SatisfactionExportQuery, language: Language): Promise<Buffer> {
      recordAudit(deps, ctx, { action: 'satisfaction.export', entity: 'satisfactionReport', after: q });
      const { range, filters } = await scope(ctx, q);
      const [data, words] = await Promise.all([
        report(ctx, q),
        repo.satisfactionComments(db, ctx, range, filters, { search: q.search, limit: EXPORT_MAX_COMMENTS, offset: 0 }),
      ]);
      const l = SATISFACTION_LABELS[language];
      const wb = new ExcelJS.Workbook();
      const bold = (row: ExcelJS.Row) => {
        row.font = { bold: true };
      };
      const summary = wb.addWorksheet(l.sheets.summary);
      summary.columns = [{ width: 30 }, { width: 16 }];
      const t = data.totals;
      for (const [label, value] of [
        [l.period, `${range.from} – ${range.to}`],
        [l.asked, t.asked],
        [l.rated, t.rated],
        [l.responseRate, t.responseRate ?? ''],
        [l.nps, t.nps ?? ''],
        [l.csat, t.csat ?? ''],
        [l.avgRate, t.avgRate ?? ''],
        [l.promoters, t.promoters],
        [l.passive, t.passive],
        [l.detractors, t.detractors],
      ] as const)
        summary.addRow(safeCells([label, value]));
      summary.addRow([]);
      bold(summary.addRow(safeCells([l.score, l.answers])));
      for (const [score, n] of data.distribution.entries()) summary.addRow([score, n]);

      const groupSheet = (name: string, first: string, rows: SatisfactionDto['attendants']) => {
        const sheet = wb.addWorksheet(name);
        sheet.columns = [{ width: 28 }, ...Array.from({ length: 9 }, () => ({ width: 14 }))];
        bold(sheet.addRow(safeCells([first, ...l.groupHeaders])));
        for (const g of rows)
          sheet.addRow(
            safeCells([
              g.name ?? l.none,
              g.asked,
              g.rated,
              g.responseRate ?? '',
              g.nps ?? '',
              g.csat ?? '',
              g.avgRate ?? '',
              g.promoters,
              g.passive,
              g.detractors,
            ]),
          );
      };
      groupSheet(l.sheets.attendants, l.attendant, data.attendants);
      groupSheet(l.sheets.queues, l.queue, data.queues);

      const trend = wb.addWorksheet(l.sheets.trend);
      trend.columns = [{ width: 14 }, { width: 12 }, { width: 12 }, { width: 12 }, { width: 12 }];
      bold(trend.addRow(safeCells([data.trend.by === 'week' ? l.week : l.day, l.rated, l.nps, l.csat, l.avgRate])));
      for (const p of data.trend.points) trend.addRow([p.day, p.rated, p.nps ?? '', p.csat ?? '', p.avgRate ?? '']);

      const sheet = wb.addWorksheet(l.sheets.words);
      sheet.columns = [
        { width: 9 },
        { width: 17, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
        { width: 24 },
        { width: 20 },
        { width: 16 },
        { width: 7 },
        { width: 60 },
      ];
      bold(sheet.addRow(safeCells(l.wordsHeaders)));
      const tz = ctx.company.timezone;
      for (const c of words.comments) {
        const w = wallClock(c.ratedAt, tz);
        const local = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
        sheet.addRow(safeCells([c.ticketId, local, c.contactName, c.userName ?? '', c.queueName ?? '', c.rate, c.text]));
      }
      return Buffer.from(await wb.xlsx.writeBuffer());
    },
  };
}

export type SatisfactionService = ReturnType<typeof createSatisfactionService>;
