import {
  type AuditAction,
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignDto,
  CUSTOMER_WINDOW_MS,
  campaignEditable,
  campaignVariants,
  can,
  missingTemplateVariables,
  V,
} from '@atendo/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { recordAudit } from '../audit/audit.public';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import { findChannelConnection } from '../whatsapps/whatsapps.public';
import type { CampaignDispatch } from './campaigns.dispatch';
import * as repo from './campaigns.repository';

type CampaignInput = z.output<typeof import('@atendo/shared').CampaignBody>;

/** What every part of the campaigns service uses: the permission, the DTO, a row of the company and its publication. */
export function campaignRecordCore(deps: CoreDeps) {
  const { db } = deps.database;

  function gate(ctx: TenantContext) {
    if (!can(ctx.user, 'campaigns:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
  }

  function toDto(r: repo.CampaignItem): CampaignDto {
    return {
      id: r.id,
      name: r.name,
      message1: r.message1,
      message2: r.message2,
      message3: r.message3,
      message4: r.message4,
      message5: r.message5,
      confirmationMessage1: r.confirmationMessage1,
      confirmationMessage2: r.confirmationMessage2,
      confirmationMessage3: r.confirmationMessage3,
      confirmationMessage4: r.confirmationMessage4,
      confirmationMessage5: r.confirmationMessage5,
      status: r.status as CampaignDto['status'],
      confirmation: r.confirmation,
      scheduledAt: r.scheduledAt,
      completedAt: r.completedAt,
      contactListId: r.contactListId,
      contactList: r.contactList,
      tagListId: r.tagListId,
      whatsappId: r.whatsappId,
      whatsapp: r.whatsapp,
      userId: r.userId,
      queueId: r.queueId,
      statusTicket: r.statusTicket,
      openTicket: r.openTicket,
      mediaPath: r.mediaPath,
      mediaName: r.mediaName,
      mediaUrl: r.mediaPath ? deps.mediaUrl(r.mediaPath) : null,
      isRecurrent: r.isRecurrent,
      recurrenceInterval: r.recurrenceInterval,
      recurrenceCount: r.recurrenceCount,
      recurrenceEndDate: r.recurrenceEndDate,
      recurrenceExecuted: r.recurrenceExecuted,
      templates: r.templates,
      run: r.run,
      editable: campaignEditable(r),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findCampaign(db, ctx, id);
    if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404);
    return row;
  }

  async function published(companyId: number, id: number, action: 'create' | 'update') {
    const row = await repo.findCampaign(db, { companyId }, id);
    if (!row) return null;
    const record = toDto(row);
    deps.realtime.publish(companyId, 'campaign', { action, record });
    return record;
  }

  /** A change of a campaign's row, published and recorded (before: the row as it was). */
  async function audited(ctx: TenantContext, action: AuditAction, before: repo.CampaignItem) {
    const after = (await published(ctx.companyId, before.id, 'update'))!;
    recordAudit(deps, ctx, { action, entity: 'campaign', entityId: before.id, before: toDto(before), after });
    return after;
  }

  return { gate, toDto, mustFind, published, audited };
}

export type CampaignRecordCore = ReturnType<typeof campaignRecordCore>;

/** The campaigns' records (seed 002 §4): the list, the form, the status changes by hand and the attachment. */
export function campaignRecords(
  deps: CoreDeps,
  core: CampaignRecordCore,
  templates: Pick<MessageTemplatesService, 'usable'>,
  run: Pick<CampaignDispatch, 'startRun' | 'kick'>,
) {
  const { db } = deps.database;
  const { gate, toDto, mustFind, published, audited } = core;

  async function checkRefs(ctx: TenantContext, b: CampaignInput) {
    if (b.whatsappId && !(await repo.owned(db, ctx, 'whatsapps', b.whatsappId))) throw fieldError('whatsappId', V.invalid);
    if (b.queueId && !(await repo.owned(db, ctx, 'queues', b.queueId))) throw fieldError('queueId', V.invalid);
    if (b.userId && !(await repo.owned(db, ctx, 'users', b.userId))) throw fieldError('userId', V.invalid);
    if (b.tagListId && !(await repo.owned(db, ctx, 'tags', b.tagListId))) throw fieldError('tagListId', V.invalid);
    if (b.contactListId && !(await repo.owned(db, ctx, 'contact_lists', b.contactListId)))
      throw fieldError('contactListId', V.invalid);
  }

  /** The columns of the form; a scheduled time makes an INATIVA campaign PROGRAMADA (and no time, back to INATIVA). */
  function columns(b: CampaignInput) {
    return {
      name: b.name,
      message1: b.message1,
      message2: b.message2,
      message3: b.message3,
      message4: b.message4,
      message5: b.message5,
      confirmationMessage1: b.confirmationMessage1,
      confirmationMessage2: b.confirmationMessage2,
      confirmationMessage3: b.confirmationMessage3,
      confirmationMessage4: b.confirmationMessage4,
      confirmationMessage5: b.confirmationMessage5,
      confirmation: b.confirmation,
      scheduledAt: b.scheduledAt ?? null,
      contactListId: b.contactListId ?? null,
      tagListId: b.tagListId ?? null,
      whatsappId: b.whatsappId ?? null,
      userId: b.userId ?? null,
      queueId: b.queueId ?? null,
      statusTicket: b.statusTicket,
      openTicket: b.openTicket,
      isRecurrent: b.isRecurrent,
      recurrenceInterval: b.recurrenceInterval,
      recurrenceCount: b.recurrenceCount,
      recurrenceEndDate: b.recurrenceEndDate ?? null,
      templates: b.templates.slice(0, 5),
    };
  }

  /**
   * A variant's template (issue 36): only on a Cloud API connection, approved in the connection's stored list, and
   * every variable given a value (a list column, a variable of the company, or fixed text).
   */
  async function checkTemplates(ctx: TenantContext, b: CampaignInput) {
    if (!b.templates.some(Boolean) || !b.whatsappId) return;
    const conn = await findChannelConnection(db, b.whatsappId);
    if (conn?.channel !== 'whatsappapi') throw fieldError('templates', V.invalid);
    for (const [i, t] of b.templates.entries()) {
      if (!t) continue;
      const template = await templates.usable(ctx, b.whatsappId, t);
      const missing = missingTemplateVariables(template, t.parameters);
      if (missing.length) throw fieldError(`templates.${i}.parameters.${missing[0].component}.${missing[0].index}`, V.required);
    }
  }

  /**
   * Issue 36: on a Cloud API connection a campaign starts (or is saved as scheduled) without a template in every variant
   * only when every recipient wrote within 24 hours — Meta refuses free text to anyone else (131047).
   */
  async function requireTemplateOrOpenWindows(
    ctx: TenantContext,
    c: Pick<repo.CampaignRow, 'whatsappId' | 'contactListId' | 'tagListId' | 'templates'> &
      Record<`message${1 | 2 | 3 | 4 | 5}`, string>,
  ) {
    if (!c.whatsappId || campaignVariants(c).every((v) => c.templates[v - 1])) return;
    if ((await findChannelConnection(db, c.whatsappId))?.channel !== 'whatsappapi') return;
    const since = new Date(Date.now() - CUSTOMER_WINDOW_MS);
    const closed = await repo.closedWindows(db, ctx, { ...c, whatsappId: c.whatsappId }, since);
    if (closed > 0) throw new AppError('ERR_CAMPAIGN_TEMPLATE_REQUIRED', 409, { closed });
  }

  return {
    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber: number }) {
      gate(ctx);
      const p = await repo.listCampaigns(db, ctx, {
        search: q.searchParam || undefined,
        offset: (q.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE,
        limit: CAMPAIGNS_PAGE_SIZE,
      });
      return { records: p.items.map(toDto), hasMore: p.hasMore, count: p.count };
    },

    async show(ctx: TenantContext, id: number) {
      gate(ctx);
      return toDto(await mustFind(ctx, id));
    },

    async create(ctx: TenantContext, b: CampaignInput) {
      gate(ctx);
      await checkRefs(ctx, b);
      await checkTemplates(ctx, b);
      const cols = columns(b);
      if (cols.scheduledAt) await requireTemplateOrOpenWindows(ctx, cols);
      const row = await repo.insertCampaign(db, ctx, {
        ...cols,
        status: cols.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
        createdById: ctx.user.id,
      });
      const created = (await published(ctx.companyId, row.id, 'create'))!;
      recordAudit(deps, ctx, { action: 'campaign.create', entity: 'campaign', entityId: row.id, after: created });
      return created;
    },

    /** Seed 002 §4: only an editable campaign is saved (a CANCELADA one too, and it stays CANCELADA). */
    async update(ctx: TenantContext, id: number, b: CampaignInput) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      if (!campaignEditable(row)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409, { status: row.status });
      await checkRefs(ctx, b);
      await checkTemplates(ctx, b);
      const cols = columns(b);
      const status = row.status === 'CANCELADA' ? 'CANCELADA' : cols.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
      if (status === 'PROGRAMADA') await requireTemplateOrOpenWindows(ctx, cols);
      if (!(await repo.moveStatus(db, ctx, id, [row.status], { ...cols, status }))) throw new AppError('ERR_CAMPAIGN_STATE', 409);
      return audited(ctx, 'campaign.update', row);
    },

    async remove(ctx: TenantContext, id: number) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      await repo.deleteCampaign(db, ctx, id);
      recordAudit(deps, ctx, { action: 'campaign.delete', entity: 'campaign', entityId: id, before: toDto(row) });
      await deps.media.remove(row.mediaPath);
      deps.realtime.publish(ctx.companyId, 'campaign', { action: 'delete', id });
    },

    /** EM_ANDAMENTO → CANCELADA (also a PROGRAMADA one not started yet): the loop sees it before its next send. */
    async cancel(ctx: TenantContext, id: number) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      if (!(await repo.moveStatus(db, ctx, id, ['EM_ANDAMENTO', 'PROGRAMADA'], { status: 'CANCELADA' })))
        throw new AppError('ERR_CAMPAIGN_STATE', 409);
      return audited(ctx, 'campaign.cancel', row);
    },

    /**
     * CANCELADA → EM_ANDAMENTO only (seed 002 §2.3; an INATIVA campaign starts by its schedule): the same run continues;
     * records already sent stay sent, new recipients of the list join it.
     */
    async restart(ctx: TenantContext, id: number) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      if (!row.whatsappId) throw fieldError('whatsappId', V.required);
      await requireTemplateOrOpenWindows(ctx, row);
      if (
        !(await repo.moveStatus(db, ctx, id, ['CANCELADA'], {
          status: 'EM_ANDAMENTO',
          nextSendAt: null,
          completedAt: null,
        }))
      )
        throw new AppError('ERR_CAMPAIGN_STATE', 409);
      await run.startRun(ctx.companyId, { ...row, status: 'EM_ANDAMENTO' });
      await run.kick(ctx.companyId, id);
      return audited(ctx, 'campaign.restart', row);
    },

    /** POST /campaigns/:id/media-upload (multipart `file`): an image, video, audio or document sent with the message. */
    async uploadMedia(ctx: TenantContext, id: number, upload: Upload) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      if (!campaignEditable(row)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409);
      const saved = await upload({ companyId: ctx.companyId, kind: 'file', maxBytes: CAMPAIGN_MEDIA_MAX_BYTES });
      await repo.updateCampaign(db, ctx, id, { mediaPath: saved.path, mediaName: saved.filename.slice(0, 200) });
      if (row.mediaPath && row.mediaPath !== saved.path) await deps.media.remove(row.mediaPath);
      return (await published(ctx.companyId, id, 'update'))!;
    },

    async removeMedia(ctx: TenantContext, id: number) {
      gate(ctx);
      const row = await mustFind(ctx, id);
      await repo.updateCampaign(db, ctx, id, { mediaPath: null, mediaName: null });
      await deps.media.remove(row.mediaPath);
      return (await published(ctx.companyId, id, 'update'))!;
    },
  };
}
