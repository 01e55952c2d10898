import { type CreateTicketNoteBody, isAdmin } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './ticket-notes.repository';

/** Ticket notes (seed 000 §3): the team's notes on an attendance, never sent to the contact. */
export function createTicketNotesService(deps: CoreDeps, tickets: TicketsService) {
  const { db } = deps.database;

  return {
    async create(ctx: TenantContext, b: CreateTicketNoteBody) {
      const ticket = await tickets.mustFindVisible(ctx, b.ticketId);
      if (ticket.contactId !== b.contactId) throw fieldError('contactId', 'validation.invalid');
      return repo.insertNote(db, ctx, b);
    },

    /** By ticket (the caller must see it), or by contact (notes of the contact's tickets). */
    async list(ctx: TenantContext, q: { ticketId?: number; contactId?: number }) {
      if (q.ticketId) await tickets.mustFindVisible(ctx, q.ticketId);
      else if (!q.contactId || !(await tickets.findContact(ctx, q.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      return repo.listNotes(db, ctx, q);
    },

    /** The author or an admin. */
    async remove(ctx: TenantContext, id: number) {
      const note = await repo.findNote(db, ctx, id);
      if (!note) throw new AppError('ERR_NOT_FOUND', 404);
      if (note.userId !== ctx.user.id && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION', 403);
      await repo.deleteNote(db, ctx, id);
      recordAudit(deps, ctx, { action: 'ticketNote.delete', entity: 'ticketNote', entityId: id, before: note });
    },
  };
}

export type TicketNotesService = ReturnType<typeof createTicketNotesService>;
