import { type CreateTagBody, planAllows, type SyncContactTagsBody } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './tags.repository';

/** Tags as the conversation uses them (seed 000 §7); the tags page and kanban extend this module. */
export function createTagsService(deps: CoreDeps, tickets: TicketsService) {
  const { db } = deps.database;

  async function mustFindTag(ctx: TenantContext, id: number) {
    const tag = await repo.findTag(db, ctx, id);
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
    return tag;
  }

  async function mustFindContact(ctx: TenantContext, contactId: number) {
    if (!(await repo.contactExists(db, ctx, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  }

  return {
    list: (ctx: TenantContext, f: { kanban?: number; searchParam?: string }) =>
      repo.listTags(db, ctx, { kanban: f.kanban, search: f.searchParam }),

    async create(ctx: TenantContext, b: CreateTagBody) {
      const kanban = b.kanban ?? 0;
      if (kanban === 1 && !planAllows(ctx.plan, 'useKanban')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      const row = await repo.insertTag(db, ctx, { name: b.name, color: b.color ?? '#7C7C7C', kanban, userId: ctx.user.id });
      if (!row) throw new AppError('ERR_TAG_ALREADY_EXISTS', 409);
      const tag = repo.toTagDto(row);
      deps.realtime.publish(ctx.companyId, 'tag', { action: 'create', tag });
      return tag;
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
      await mustFindTag(ctx, tagId);
      await repo.addTicketTag(db, ctx, ticketId, tagId);
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
