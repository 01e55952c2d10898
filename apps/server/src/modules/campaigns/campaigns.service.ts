import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_SETTINGS_DEFAULTS,
  CAMPAIGN_SHIPPINGS_PAGE_SIZE,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignBody,
  type CampaignDto,
  type CampaignReportDto,
  type CampaignSettingsBody,
  type CampaignSettingsDto,
  type CampaignShippingDto,
  type CampaignTemplate,
  CUSTOMER_WINDOW_MS,
  campaignEditable,
  campaignVariants,
  can,
  fillCampaignVariables,
  type MessageTemplateDto,
  missingTemplateVariables,
  renderedTemplateText,
  renderMessageTemplate,
  type TemplateParameters,
  templateVariables,
  V,
} from '@atendo/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { DomainEventMap } from '../../domain-events';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { safeRecord } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import { loadTenantContext } from '../auth/auth.public';
import { ensureWhatsappContact } from '../contacts/contacts.public';
import type { ConversationService } from '../conversation/conversation.service';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import type { TicketsService } from '../tickets/tickets.service';
import { findChannelConnection } from '../whatsapps/whatsapps.public';
import { dispatchCampaignJob } from './campaigns.jobs';
import * as repo from './campaigns.repository';
import { intervalAfter, nextRecurrence, type SendingRules, windowOpensAt } from './campaigns.rules';

type CampaignInput = z.output<typeof import('@atendo/shared').CampaignBody>;
type SettingsInput = z.output<typeof import('@atendo/shared').CampaignSettingsBody>['settings'];

export interface DispatchOptions {
  /** A claim older than this is a dead process's: recovered (never resent). */
  claimLeaseMs?: number;
  /** Stop the loop and re-queue after this long (a job should not hold a worker for ever). */
  maxRunMs?: number;
  /** In-process waits up to this long; longer ones re-queue the job at that time. */
  maxSleepMs?: number;
  now?: () => Date;
}

export type DispatchResult = { sent: number; state: 'stopped' | 'finished' | 'waiting'; until?: Date };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Campaigns (seed 002 §2.3, §3, §4, §7 "Campaigns"): CRUD, status machine, settings, dispatch and report. */
export function createCampaignsService(
  deps: CoreDeps,
  conversation: Pick<ConversationService, 'sendToContact'>,
  tickets: Pick<TicketsService, 'update' | 'closeQuietly'>,
  templates: Pick<MessageTemplatesService, 'usable'>,
  defaults: DispatchOptions = {},
) {
  const { db } = deps.database;

  /**
   * Companies known to have sent campaigns: most companies' customer messages then cost the reply reaction nothing.
   * A yes is kept 5 minutes (and set at once by this process's own sends), a no 10 seconds.
   */
  const sentCampaigns = new Map<number, { yes: boolean; until: number }>();
  async function mayHaveCampaignReplies(companyId: number) {
    const known = sentCampaigns.get(companyId);
    if (known && known.until > Date.now()) return known.yes;
    const yes = await repo.hasSentCampaigns(db, { companyId });
    if (sentCampaigns.size > 10_000) sentCampaigns.clear();
    sentCampaigns.set(companyId, { yes, until: Date.now() + (yes ? 300_000 : 10_000) });
    return yes;
  }

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

  async function settingsOf(companyId: number): Promise<CampaignSettingsDto> {
    const row = await repo.findSettings(db, { companyId });
    if (!row) return { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
    return {
      messageInterval: row.messageInterval,
      longerIntervalAfter: row.longerIntervalAfter,
      greaterInterval: row.greaterInterval,
      variables: row.variables,
      sabado: row.sabado,
      domingo: row.domingo,
      startHour: row.startHour,
      endHour: row.endHour,
    };
  }

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

  async function kick(companyId: number, campaignId: number, startAfter?: Date) {
    await deps.jobs.send(
      dispatchCampaignJob,
      { companyId, campaignId },
      { singletonKey: `campaign-${campaignId}`, ...(startAfter ? { startAfter } : {}) },
    );
  }

  // ─── Dispatch ─────────────────────────────────────────────────────────

  /** The context a campaign sends as: its user, else its author (a job has no caller). */
  async function senderOf(c: repo.CampaignRow) {
    for (const id of [c.userId, c.createdById]) {
      if (!id) continue;
      const ctx = await loadTenantContext(db, id);
      if (ctx && ctx.companyId === c.companyId) return ctx;
    }
    return null;
  }

  /** Opens the run: expands the audience (idempotent) and sends what is due. */
  async function startRun(companyId: number, c: repo.CampaignRow) {
    const variants = campaignVariants(c);
    await repo.expand(db, { companyId }, { ...c, variants: Math.max(1, variants.length) });
  }

  async function finish(companyId: number, c: repo.CampaignRow, now: Date) {
    const next = nextRecurrence(c, c.scheduledAt ?? now);
    const done = next
      ? await repo.moveStatus(db, { companyId }, c.id, ['EM_ANDAMENTO'], {
          status: 'PROGRAMADA',
          completedAt: now,
          scheduledAt: next,
          run: c.run + 1,
          runSent: 0,
          nextSendAt: null,
          recurrenceExecuted: c.recurrenceExecuted + 1,
        })
      : await repo.moveStatus(db, { companyId }, c.id, ['EM_ANDAMENTO'], {
          status: 'FINALIZADA',
          completedAt: now,
          recurrenceExecuted: c.recurrenceExecuted + (c.isRecurrent ? 1 : 0),
        });
    if (done) await published(companyId, c.id, 'update');
    if (done && !c.isRecurrent) await deps.events.publish('campaign.finished', { companyId, campaignId: c.id });
  }

  /** Sends one claimed record: the confirmation question, or the campaign message; leaves the ticket as the campaign says. */
  async function sendOne(
    ctx: TenantContext,
    c: repo.CampaignRow,
    rec: repo.ShippingRow,
    token: string,
    confirming: boolean,
    template?: CampaignTemplate,
  ) {
    try {
      const contactId = rec.contactId ?? (await ensureWhatsappContact(db, ctx, rec)).row.id;
      if (!rec.contactId) await repo.setShippingContact(db, rec.id, token, contactId);
      sentCampaigns.set(ctx.companyId, { yes: true, until: Date.now() + 300_000 });
      const out = await conversation.sendToContact(ctx, {
        contactId,
        whatsappId: c.whatsappId,
        queueId: c.queueId,
        body: rec.body ?? '',
        media: !confirming && !template && c.mediaPath ? { path: c.mediaPath, name: c.mediaName } : null,
        ...(template ? { template } : {}),
      });
      await repo.settleShipping(
        db,
        rec.id,
        token,
        confirming
          ? {
              status: 'confirmation',
              confirmationRequestedAt: new Date(),
              confirmationMessageId: out.message.id,
              ticketId: out.ticketId,
            }
          : { status: 'sent', sentAt: new Date(), messageId: out.message.id, ticketId: out.ticketId, claimToken: null },
      );
      // openTicket disabled: the conversation is not left open (closed); enabled: it takes statusTicket, user, queue.
      // Closed by the campaign is no attendance: no rating question, no farewell (tickets.closeQuietly).
      const status = c.openTicket === 'enabled' ? c.statusTicket : 'closed';
      if (status === 'closed') {
        await tickets.closeQuietly(ctx, out.ticketId, 'campaign').catch(() => {}); // the message is out; the rest is a courtesy
      } else if (status !== 'open' || c.userId) {
        await tickets
          .update(ctx, out.ticketId, {
            status: status as 'open' | 'pending',
            ...(status === 'open' && c.userId ? { userId: c.userId } : {}),
            ...(status === 'pending' ? { userId: null } : {}),
            ...(c.queueId ? { queueId: c.queueId } : {}),
            sendFarewellMessage: false,
          })
          .catch(() => {}); // the message is out; the ticket's state is a courtesy
      }
    } catch (err) {
      const reason = err instanceof AppError ? err.code : 'ERR_INTERNAL';
      await repo.settleShipping(db, rec.id, token, { status: 'failed', failedReason: reason, claimToken: null });
    }
  }

  /**
   * A variant's template for one recipient: its values filled from the recipient's row (the same variables as a text),
   * and the text the customer sees — or why it cannot go (not approved any more, a value empty for this row), which
   * fails that recipient for good. The stored template is read once per loop (`stored`).
   */
  async function fillTemplate(
    ctx: TenantContext,
    c: repo.CampaignRow,
    tpl: CampaignTemplate,
    rec: repo.ShippingRow,
    variables: { key: string; value: string }[],
    stored: Map<string, MessageTemplateDto | string>,
  ): Promise<{ body: string; template: CampaignTemplate } | { body: string; failed: string }> {
    const key = `${tpl.name}:${tpl.language}`;
    if (!stored.has(key)) {
      stored.set(
        key,
        await templates.usable(ctx, c.whatsappId ?? 0, tpl).catch((err) => (err instanceof AppError ? err.code : 'ERR_INTERNAL')),
      );
    }
    const template = stored.get(key)!;
    if (typeof template === 'string') return { body: tpl.name, failed: template };
    const parameters: TemplateParameters = {};
    for (const v of templateVariables(template)) {
      const values = parameters[v.component] ?? [];
      values[v.index - 1] = fillCampaignVariables(tpl.parameters[v.component]?.[v.index - 1] ?? '', rec, variables).trim();
      parameters[v.component] = values;
    }
    const body = renderedTemplateText(renderMessageTemplate(template, parameters));
    if (missingTemplateVariables(template, parameters).length) return { body, failed: 'ERR_TEMPLATE_PARAMETERS' };
    return { body, template: { name: tpl.name, language: tpl.language, parameters } };
  }

  /**
   * One campaign's sending loop: each message takes the campaign's slot (so intervals hold across workers) and then
   * one record (pending → claimed by compare-and-set, so no record is sent twice); cancel is seen before each send.
   */
  async function dispatch(companyId: number, campaignId: number, opts: DispatchOptions = {}): Promise<DispatchResult> {
    const o = { claimLeaseMs: 60_000, maxRunMs: 50_000, maxSleepMs: 2_000, ...defaults, ...opts };
    const clock = o.now ?? (() => new Date());
    const started = Date.now();
    let sent = 0;
    let ctx: TenantContext | null = null;
    let rules: (SendingRules & { variables: { key: string; value: string }[] }) | null = null;
    let recovered = false;
    const stored = new Map<string, MessageTemplateDto | string>();
    // the campaign row is read again after a wait or a lost slot; a cancel makes the slot's compare-and-set fail
    let c: repo.CampaignRow | null = null;
    for (;;) {
      if (!c) {
        c = await repo.findForDispatch(db, { companyId }, campaignId);
        if (c?.status !== 'EM_ANDAMENTO') return { sent, state: 'stopped' };
      }
      rules ??= await settingsOf(companyId);
      ctx ??= await senderOf(c);
      if (!ctx) {
        await repo.moveStatus(db, { companyId }, c.id, ['EM_ANDAMENTO'], { status: 'CANCELADA' });
        await published(companyId, c.id, 'update');
        return { sent, state: 'stopped' };
      }
      if (!recovered) {
        await repo.recoverStaleClaims(db, c.id, o.claimLeaseMs);
        recovered = true;
      }
      const now = clock();
      const opens = windowOpensAt(now, rules, ctx.company.timezone);
      const wait = opens ?? (c.nextSendAt && c.nextSendAt > now ? c.nextSendAt : null);
      if (wait) {
        const ms = wait.getTime() - now.getTime();
        if (ms > o.maxSleepMs || Date.now() - started > o.maxRunMs) return { sent, state: 'waiting', until: wait };
        await sleep(ms);
        c = null;
        continue;
      }
      const rec = await repo.nextPending(db, c, 0);
      if (!rec) {
        await repo.syncFromMessages(db, c.id);
        if ((await repo.nextPending(db, c, 0)) !== null) {
          c = null; // a confirmation came in
          continue;
        }
        if ((await repo.openCount(db, c)) === 0) {
          await finish(companyId, c, now);
          return { sent, state: 'finished' };
        }
        return { sent, state: 'waiting', until: new Date(now.getTime() + 5_000) };
      }
      const nextSendAt: Date = new Date(now.getTime() + intervalAfter(c.runSent + 1, rules) * 1000);
      if (!(await repo.claimSlot(db, c, nextSendAt))) {
        c = null;
        continue;
      }
      c = { ...c, runSent: c.runSent + 1, nextSendAt };
      const confirming = c.confirmation && !rec.confirmationRequestedAt;
      const token = randomUUID();
      // A variant's template is its first message to the recipient (the confirmation question when one is asked);
      // after a confirmation the customer has written, so the text goes out inside their window.
      const tpl = confirming || !c.confirmation ? c.templates[rec.variant - 1] : null;
      if (tpl) {
        const filled = await fillTemplate(ctx, c, tpl, rec, rules.variables, stored);
        const claimed = await repo.claimShipping(db, rec.id, token, filled.body);
        if (!claimed) continue;
        if ('failed' in filled) {
          await repo.settleShipping(db, rec.id, token, { status: 'failed', failedReason: filled.failed, claimToken: null });
        } else await sendOne(ctx, c, claimed, token, confirming, filled.template);
      } else {
        const text =
          (confirming ? c[`confirmationMessage${rec.variant}` as 'confirmationMessage1'] : '') ||
          c[`message${rec.variant}` as 'message1'];
        const claimed = await repo.claimShipping(db, rec.id, token, fillCampaignVariables(text, rec, rules.variables));
        if (!claimed) continue;
        await sendOne(ctx, c, claimed, token, confirming);
      }
      sent++;
      if (sent % 50 === 0) await published(companyId, c.id, 'update');
      if (Date.now() - started > o.maxRunMs) return { sent, state: 'waiting', until: clock() };
    }
  }

  /** A change of a campaign's row, published and recorded (before: the row as it was). */
  async function audited(ctx: TenantContext, action: AuditAction, before: repo.CampaignItem) {
    const after = (await published(ctx.companyId, before.id, 'update'))!;
    recordAudit(deps, ctx, { action, entity: 'campaign', entityId: before.id, before: toDto(before), after });
    return after;
  }

  return {
    dispatch,

    /** The `message.status` reaction (src/composition.ts): a campaign message's ack counts, also after FINALIZADA. */
    async countAck(e: DomainEventMap['message.status']) {
      if (!(await mayHaveCampaignReplies(e.companyId))) return;
      await repo.applyMessageAck(db, { companyId: e.companyId }, e.messageId);
    },

    /** The `message.received` reaction: a customer's message after a campaign message is its reply, also after FINALIZADA. */
    async countReply(e: DomainEventMap['message.received']) {
      const m = e.message;
      if (m.fromMe || e.ticket.isGroup || !m.whatsappId || !(await mayHaveCampaignReplies(e.companyId))) return;
      await repo.recordReply(
        db,
        { companyId: e.companyId },
        { contactId: e.contact.id, whatsappId: m.whatsappId, messageId: m.id, at: m.createdAt },
      );
    },

    /** The job: one loop, then the next job at the time the rules say (pg-boss keeps one queued per campaign). */
    async runDispatchJob(p: { companyId: number; campaignId: number }) {
      const r = await dispatch(p.companyId, p.campaignId);
      if (r.sent) await published(p.companyId, p.campaignId, 'update');
      if (r.state === 'waiting') await kick(p.companyId, p.campaignId, r.until);
    },

    /** The tick (every minute): due PROGRAMADA campaigns start; running ones are woken (a lost job, a restart). */
    async tick(now = new Date()) {
      for (const d of await repo.dueScheduled(db, now)) {
        const c = await repo.findForDispatch(db, { companyId: d.companyId }, d.id);
        if (!c) continue;
        if (
          !(await repo.moveStatus(db, { companyId: d.companyId }, c.id, ['PROGRAMADA'], {
            status: 'EM_ANDAMENTO',
            runSent: 0,
            nextSendAt: null,
          }))
        )
          continue;
        await startRun(d.companyId, c);
        await published(d.companyId, c.id, 'update');
      }
      for (const r of await repo.running(db)) {
        await repo.syncFromMessages(db, r.id);
        await kick(r.companyId, r.id);
      }
    },

    // ─── Settings ───────────────────────────────────────────────────────

    async getSettings(ctx: TenantContext) {
      gate(ctx);
      return settingsOf(ctx.companyId);
    },

    async saveSettings(ctx: TenantContext, s: SettingsInput) {
      gate(ctx);
      const current = await settingsOf(ctx.companyId);
      await repo.saveSettings(db, ctx, {
        ...current,
        ...Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)),
      });
      const after = await settingsOf(ctx.companyId);
      recordAudit(deps, ctx, { action: 'campaignSetting.update', entity: 'campaignSetting', before: current, after });
      return after;
    },

    // ─── CRUD ───────────────────────────────────────────────────────────

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
      await startRun(ctx.companyId, { ...row, status: 'EM_ANDAMENTO' });
      await kick(ctx.companyId, id);
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

    // ─── Report ─────────────────────────────────────────────────────────

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

export type CampaignsService = ReturnType<typeof createCampaignsService>;
export type { CampaignBody, CampaignSettingsBody };
