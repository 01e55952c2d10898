import {
  isAdmin,
  type KanbanTicketDto,
  type KanbanTicketsQuery,
  lgpdHidesNumbers,
  maskPhoneNumber,
  type TagRefDto,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { findCompanySettings } from '../settings/settings.public';
import { loadViewer } from '../tickets/tickets.public';
import * as repo from './kanban.repository';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The kanban board (seed 002 §2.8): live tickets of the user's queues as cards; lanes are the kanban tags. */
export function createKanbanService(deps: CoreDeps) {
  const { db } = deps.database;

  return {
    /** GET /ticket/kanban: only the user's own queues (the queueIds asked are narrowed to them), never others' tickets they could not open. */
    async tickets(ctx: TenantContext, q: KanbanTicketsQuery): Promise<{ tickets: KanbanTicketDto[] }> {
      const viewer = await loadViewer(db, ctx);
      // An admin who belongs to no queue sees every queue (else nobody could manage the board of a company without queues).
      const everyQueue = viewer.admin && !viewer.queueIds.length;
      const queueIds = everyQueue ? q.queueIds : (q.queueIds ?? viewer.queueIds).filter((id) => viewer.queueIds.includes(id));
      if (!everyQueue && !queueIds?.length) return { tickets: [] };
      const settings = await findCompanySettings(db, ctx);
      const mask = !isAdmin(ctx.user) && settings !== null && lgpdHidesNumbers(settings);
      const rows = await repo.kanbanTickets(db, ctx, viewer, {
        queueIds,
        startDate: q.startDate,
        endDate: q.endDate,
        timezone: ctx.company.timezone,
      });
      return {
        tickets: rows.map((r) => ({
          id: Number(r.id),
          uuid: r.uuid,
          status: r.status,
          contactId: Number(r.contact_id),
          contact: {
            id: Number(r.contact_id),
            name: r.contact_name,
            number: mask && !r.contact_is_group ? maskPhoneNumber(r.contact_number) : r.contact_number,
            urlPicture: r.contact_picture ?? '',
            tags: json<TagRefDto[]>(r.contact_tags),
          },
          channel: r.channel,
          whatsapp: r.whatsapp_id ? { id: Number(r.whatsapp_id), name: r.whatsapp_name ?? '' } : null,
          user: r.user_id ? { id: Number(r.user_id), name: r.user_name ?? '' } : null,
          queueId: r.queue_id === null ? null : Number(r.queue_id),
          tags: json<TagRefDto[]>(r.tags),
          unreadMessages: Number(r.unread_messages),
          lastMessage: r.last_message,
          updatedAt: new Date(r.updated_at),
        })),
      };
    },
  };
}

export type KanbanService = ReturnType<typeof createKanbanService>;
