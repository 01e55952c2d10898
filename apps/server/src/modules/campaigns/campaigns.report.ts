import { CAMPAIGN_SHIPPINGS_PAGE_SIZE, type CampaignReportDto, type CampaignShippingDto } from '@atendo/shared';
import ExcelJS from 'exceljs';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { safeRecord } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import type { CampaignRecordCore } from './campaigns.records';
import * as repo from './campaigns.repository';

/** A campaign's report (seed 002 §7): the run's totals and timeline, its recipients, their export. */
export function campaignReport(deps: CoreDeps, core: CampaignRecordCore) {
  const { db } = deps.database;
  const { gate, toDto, mustFind } = core;

  return {
    async report(ctx: TenantContext, id: number): Promise<CampaignReportDto> {
      gate(ctx);
      const row = await mustFind(ctx, id);
      if (row.status === 'EM_ANDAMENTO') await repo.syncFromMessages(db, id);
      const run = { id, run: row.status === 'PROGRAMADA' && row.run > 1 ? row.run - 1 : row.run };
      const [totals, timeline] = await Promise.all([repo.totals(db, ctx, run), repo.timeline(db, ctx, run)]);
      return { campaign: toDto(row), totals, timeline };
    },

    async shippings(
      ctx: TenantContext,
      id: number,
      q: { searchParam?: string; pageNumber: number; status?: string; run?: number },
    ) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      const p = await repo.listShippings(db, ctx, {
        campaignId: id,
        run: q.run ?? (row.status === 'PROGRAMADA' && row.run > 1 ? row.run - 1 : row.run),
        search: q.searchParam || undefined,
        status: q.status,
        offset: (q.pageNumber - 1) * CAMPAIGN_SHIPPINGS_PAGE_SIZE,
        limit: CAMPAIGN_SHIPPINGS_PAGE_SIZE,
      });
      return { records: p.items.map(toShippingDto), hasMore: p.hasMore, count: p.count };
    },

    /** GET /campaigns/:id/report/export: every recipient of the run as .xlsx. */
    async exportShippings(ctx: TenantContext, id: number): Promise<Buffer> {
      gate(ctx);
      const row = await mustFind(ctx, id);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Campanha');
      sheet.columns = [
        { header: 'Nome', key: 'name', width: 28 },
        { header: 'Numero', key: 'number', width: 18 },
        { header: 'Email', key: 'email', width: 28 },
        { header: 'Status', key: 'status', width: 14 },
        { header: 'Variante', key: 'variant', width: 9 },
        { header: 'Enviada', key: 'sentAt', width: 20 },
        { header: 'Entregue', key: 'deliveredAt', width: 20 },
        { header: 'Lida', key: 'readAt', width: 20 },
        { header: 'Respondeu', key: 'repliedAt', width: 20 },
        { header: 'Falha', key: 'failedReason', width: 24 },
      ];
      const run = row.status === 'PROGRAMADA' && row.run > 1 ? row.run - 1 : row.run;
      for (let page = 0; ; page++) {
        const p = await repo.listShippings(db, ctx, { campaignId: id, run, offset: page * 5000, limit: 5000 });
        for (const s of p.items) sheet.addRow(safeRecord({ ...s, failedReason: s.failedReason ?? '' }));
        if (!p.hasMore) break;
      }
      recordAudit(deps, ctx, { action: 'campaign.export', entity: 'campaign', entityId: id, after: { run } });
      return Buffer.from(await book.xlsx.writeBuffer());
    },
  };
}

export const toShippingDto = (s: repo.ShippingRow): CampaignShippingDto => ({
  id: s.id,
  run: s.run,
  number: s.number,
  name: s.name,
  email: s.email,
  status: s.status as CampaignShippingDto['status'],
  variant: s.variant,
  body: s.body,
  confirmationRequestedAt: s.confirmationRequestedAt,
  confirmedAt: s.confirmedAt,
  sentAt: s.sentAt,
  deliveredAt: s.deliveredAt,
  readAt: s.readAt,
  repliedAt: s.repliedAt,
  failedReason: s.failedReason,
  ticketId: s.ticketId,
});
