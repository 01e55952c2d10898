import { randomUUID } from 'node:crypto';
import {
  type CampaignSettingsDto,
  type CampaignTemplate,
  campaignVariants,
  fillCampaignVariables,
  type MessageTemplateDto,
  missingTemplateVariables,
  renderedTemplateText,
  renderMessageTemplate,
  type TemplateParameters,
  templateVariables,
} from '@atendo/shared';
import type { DomainEventMap } from '../../domain-events';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { loadTenantContext } from '../auth/auth.public';
import { ensureWhatsappContact } from '../contacts/contacts.public';
import type { ConversationService } from '../conversation/conversation.service';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import type { TicketsService } from '../tickets/tickets.service';
import { dispatchCampaignJob } from './campaigns.jobs';
import type { CampaignRecordCore } from './campaigns.records';
import * as repo from './campaigns.repository';
import { intervalAfter, nextRecurrence, type SendingRules, windowOpensAt } from './campaigns.rules';

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

/** A campaign's sending (seed 002 §2.3, §3): the run, its loop, the tick, and the replies and acks it counts. */
export function campaignDispatch(
  deps: CoreDeps,
  ports: {
    conversation: Pick<ConversationService, 'sendToContact'>;
    tickets: Pick<TicketsService, 'update' | 'closeQuietly'>;
    templates: Pick<MessageTemplatesService, 'usable'>;
    defaults: DispatchOptions;
  },
  published: CampaignRecordCore['published'],
  settingsOf: (companyId: number) => Promise<CampaignSettingsDto>,
) {
  const { db } = deps.database;
  const { conversation, tickets, templates, defaults } = ports;

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

  async function kick(companyId: number, campaignId: number, startAfter?: Date) {
    await deps.jobs.send(
      dispatchCampaignJob,
      { companyId, campaignId },
      { singletonKey: `campaign-${campaignId}`, ...(startAfter ? { startAfter } : {}) },
    );
  }

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

  return {
    startRun,
    kick,
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
  };
}

export type CampaignDispatch = ReturnType<typeof campaignDispatch>;
