/**
 * What other modules may use of tickets besides its service (docs/architecture.md, the module rule): the one
 * audience rule of a ticket's events, the one way to close a ticket (for a caller inside its own transaction: the
 * automation, ingest's import closing), the automatic texts' placeholders, and the row type.
 */
export { createTicketAudience, type TicketAudience, type TicketScope } from './tickets.audience';
export { closeImportedTickets, closeTicket } from './tickets.close';
export type { TicketRow } from './tickets.repository';
export { formatTemplate } from './tickets.templates';
