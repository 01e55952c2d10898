/**
 * What other modules may use of tickets besides its service (docs/architecture.md, the module rule): the one
 * audience rule of a ticket's events, the one way to close a ticket (for a caller inside its own transaction: the
 * automation, ingest's import closing), the automatic texts' placeholders, the row type, and who sees which ticket
 * (the dashboard's figures follow the inbox's visibility: `loadViewer` + `visibleScopeSql`).
 */
import type { TicketRef } from '@atendo/shared';
import type { Db } from '../../db/open';
import type { Tenant, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type Viewer, viewerOf } from './tickets.access';
import { findTicketIdByUuid, userQueueIds } from './tickets.repository';

export { type ScopeColumns, type Viewer, visibleScopeSql } from './tickets.access';
export { createTicketAudience, type TicketAudience, type TicketScope } from './tickets.audience';
export { closeImportedTickets, closeTicket } from './tickets.close';
export {
  findContact as findTicketContact,
  findQueueRef,
  findTicket,
  findUserRef,
  insertLog as insertTicketLog,
  type TicketRow,
} from './tickets.repository';
export { formatTemplate } from './tickets.templates';

/**
 * The ticket number a path names (`/messages/{ticketId}` with the number or the uuid): a uuid is looked up in the
 * caller's company only, so another company's uuid answers 404 as its number does.
 */
export async function ticketIdOf(db: Db, ctx: Tenant, ref: TicketRef): Promise<number> {
  if (typeof ref === 'number') return ref;
  const id = await findTicketIdByUuid(db, ctx, ref);
  if (id === null) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  return id;
}

/** `ticketIdOf` for a route whose path has `:ticketId` (TicketIdParams, TicketTagParams). */
export const ticketOfPath =
  (db: Db) =>
  (req: { ctx: Tenant; params: { ticketId: TicketRef } }): Promise<number> =>
    ticketIdOf(db, req.ctx, req.params.ticketId);

/** The caller as the inbox's visibility rule sees them (their queues read once). */
export async function loadViewer(db: Db, ctx: TenantContext): Promise<Viewer> {
  return viewerOf(ctx, await userQueueIds(db, ctx, ctx.user.id));
}
