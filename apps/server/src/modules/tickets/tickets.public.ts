/**
 * What other modules may use of tickets besides its service (docs/architecture.md, the module rule): the one
 * audience rule of a ticket's events, the one way to close a ticket (for a caller inside its own transaction: the
 * automation, ingest's import closing), the automatic texts' placeholders, the row type, and who sees which ticket
 * (the dashboard's figures follow the inbox's visibility: `loadViewer` + `visibleScopeSql`).
 */
import type { Db } from '../../db/open';
import type { TenantContext } from '../../platform/context';
import { type Viewer, viewerOf } from './tickets.access';
import { userQueueIds } from './tickets.repository';

export { type ScopeColumns, type Viewer, visibleScopeSql } from './tickets.access';
export { createTicketAudience, type TicketAudience, type TicketScope } from './tickets.audience';
export { closeImportedTickets, closeTicket } from './tickets.close';
export { insertLog as insertTicketLog, type TicketRow } from './tickets.repository';
export { formatTemplate } from './tickets.templates';

/** The caller as the inbox's visibility rule sees them (their queues read once). */
export async function loadViewer(db: Db, ctx: TenantContext): Promise<Viewer> {
  return viewerOf(ctx, await userQueueIds(db, ctx, ctx.user.id));
}
