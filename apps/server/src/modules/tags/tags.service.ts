import {
  type CreateTagBody,
  isAdmin,
  lgpdHidesNumbers,
  maskPhoneNumber,
  planAllows,
  type SyncContactTagsBody,
  TAGS_PAGE_SIZE,
  type TagFormBody,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import type { KanbanLanes } from '../kanban/kanban.public';
import { findCompanySettings } from '../settings/settings.public';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './tags.repository';

/** Tags as the conversation uses them (seed 000 §7); the tags page and kanban extend this module. */
export function createTagsService(deps: CoreDeps, tickets: TicketsService, lanes?: Pick<KanbanLanes, 'entered'>) {
  const { db } = deps.database;

  async function mustFindTag(ctx: TenantContext, id: number) {
    const tag = await repo.findTag(db, ctx, id);
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
    return tag;
  }

  async function mustFindContact(ctx: TenantContext, contactId: number) {
    if (!(await repo.contactExists(db, ctx, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  }

  /** Seed 002 §9: a random default tag colour. */
  const randomColor = () =>
    `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;

  const laneFields = (b: CreateTagBody) => {
    const out: Partial<{
      position: number;
      timeLane: number;
      nextLaneId: number | null;
      rollbackLaneId: number | null;
      greetingMessageLane: string;
    }> = {};
    if (b.position !== undefined) out.position = b.position ?? 0;
    if (b.timeLane !== undefined) out.timeLane = b.timeLane;
    if (b.nextLaneId !== undefined) out.nextLaneId = b.nextLaneId;
    if (b.rollbackLaneId !== undefined) out.rollbackLaneId = b.rollbackLaneId;
    if (b.greetingMessageLane !== undefined) out.greetingMessageLane = b.greetingMessageLane;
    return out;
  };

  async function checkLanes(ctx: TenantContext, b: CreateTagBody, selfId?: number) {
    const ids = [b.nextLaneId, b.rollbackLaneId].filter((x): x is number => typeof x === 'number' && x !== selfId);
    if (!(await repo.laneIdsExist(db, ctx, ids))) throw new AppError('ERR_NO_TAG_FOUND', 404);
  }

  /** Tags are the company's: every user receives the row with its counts. */
  async function publishTag(ctx: TenantContext, action: 'create' | 'update', id: number) {
    const tag = await repo.tagRow(db, ctx, id);
    if (tag) deps.realtime.publish(ctx.companyId, 'tag', { action, tag });
  }

  return {
    list: (ctx: TenantContext, f: { kanban?: number; searchParam?: string }) =>
      repo.listTags(db, ctx, { kanban: f.kanban, search: f.searchParam }),

    /** GET /tag/kanban/: the board's lanes, by position then name (the route checks the plan flag useKanban). */
    async lanes(ctx: TenantContext) {
      return repo.listTags(db, ctx, { kanban: 1 });
    },

    async create(ctx: TenantContext, b: CreateTagBody) {
      const kanban = b.kanban ?? 0;
      if (kanban === 1 && !planAllows(ctx.plan, 'useKanban')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      await checkLanes(ctx, b);
      const row = await repo.insertTag(db, ctx, { name: b.name, color: b.color ?? randomColor(), kanban, userId: ctx.user.id });
      if (!row) throw new AppError('ERR_TAG_ALREADY_EXISTS', 409);
      const lane = laneFields(b);
      const saved = Object.keys(lane).length ? ((await repo.updateTag(db, ctx, row.id, lane)) ?? row) : row;
      const tag = repo.toTagDto(saved);
      recordAudit(deps, ctx, { action: 'tag.create', entity: 'tag', entityId: tag.id, after: tag });
      await publishTag(ctx, 'create', tag.id);
      return tag;
    },

    /** GET /tags: the tags page (search, kanban filter, 20 per page, contact and ticket counts). */
    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber: number; kanban?: number; tagId?: number }) {
      const page = await repo.pageTags(db, ctx, {
        search: q.searchParam,
        kanban: q.kanban,
        tagId: q.tagId,
        offset: (q.pageNumber - 1) * TAGS_PAGE_SIZE,
        limit: TAGS_PAGE_SIZE,
      });
      return { tags: page.rows, hasMore: page.hasMore, count: page.count };
    },

    async show(ctx: TenantContext, id: number) {
      return repo.toTagDto(await mustFindTag(ctx, id));
    },

    async update(ctx: TenantContext, id: number, b: TagFormBody) {
      const before = await mustFindTag(ctx, id);
      const kanban = b.kanban ?? before.kanban;
      if (kanban === 1 && before.kanban !== 1 && !planAllows(ctx.plan, 'useKanban')) {
        throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      }
      await checkLanes(ctx, b, id);
      const row = await repo.updateTag(db, ctx, id, { name: b.name, color: b.color, kanban, ...laneFields(b) }).catch((err) => {
        if (isUniqueViolation(err, 'tags_company_name_unique')) throw new AppError('ERR_TAG_ALREADY_EXISTS', 409);
        throw err;
      });
      if (!row) throw new AppError('ERR_NO_TAG_FOUND', 404);
      recordAudit(deps, ctx, {
        action: 'tag.update',
        entity: 'tag',
        entityId: id,
        before: repo.toTagDto(before),
        after: repo.toTagDto(row),
      });
      await publishTag(ctx, 'update', id);
      return repo.toTagDto(row);
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFindTag(ctx, id);
      if (!(await repo.deleteTag(db, ctx, id))) throw new AppError('ERR_NO_TAG_FOUND', 404);
      recordAudit(deps, ctx, { action: 'tag.delete', entity: 'tag', entityId: id, before: repo.toTagDto(before) });
      deps.realtime.publish(ctx.companyId, 'tag', { action: 'delete', tagId: id });
    },

    /** The tag-contacts dialog (numbers masked for profile users under LGPD hiding). */
    async contacts(ctx: TenantContext, tagId: number, pageNumber: number) {
      await mustFindTag(ctx, tagId);
      const s = await findCompanySettings(db, ctx);
      const mask = !isAdmin(ctx.user) && s !== null && lgpdHidesNumbers(s);
      const page = await repo.tagContacts(db, ctx, tagId, { offset: (pageNumber - 1) * TAGS_PAGE_SIZE, limit: TAGS_PAGE_SIZE });
      return {
        contacts: page.rows.map((r) => ({
          id: r.id,
          name: r.name,
          number: mask && !r.isGroup ? maskPhoneNumber(r.number) : r.number,
        })),
        hasMore: page.hasMore,
        count: page.count,
      };
    },

    /** DELETE /tags-contacts/:tagId/:contactId: the link goes; the tag's count and the contact's tags update live. */
    async unlinkContact(ctx: TenantContext, tagId: number, contactId: number) {
      await mustFindTag(ctx, tagId);
      await mustFindContact(ctx, contactId);
      if (!(await repo.unlinkContact(db, ctx, tagId, contactId))) throw new AppError('ERR_NOT_FOUND', 404);
      await publishTag(ctx, 'update', tagId);
      const tags = await repo.contactTagRefs(db, ctx, contactId);
      deps.realtime.publish(ctx.companyId, 'contact', { action: 'update', contactId, contact: { id: contactId, tags } });
    },

    async contactTags(ctx: TenantContext, contactId: number) {
      await mustFindContact(ctx, contactId);
      return repo.contactTagRefs(db, ctx, contactId);
    },

    /** The contact's tags become the given ones (by id, or by name: created when new). */
    async syncContact(ctx: TenantContext, b: SyncContactTagsBody) {
      await mustFindContact(ctx, b.contactId);
      const byId: number[] = [];
      const byName: string[] = [];
      for (const t of b.tags) {
        if (typeof t === 'number') byId.push(t);
        else if (t.id) byId.push(t.id);
        else if (t.name) byName.push(t.name);
      }
      const known = await repo.existingTagIds(db, ctx, byId);
      if (known.length !== new Set(byId).size) throw new AppError('ERR_NO_TAG_FOUND', 404);
      const named = await repo.tagIdsByName(db, ctx, byName, ctx.user.id);
      await repo.replaceContactTags(db, ctx, b.contactId, [...new Set([...known, ...named])]);
      const result = await repo.contactTagRefs(db, ctx, b.contactId);
      const live = await repo.liveTicketIdsOfContact(db, ctx, b.contactId);
      const to = new Set<string>([rooms.admins()]);
      for (const id of live) {
        const t = await tickets.mustFindVisible(ctx, id).catch(() => null);
        if (t) for (const r of await tickets.audience(ctx, t)) to.add(r);
      }
      deps.realtime.publish(
        ctx.companyId,
        'contact',
        { action: 'update', contactId: b.contactId, contact: { id: b.contactId, tags: result } },
        [...to],
      );
      return result;
    },

    async addToTicket(ctx: TenantContext, ticketId: number, tagId: number) {
      await tickets.mustFindVisible(ctx, ticketId);
      const tag = await mustFindTag(ctx, tagId);
      const added = await repo.addTicketTag(db, ctx, ticketId, tagId);
      // Entering a kanban lane sends the lane's greeting (kanban.lanes).
      if (added && tag.kanban === 1) await lanes?.entered(ctx, ticketId, tagId);
      await tickets.publishTicket(ctx, ticketId);
    },

    async removeFromTicket(ctx: TenantContext, ticketId: number, tagId?: number) {
      await tickets.mustFindVisible(ctx, ticketId);
      await repo.removeTicketTags(db, ctx, ticketId, tagId);
      await tickets.publishTicket(ctx, ticketId);
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
