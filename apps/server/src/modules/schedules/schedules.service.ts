import {
  isAdmin,
  missingTemplateVariables,
  nextSendAt,
  onBusinessDay,
  planAllows,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGE_TYPES,
  SCHEDULES_PAGE_SIZE,
  type ScheduleCreateBody,
  type ScheduleDto,
  type ScheduleListQuery,
  type SchedulePageDto,
  type ScheduleUpdateBody,
  V,
} from '@atendo/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { recordAudit } from '../audit/audit.public';
import { loadTenantContext } from '../auth/auth.public';
import { localClock } from '../automation/automation.public';
import type { ConversationService } from '../conversation/conversation.service';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import { findChannelConnection } from '../whatsapps/whatsapps.public';
import * as repo from './schedules.repository';

type CreateInput = z.output<typeof ScheduleCreateBody>;
type UpdateInput = z.output<typeof ScheduleUpdateBody>;
type ListInput = z.output<typeof ScheduleListQuery>;

export function toScheduleDto(r: repo.ScheduleItem, mediaUrl: (stored: string) => string): ScheduleDto {
  return {
    id: r.id,
    body: r.body,
    sendAt: r.sendAt,
    sentAt: r.sentAt,
    status: r.status as ScheduleDto['status'],
    contactId: r.contactId,
    contact: r.contact,
    ticketId: r.ticketId,
    userId: r.userId,
    user: r.user,
    whatsappId: r.whatsappId,
    queueId: r.queueId,
    intervalUnit: r.intervalUnit,
    intervalValue: r.intervalValue,
    repeatCount: r.repeatCount,
    sentCount: r.sentCount,
    businessDays: r.businessDays,
    signMessage: r.signMessage,
    mediaName: r.mediaName,
    mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
    lastError: r.lastError,
    template: r.template,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** Schedules (seed 000 §5 schedule modal, seed 002 §2.6 calendar): CRUD for the company and the sending sweep. */
export function createSchedulesService(
  deps: CoreDeps,
  conversation: Pick<ConversationService, 'sendToContact'>,
  templates?: Pick<MessageTemplatesService, 'usable'>,
) {
  const { db } = deps.database;
  const DUE_BATCH = 100;

  function gate(ctx: TenantContext) {
    if (!planAllows(ctx.plan, 'useSchedules')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, { feature: 'useSchedules' });
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findSchedule(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  /** A schedule of the company that the caller may change: its author or an admin. */
  async function changeable(ctx: TenantContext, id: number) {
    gate(ctx);
    const row = await mustFind(ctx, id);
    if (row.userId !== ctx.user.id && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION', 403);
    return row;
  }

  /** Related records must be the company's own (another company's, or none, is a field error, never stored). */
  async function checkRefs(
    ctx: TenantContext,
    b: { whatsappId?: number | null; queueId?: number | null; ticketId?: number | null },
  ) {
    if (b.ticketId && !(await repo.ownedIds(db, ctx, 'tickets', [b.ticketId])).has(b.ticketId))
      throw fieldError('ticketId', V.invalid);
    if (b.whatsappId && !(await repo.ownedIds(db, ctx, 'whatsapps', [b.whatsappId])).has(b.whatsappId))
      throw fieldError('whatsappId', V.invalid);
    if (b.queueId && !(await repo.ownedIds(db, ctx, 'queues', [b.queueId])).has(b.queueId))
      throw fieldError('queueId', V.invalid);
  }

  /** A schedule's template (issue 36): on a Cloud API connection only, approved in its stored list, every variable filled. */
  async function checkTemplate(ctx: TenantContext, b: { whatsappId?: number | null; template?: CreateInput['template'] }) {
    if (!b.template) return;
    const conn = b.whatsappId ? await findChannelConnection(db, b.whatsappId) : null;
    if (conn?.channel !== 'whatsappapi' || !templates) throw fieldError('template', V.invalid);
    const template = await templates.usable(ctx, conn.id, b.template);
    const missing = missingTemplateVariables(template, b.template.parameters);
    if (missing.length) throw fieldError(`template.parameters.${missing[0].component}.${missing[0].index}`, V.required);
  }

  /** The weekend rule on the company's calendar (the automation's clock of its time zone). */
  const onCompanyBusinessDay = (at: Date, rule: number, timezone: string) =>
    onBusinessDay(at, rule, (d) => localClock(d, timezone).weekday);
  const sendTime = (ctx: TenantContext, at: Date, rule: number) => onCompanyBusinessDay(at, rule, ctx.company.timezone);

  /** Reads a schedule once after a write, tells the company and answers it. */
  async function published(companyId: number, id: number, action: 'create' | 'update') {
    const row = await repo.findSchedule(db, { companyId }, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    const schedule = toScheduleDto(row, deps.mediaUrl);
    deps.realtime.publish(companyId, 'schedule', { action, schedule });
    return schedule;
  }

  return {
    async list(ctx: TenantContext, q: ListInput): Promise<SchedulePageDto> {
      gate(ctx);
      const page = await repo.listSchedules(db, ctx, {
        search: q.searchParam || undefined,
        contactId: q.contactId,
        status: q.status,
        from: q.from,
        to: q.to,
        offset: (q.pageNumber - 1) * SCHEDULES_PAGE_SIZE,
        limit: SCHEDULES_PAGE_SIZE,
      });
      return { schedules: page.items.map((r) => toScheduleDto(r, deps.mediaUrl)), count: page.count, hasMore: page.hasMore };
    },

    async show(ctx: TenantContext, id: number) {
      gate(ctx);
      return toScheduleDto(await mustFind(ctx, id), deps.mediaUrl);
    },

    async create(ctx: TenantContext, b: CreateInput) {
      gate(ctx);
      const contactIds = [...new Set(b.contactIds)];
      const owned = await repo.ownedIds(db, ctx, 'contacts', contactIds);
      if (contactIds.some((id) => !owned.has(id))) throw fieldError('contactIds', V.selectContact);
      await checkRefs(ctx, b);
      await checkTemplate(ctx, b);
      const sendAt = sendTime(ctx, b.sendAt, b.businessDays);
      const ids = await repo.insertSchedules(
        db,
        contactIds.map((contactId) => ({
          companyId: ctx.companyId,
          contactId,
          ticketId: contactIds.length === 1 ? (b.ticketId ?? null) : null,
          userId: ctx.user.id,
          whatsappId: b.whatsappId ?? null,
          queueId: b.queueId ?? null,
          body: b.body,
          sendAt,
          intervalUnit: b.intervalUnit ?? null,
          intervalValue: b.intervalValue,
          repeatCount: b.intervalUnit ? b.repeatCount : 1,
          businessDays: b.businessDays,
          signMessage: b.signMessage,
          template: b.template ?? null,
        })),
      );
      const out = [];
      for (const { id } of ids) out.push(await published(ctx.companyId, id, 'create'));
      return { schedules: out };
    },

    /** Editing re-arms a schedule: it waits (PENDENTE) for its new time, its sends counted from zero. */
    async update(ctx: TenantContext, id: number, b: UpdateInput) {
      const row = await changeable(ctx, id);
      if (b.contactId && !(await repo.ownedIds(db, ctx, 'contacts', [b.contactId])).has(b.contactId))
        throw fieldError('contactId', V.selectContact);
      await checkRefs(ctx, b);
      const whatsappId = b.whatsappId === undefined ? row.whatsappId : b.whatsappId;
      await checkTemplate(ctx, { whatsappId, template: b.template });
      await repo.updateSchedule(db, ctx, id, {
        contactId: b.contactId ?? row.contactId,
        whatsappId: b.whatsappId === undefined ? row.whatsappId : b.whatsappId,
        queueId: b.queueId === undefined ? row.queueId : b.queueId,
        body: b.body,
        sendAt: sendTime(ctx, b.sendAt, b.businessDays),
        intervalUnit: b.intervalUnit ?? null,
        intervalValue: b.intervalValue,
        repeatCount: b.intervalUnit ? b.repeatCount : 1,
        businessDays: b.businessDays,
        signMessage: b.signMessage,
        template: b.template ?? null,
        messageId: null,
        status: 'PENDENTE',
        sentCount: 0,
        sentAt: null,
        lastError: null,
      });
      return published(ctx.companyId, id, 'update');
    },

    async remove(ctx: TenantContext, id: number) {
      const row = await changeable(ctx, id);
      await repo.deleteSchedule(db, ctx, id);
      recordAudit(deps, ctx, { action: 'schedule.delete', entity: 'schedule', entityId: id, before: row });
      await deps.media.remove(row.mediaPath);
      deps.realtime.publish(ctx.companyId, 'schedule', { action: 'delete', scheduleId: id });
    },

    /** POST /schedules/:id/media-upload (multipart `file`): a png or jpeg image sent with the text (seed 000 §5). */
    async uploadMedia(ctx: TenantContext, id: number, upload: Upload) {
      const row = await changeable(ctx, id);
      const saved = await upload({
        companyId: ctx.companyId,
        kind: 'file',
        maxBytes: SCHEDULE_IMAGE_MAX_BYTES,
        accept: SCHEDULE_IMAGE_TYPES,
      });
      await repo.updateSchedule(db, ctx, id, { mediaPath: saved.path, mediaName: saved.filename.slice(0, 200) });
      if (row.mediaPath && row.mediaPath !== saved.path) await deps.media.remove(row.mediaPath);
      return published(ctx.companyId, id, 'update');
    },

    async removeMedia(ctx: TenantContext, id: number) {
      const row = await changeable(ctx, id);
      await repo.updateSchedule(db, ctx, id, { mediaPath: null, mediaName: null });
      await deps.media.remove(row.mediaPath);
      return published(ctx.companyId, id, 'update');
    },

    /**
     * The sweep (every minute): each due schedule is claimed for one send, then sent as its author through the
     * contact's ticket. A failure marks it ERRO with the reason; a recurrent one moves to its next time first.
     * Answers how many were sent.
     */
    async sendDue(now = new Date()): Promise<number> {
      let sent = 0;
      // one context per author in a sweep (a campaign-like burst has many schedules of the same person)
      const contexts = new Map<number, Promise<TenantContext | null>>();
      const contextOf = (userId: number) => {
        const known = contexts.get(userId);
        if (known) return known;
        const loading = loadTenantContext(db, userId);
        contexts.set(userId, loading);
        return loading;
      };
      for (const row of await repo.dueSchedules(db, now, DUE_BATCH)) {
        const ctx = row.userId ? await contextOf(row.userId) : null;
        const remaining = row.repeatCount - row.sentCount - 1;
        const next =
          row.intervalUnit && remaining > 0
            ? {
                sendAt: onCompanyBusinessDay(
                  nextSendAt(row.sendAt, row.intervalUnit, row.intervalValue),
                  row.businessDays,
                  ctx?.company.timezone ?? 'UTC',
                ),
                status: 'PENDENTE',
              }
            : { sendAt: row.sendAt, status: 'ENVIADA' };
        if (!(await repo.claimSend(db, row, next))) continue;
        try {
          if (!ctx || ctx.companyId !== row.companyId) throw new AppError('ERR_NO_USER_FOUND', 404);
          if (!planAllows(ctx.plan, 'useSchedules')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
          const out = await conversation.sendToContact(ctx, {
            contactId: row.contactId,
            whatsappId: row.whatsappId,
            queueId: row.queueId,
            body: row.body,
            signMessage: row.signMessage,
            media: row.mediaPath && !row.template ? { path: row.mediaPath, name: row.mediaName } : null,
            ...(row.template ? { template: row.template } : {}),
          });
          await repo.recordSend(db, row.id, { ticketId: out.ticketId, messageId: out.message.id });
          sent++;
        } catch (err) {
          const code = err instanceof AppError ? err.code : 'ERR_INTERNAL';
          await repo.recordSend(db, row.id, { error: code });
        }
        await published(row.companyId, row.id, 'update').catch(() => {}); // deleted meanwhile: nothing to tell
      }
      return sent;
    },

    /**
     * The `message.status` reaction: the channel refused a schedule's message after taking it (Meta's 131047 outside
     * the 24-hour window, a template gone) — the schedule is failed with the channel's reason, shown where it is listed.
     */
    async failedSend(e: { companyId: number; messageId: number; failed: boolean }) {
      if (!e.failed) return;
      const id = await repo.failBySentMessage(db, { companyId: e.companyId }, e.messageId);
      if (id) await published(e.companyId, id, 'update').catch(() => {});
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
