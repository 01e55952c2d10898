import {
  type CloseAllTicketsBody,
  type CompanySettings,
  type CreateTicketBody,
  can,
  isAdmin,
  lgpdHidesNumbers,
  MOMENTS_WINDOW_DAYS,
  type MomentsQuery,
  type TicketDetailDto,
  type TicketListDto,
  type TicketListItemDto,
  type TicketListQuery,
  type UpdateTicketBody,
} from '@atendo/shared';
import type { CloseReason } from '../../domain-events';
import type { Tenant, TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import { loadTenantContext } from '../auth/auth.public';
import type { WhatsappNumberCheck } from '../contacts/contacts.public';
import { findCompanySettings } from '../settings/settings.public';
import { canSeeTicket, type Viewer, viewerOf } from './tickets.access';
import { createTicketAudience, presenter } from './tickets.audience';
import { closeTicket, closeTicketsOfStatus } from './tickets.close';
import { createTicketEffects, LIVE, type TicketOutbound } from './tickets.effects';
import * as repo from './tickets.repository';
import { formatTemplate } from './tickets.templates';
import { asksToTake, type ClosePolicy, createTicketTransitions } from './tickets.transitions';

export type { TicketOutbound } from './tickets.effects';
export type { ClosePolicy } from './tickets.transitions';

type Item = TicketListItemDto & { cursorKey?: string };
type Scope = { id: number; queueId: number | null; userId: number | null; isGroup: boolean };

/** Words of a search as a prefix tsquery (`foo:* & bar:*`); only letters and digits reach to_tsquery. */
export function toPrefixQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return null;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');
}

export function createTicketsService(
  deps: CoreDeps,
  outbound: TicketOutbound,
  closePolicy: ClosePolicy = {},
  /** A new ticket's number is looked up on WhatsApp through its QR connection (ERR_WAPP_INVALID_CONTACT). */
  checkNumber?: WhatsappNumberCheck,
) {
  const { db } = deps.database;
  const ticketAudience = createTicketAudience(db);
  const fx = createTicketEffects(deps, outbound);
  const { otherOpenTicket, log, sendAutomatic, templateVars, checkQueue } = fx;
  const transitions = createTicketTransitions(deps, fx, closePolicy);

  async function viewer(ctx: TenantContext): Promise<Viewer> {
    return viewerOf(ctx, await repo.userQueueIds(db, ctx, ctx.user.id));
  }

  /** The caller's queues and the company's settings in one statement (every list and header needs both). */
  async function viewerAndSettings(ctx: TenantContext): Promise<[Viewer, CompanySettings]> {
    const found = await repo.queuesAndSettings(db, ctx);
    if (!found) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return [viewerOf(ctx, found.queueIds), found.settings];
  }

  async function settingsOf(ctx: TenantContext): Promise<CompanySettings> {
    const s = await findCompanySettings(db, ctx);
    if (!s) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return s;
  }

  /** Seed 000 §5: profile user sees masked numbers (never groups) when LGPD hiding is on; the server masks. */
  function present<T extends Item>(t: T, mask: boolean): T {
    const { cursorKey: _cursor, ...rest } = t;
    return presenter(mask).ticket(rest as T);
  }

  const masksFor = (ctx: TenantContext, s: CompanySettings) => lgpdHidesNumbers(s) && !isAdmin(ctx.user);

  /** Rooms of those who may see the ticket (tickets.audience: the one rule). */
  const audience = (ctx: TenantContext, t: Scope): Promise<string[]> => ticketAudience.roomsOf(ctx, t);

  /** Publishes the ticket as it is now to those who could see it before and those who can see it now. */
  async function publishTicket(ctx: Tenant, id: number, before?: Scope, settings?: CompanySettings) {
    const item = await repo.findTicketItem(db, ctx, id);
    if (!item) return null;
    const heard = await ticketAudience.of(ctx, item, { before, settings });
    deps.realtime.publish(ctx.companyId, 'ticket', { action: 'update', ticket: present(item, heard.masks) }, heard.to);
    return item;
  }

  /** publishTicket for a batch (the assignment rule's): one read of the rows and one of the settings for all. */
  async function publishTickets(ctx: Tenant, list: { id: number; before?: Scope }[]) {
    if (!list.length) return [];
    const settings = (await findCompanySettings(db, ctx)) ?? undefined;
    const items = await repo.findTicketItems(
      db,
      ctx,
      list.map((l) => l.id),
    );
    for (const item of items) {
      const before = list.find((l) => l.id === item.id)?.before;
      const heard = await ticketAudience.of(ctx, item, { before, settings });
      deps.realtime.publish(ctx.companyId, 'ticket', { action: 'update', ticket: present(item, heard.masks) }, heard.to);
    }
    return items;
  }

  async function mustFindVisible(ctx: TenantContext, id: number, v?: Viewer, o: { sayWhoTookIt?: boolean } = {}) {
    const t = await repo.findTicket(db, ctx, id);
    const seer = t ? (v ?? (await viewer(ctx))) : null;
    if (!t || !seer || !canSeeTicket(seer, t)) {
      // Taken meanwhile by a colleague (it was in the caller's queues): say by whom, as accept does (seed 000 §4).
      if (o.sayWhoTookIt && t && seer && LIVE.includes(t.status) && t.userId && canSeeTicket(seer, { ...t, userId: null }))
        return otherOpenTicket(ctx, t);
      throw new AppError('ERR_NO_TICKET_FOUND', 404);
    }
    return t;
  }

  /**
   * The contact's live ticket on the connection (given, else the company's default), or a new open one of the
   * caller — what an outgoing message the attendant did not type in a ticket (a forward, a schedule) goes through.
   */
  async function ticketForContact(
    ctx: TenantContext,
    contact: { id: number; isGroup: boolean },
    connectionId: number | null,
    queueId: number | null,
    fallbackChannel?: string,
  ) {
    const whatsappId = connectionId ?? (await repo.defaultWhatsapp(db, ctx))?.id ?? null;
    if (!whatsappId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
    let target = await repo.findLiveTicket(db, ctx, contact.id, whatsappId);
    if (!target) {
      const conn = await repo.findWhatsapp(db, ctx, whatsappId);
      if (!conn) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      target = await repo.insertTicket(db, ctx, {
        contactId: contact.id,
        whatsappId,
        queueId,
        userId: ctx.user.id,
        status: contact.isGroup ? 'group' : 'open',
        channel: conn.channel ?? fallbackChannel,
        isGroup: contact.isGroup,
        fromMe: true,
      });
      target ??= await repo.findLiveTicket(db, ctx, contact.id, whatsappId);
      if (!target) throw new AppError('ERR_CREATING_TICKET', 409);
      await log(ctx, target.id, 'create', ctx.user.id, queueId);
      await publishTicket(ctx, target.id);
    }
    // The contact waits in a queue (pending): the message still goes out, the ticket keeps its place.
    if (!['open', 'group', 'pending'].includes(target.status)) throw new AppError('ERR_TICKET_STATE', 409);
    return target;
  }

  return {
    viewer,
    mustFindVisible,
    ticketForContact,
    /**
     * A close that ends no attendance (a campaign leaving its own ticket closed): no rating question, no farewell — the
     * customer was not attended, only written to. Answers the closed ticket, or null when it was not live any more.
     */
    async closeQuietly(ctx: TenantContext, id: number, why: CloseReason) {
      const before = await repo.findTicket(db, ctx, id);
      if (!before) return null;
      const closed = await closeTicket(db, ctx, id, { fromStatuses: ['open', 'pending', 'group'], by: ctx.user.id });
      if (!closed) return null;
      await publishTicket(ctx, id, before);
      await deps.events.publish('ticket.closed', { companyId: ctx.companyId, ticket: closed, why, by: ctx.user.id });
      return closed;
    },
    /** A contact of the company (for a use-case that starts from one), or null. */
    findContact: (ctx: Tenant, contactId: number) => repo.findContact(db, ctx, contactId),
    publishTicket,
    publishTickets,
    audience,
    settingsOf,
    present,
    masksFor,

    async list(ctx: TenantContext, q: TicketListQuery): Promise<TicketListDto> {
      const [v, s] = await viewerAndSettings(ctx);
      const term = q.searchParam?.trim();
      const digits = term?.replace(/\D/g, '') ?? '';
      const filters: repo.TicketFilters = {
        statuses: q.status ? [q.status] : q.statusFilter?.length ? q.statusFilter : undefined,
        search: term
          ? {
              words: toPrefixQuery(term),
              digits: digits.length >= 3 ? digits : null,
              ticketId: /^\d{1,9}$/.test(term) ? Number(term) : null,
              inMessages: Boolean(q.searchOnMessages),
            }
          : undefined,
        tagIds: q.tags,
        userIds: q.users && can(ctx.user, 'tickets:showAllUsers') ? q.users : undefined,
        queueIds: q.queueIds,
        whatsappIds: q.whatsapps,
        createdOn: q.date,
        updatedOn: q.updatedAt,
        withUnread: q.withUnreadMessages === true ? true : undefined,
        isGroup: q.isGroup,
        showAll: q.showAll === true,
        timezone: ctx.company.timezone,
      };
      const [sep] = q.cursor ? [q.cursor.lastIndexOf('_')] : [-1];
      const after = q.cursor ? { key: q.cursor.slice(0, sep), id: Number(q.cursor.slice(sep + 1)) } : undefined;
      const page = await repo.listTickets(db, ctx, v, filters, {
        pageSize: q.pageSize,
        offset: (q.pageNumber - 1) * q.pageSize,
        after,
        ascending: q.sortTickets === 'ASC',
      });
      const mask = masksFor(ctx, s);
      return {
        tickets: page.items.map((t) => present(t, mask)),
        hasMore: page.hasMore,
        count: page.count,
        nextCursor: page.nextCursor,
      };
    },

    async showByUuid(ctx: TenantContext, uuid: string): Promise<TicketDetailDto> {
      const [v, s] = await viewerAndSettings(ctx);
      const item = await repo.findTicketItemByUuid(db, ctx, uuid);
      if (!item || !canSeeTicket(v, item)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      const extras = await repo.contactExtras(db, ctx, item.contactId);
      const shown = present(item, masksFor(ctx, s));
      return { ...shown, contact: { ...shown.contact, ...extras } };
    },

    /** A ticket already checked visible, as lists show it. */
    /**
     * The attendant's text with the automatic texts' placeholders filled ({{name}}, {{ms}}, {{protocol}} …):
     * a quick message "Olá {{name}}" reaches the customer as "Olá Ana" (issue 16 item 4).
     */
    async fillPlaceholders(ctx: TenantContext, t: repo.TicketRow, text: string) {
      if (!/\{\{\s*\w+\s*\}\}|\$\{(queue|user)\.name\}/.test(text)) return text;
      return formatTemplate(text, (await templateVars(ctx, t, ctx.user.id)).vars);
    },

    async showVisible(ctx: TenantContext, id: number) {
      const [item, s] = await Promise.all([repo.findTicketItem(db, ctx, id), settingsOf(ctx)]);
      if (!item) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      return present(item, masksFor(ctx, s));
    },

    async show(ctx: TenantContext, id: number) {
      const [v, s] = await viewerAndSettings(ctx);
      const item = await repo.findTicketItem(db, ctx, id);
      if (!item || !canSeeTicket(v, item)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      return present(item, masksFor(ctx, s));
    },

    async logs(ctx: TenantContext, ticketId: number) {
      await mustFindVisible(ctx, ticketId);
      return repo.listLogs(db, ctx, ticketId);
    },

    async create(ctx: TenantContext, b: CreateTicketBody) {
      const contact = await repo.findContact(db, ctx, b.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      await checkQueue(ctx, b.queueId);
      const whatsapp = b.whatsappId ? await repo.findWhatsapp(db, ctx, b.whatsappId) : await repo.defaultWhatsapp(db, ctx);
      if (!whatsapp) throw new AppError(b.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND', 404);
      if (!contact.isGroup && contact.channel === 'whatsapp') await checkNumber?.(ctx, contact.number, whatsapp.id);
      const pending = b.status === 'pending';
      const created = await repo.insertTicket(db, ctx, {
        contactId: contact.id,
        whatsappId: whatsapp.id,
        queueId: b.queueId,
        userId: pending ? null : ctx.user.id,
        status: pending ? 'pending' : contact.isGroup ? 'group' : 'open',
        channel: whatsapp.channel,
        isGroup: contact.isGroup,
        fromMe: true,
      });
      if (!created) {
        // One live ticket per contact and connection: say who holds it (seed 000 §4).
        const live = await repo.findLiveTicket(db, ctx, contact.id, whatsapp.id);
        if (live) return otherOpenTicket(ctx, live);
        throw new AppError('ERR_CREATING_TICKET', 409);
      }
      await log(ctx, created.id, 'create', ctx.user.id, b.queueId);
      const s = await settingsOf(ctx);
      const item = await publishTicket(ctx, created.id, undefined, s);
      return present(item!, masksFor(ctx, s));
    },

    async update(ctx: TenantContext, id: number, b: UpdateTicketBody) {
      const v = await viewer(ctx);
      const t = await repo.findTicket(db, ctx, id);
      if (!t) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      if (!canSeeTicket(v, t)) {
        // Taken by someone else since it was in the caller's pending list: say by whom (seed 000 §4).
        const wasTheirs = canSeeTicket(v, { ...t, userId: null });
        if (asksToTake(b) && LIVE.includes(t.status) && t.userId && wasTheirs) return otherOpenTicket(ctx, t);
        throw new AppError('ERR_NO_TICKET_FOUND', 404);
      }
      const s = await settingsOf(ctx);
      const result = await transitions.apply(ctx, t, b, s);
      if (result.id !== t.id) await publishTicket(ctx, t.id, undefined, s); // closed on transfer
      const item = await publishTicket(ctx, result.id, t.id === result.id ? t : undefined, s);
      if (!item) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      return present(item, masksFor(ctx, s));
    },

    async remove(ctx: TenantContext, id: number) {
      const t = await mustFindVisible(ctx, id);
      const to = await audience(ctx, t);
      if (!(await repo.deleteTicket(db, ctx, t.id))) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      const { status, contactId, userId, queueId, whatsappId, createdAt } = t;
      recordAudit(deps, ctx, {
        action: 'ticket.delete',
        entity: 'ticket',
        entityId: t.id,
        before: { status, contactId, userId, queueId, whatsappId, createdAt },
      });
      deps.realtime.publish(ctx.companyId, 'ticket', { action: 'delete', ticketId: t.id }, to);
    },

    async closeAll(ctx: TenantContext, b: CloseAllTicketsBody) {
      const closed = await closeTicketsOfStatus(db, ctx, { status: b.status, queueIds: b.selectedQueueIds }, ctx.user.id);
      const s = await settingsOf(ctx);
      for (const t of closed) await publishTicket(ctx, t.id, undefined, s);
      for (const t of closed) {
        await deps.events.publish('ticket.closed', { companyId: ctx.companyId, ticket: t, why: 'closeAll', by: ctx.user.id });
      }
      return { closed: closed.length };
    },

    /** The dashboard's per-user view (dashboard:view) and the real-time panel (moments:view). */
    async moments(ctx: TenantContext, q: MomentsQuery) {
      if (!can(ctx.user, 'dashboard:view') && !can(ctx.user, 'moments:view')) throw new AppError('ERR_NO_PERMISSION', 403);
      const [v, s] = await viewerAndSettings(ctx);
      const to = q.dateEnd ? new Date(`${q.dateEnd}T23:59:59.999Z`) : new Date();
      const from = q.dateStart
        ? new Date(`${q.dateStart}T00:00:00.000Z`)
        : new Date(to.getTime() - MOMENTS_WINDOW_DAYS * 86_400_000);
      const items = await repo.listMoments(db, ctx, v, {
        statuses: q.status ? [q.status] : ['open', 'pending', 'group'],
        from,
        to,
        queueIds: q.queueIds,
        userId: q.userId,
        showAll: q.showAll !== false,
      });
      const mask = masksFor(ctx, s);
      return items.map((t) => present(t, mask));
    },

    /**
     * Job: closes attended tickets idle past their connection's expiresTicket (environment default: 24 h), sending
     * expiresInactiveMessage first; and sends inactiveMessage once when the customer is silent for timeInactiveMessage.
     */
    async sweepIdle(): Promise<{ closed: number; reminded: number }> {
      let closed = 0;
      let reminded = 0;
      for (const companyId of await repo.companiesWithOpenTickets(db)) {
        for (const t of await repo.findSilentTickets(db, { companyId })) {
          const ctx = await loadTenantContext(db, t.userId);
          if (!ctx || ctx.companyId !== companyId) continue;
          const ticket = await repo.findTicket(db, ctx, t.id);
          if (!ticket) continue;
          const { vars } = await templateVars(ctx, ticket, t.userId);
          const sent = await outbound.send(ctx, t.id, { body: formatTemplate(t.text, vars) }).catch(() => null);
          if (sent) {
            await repo.markAutomatic(db, { companyId }, sent.id, 'inactive');
            reminded++;
          }
        }
        for (const t of await repo.findIdleTickets(db, { companyId }, deps.config.expiresTicketHours)) {
          const ctx = t.userId ? await loadTenantContext(db, t.userId) : null;
          const owner = ctx && ctx.companyId === companyId ? ctx : null;
          const tenant: Tenant = { companyId };
          const before = await repo.findTicket(db, tenant, t.id);
          if (!before) continue;
          if (owner && t.closingText.trim()) {
            const { vars } = await templateVars(owner, before, t.userId);
            await sendAutomatic(owner, t.id, formatTemplate(t.closingText, vars));
          }
          const closedRow = await closeTicket(db, tenant, t.id, { fromStatuses: [t.status], by: null });
          if (!closedRow) continue;
          await publishTicket(tenant, t.id, before);
          await deps.events.publish('ticket.closed', { companyId, ticket: closedRow, why: 'idleSweep', by: null });
          closed++;
        }
      }
      return { closed, reminded };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
