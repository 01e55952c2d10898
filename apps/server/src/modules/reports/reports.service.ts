import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  isAdmin,
  type Language,
  lgpdHidesNumbers,
  maskPhoneNumber,
  type TicketReportFilters,
  type TicketReportPageDto,
  type TicketReportQuery,
  type TicketReportRowDto,
  type TicketReportTotalsDto,
  type TicketStatus,
  wallClock,
} from '@atendo/shared';
import ExcelJS from 'exceljs';
import { localDayInstants } from '../../db/local-days';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { safeCells } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import { findCompanySettings } from '../settings/settings.public';
import { loadViewer } from '../tickets/tickets.public';
import { REPORT_LABELS } from './reports.export';
import * as repo from './reports.repository';

/** Rows read per statement while exporting (keyset chunks: memory stays flat whatever the report's size). */
export const EXPORT_CHUNK = 2000;

/**
 * A wall-clock reader for one time zone: Excel has no time zones, so a cell holds the company's local time as if it
 * were UTC (what the report shows is what the sheet shows).
 */
function wallClockReader(timezone: string) {
  return (d: Date | null): Date | null => {
    if (!d) return null;
    const w = wallClock(d, timezone);
    return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
  };
}

export function createReportsService(deps: CoreDeps) {
  const { db } = deps.database;

  /** The caller's scope (the inbox's visibility) and whether numbers are masked for them (LGPD, seed 000 §5). */
  async function scopeOf(ctx: TenantContext, f: TicketReportFilters) {
    const timezone = ctx.company.timezone;
    const [viewer, settings, instants] = await Promise.all([
      loadViewer(db, ctx),
      findCompanySettings(db, ctx),
      localDayInstants(db, timezone, { from: f.dateFrom, to: f.dateTo }),
    ]);
    const masks = !isAdmin(ctx.user) && Boolean(settings && lgpdHidesNumbers(settings));
    return { scope: { viewer, timezone, ...instants }, masks };
  }

  const toDto = (r: repo.ReportRow, masks: boolean): TicketReportRowDto => ({
    id: r.id,
    uuid: r.uuid,
    whatsappName: r.whatsappName,
    contactName: r.contactName,
    contactNumber: masks && !r.contactIsGroup ? maskPhoneNumber(r.contactNumber) : r.contactNumber,
    userName: r.userName,
    queueName: r.queueName,
    status: r.status as TicketStatus,
    createdAt: r.createdAt,
    closedAt: r.closedAt,
    supportTime: r.status === 'closed' ? r.supportTime : null,
    NPS: r.NPS,
    slaBreach: r.slaBreach,
  });

  return {
    async page(ctx: TenantContext, q: TicketReportQuery): Promise<TicketReportPageDto> {
      const { scope, masks } = await scopeOf(ctx, q);
      const [{ rows, hasMore }, counts] = await Promise.all([
        repo.reportPage(db, ctx, scope, q, q.page, q.pageSize),
        repo.reportCounts(db, ctx, scope, q),
      ]);
      return { tickets: rows.map((r) => toDto(r, masks)), totalTickets: counts, hasMore };
    },

    /** Every total of the whole filtered report (counts, ratings, support time): once per set of filters. */
    async totals(ctx: TenantContext, f: TicketReportFilters): Promise<TicketReportTotalsDto> {
      const { scope } = await scopeOf(ctx, f);
      return repo.reportTotals(db, ctx, scope, f);
    },

    /** How many rows an export of these filters holds (the client's progress reads it from X-Total-Count). */
    async count(ctx: TenantContext, f: TicketReportFilters): Promise<number> {
      const { scope } = await scopeOf(ctx, f);
      return (await repo.reportCounts(db, ctx, scope, f)).total;
    },

    /**
     * The whole filtered report as .xlsx, streamed: rows are read in keyset chunks and written through exceljs's
     * streaming writer, waiting for the client to take what was written (backpressure) before reading more.
     */
    async exportXlsx(ctx: TenantContext, f: TicketReportFilters, language: Language) {
      const { scope, masks } = await scopeOf(ctx, f);
      // the filters that chose the rows (an export is recorded when it starts; the file is the client's)
      recordAudit(deps, ctx, { action: 'report.export', entity: 'ticketReport', after: f });
      const labels = REPORT_LABELS[language];
      const local = wallClockReader(ctx.company.timezone);
      const out = new PassThrough({ highWaterMark: 256 * 1024 });
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(labels.sheet);
      sheet.columns = [
        { width: 9 },
        { width: 18 },
        { width: 28 },
        { width: 18 },
        { width: 20 },
        { width: 16 },
        { width: 16 },
        { width: 17, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
        { width: 17, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
        { width: 12 },
        { width: 6 },
      ];
      const write = async () => {
        const header = sheet.addRow(safeCells(labels.headers));
        header.font = { bold: true };
        header.commit();
        let after: { createdKey: string; id: number } | null = null;
        for (;;) {
          const chunk = await repo.reportChunk(db, ctx, scope, f, after, EXPORT_CHUNK);
          for (const r of chunk) {
            const d = toDto(r, masks);
            sheet
              .addRow(
                safeCells([
                  d.id,
                  d.whatsappName ?? '',
                  d.contactName,
                  d.contactNumber,
                  d.userName ?? '',
                  d.queueName ?? '',
                  labels.status[d.status],
                  local(d.createdAt),
                  local(d.closedAt),
                  d.supportTime === null ? '' : formatSupport(d.supportTime),
                  d.NPS ?? '',
                  d.slaBreach ? ((labels.slaBreach as Record<string, string>)[d.slaBreach] ?? d.slaBreach) : '',
                ]),
              )
              .commit();
          }
          if (out.writableNeedDrain) await once(out, 'drain');
          if (chunk.length < EXPORT_CHUNK) break;
          const last = chunk[chunk.length - 1];
          after = { createdKey: last.createdKey, id: last.id };
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err) => out.destroy(err));
      return out;
    },
  };
}

/** Minutes as 'HH:MM' for the sheet (hours may pass 24). */
function formatSupport(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export type ReportsService = ReturnType<typeof createReportsService>;
